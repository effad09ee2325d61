// InFlightRuns' rules one by one: who starts the work, who joins it, when the entry leaves the map, and
// that a caller's signal stops mattering once its run has settled.
import { describe, expect, it } from 'vitest';
import { QueryCancelledError } from '../src/exec/admission';
import { InFlightRuns } from '../src/exec/in-flight';
import { flush } from './queue-helpers';

/** Work that records each start and settles only when the test says so. */
function controllableWork<T>() {
  const starts: { signal: AbortSignal; resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const work = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      starts.push({ signal, resolve, reject });
    });
  return { work, starts };
}

describe('InFlightRuns.join', () => {
  it('refuses a caller whose signal is already aborted, without starting any work', async () => {
    const runs = new InFlightRuns<number>();
    const { work, starts } = controllableWork<number>();
    const gone = new AbortController();
    gone.abort();
    await expect(runs.join('k', gone.signal, work)).rejects.toBeInstanceOf(QueryCancelledError);
    expect(starts).toHaveLength(0);
    expect(runs.size).toBe(0);
  });

  it('starts the work once for concurrent callers of one key and gives each the same value', async () => {
    const runs = new InFlightRuns<string>();
    const { work, starts } = controllableWork<string>();
    const first = runs.join('k', undefined, work);
    const second = runs.join('k', undefined, work);
    const other = runs.join('other', undefined, work);
    expect(starts).toHaveLength(2);
    expect(runs.size).toBe(2);
    starts[0]?.resolve('shared');
    starts[1]?.resolve('own');
    expect(await Promise.all([first, second, other])).toStrictEqual(['shared', 'shared', 'own']);
  });

  it('forgets a run once it has settled, so the next caller starts fresh work', async () => {
    const runs = new InFlightRuns<number>();
    const { work, starts } = controllableWork<number>();
    const first = runs.join('k', undefined, work);
    starts[0]?.resolve(1);
    expect(await first).toBe(1);
    expect(runs.size).toBe(0);
    const second = runs.join('k', undefined, work);
    expect(starts).toHaveLength(2);
    starts[1]?.resolve(2);
    expect(await second).toBe(2);
    expect(runs.size).toBe(0);
  });

  it('forgets a failed run too and hands each waiter the same error', async () => {
    const runs = new InFlightRuns<number>();
    const { work, starts } = controllableWork<number>();
    const a = runs.join('k', new AbortController().signal, work).catch((e: unknown) => e);
    const b = runs.join('k', undefined, work).catch((e: unknown) => e);
    const failure = new Error('disk on fire');
    starts[0]?.reject(failure);
    expect(await a).toBe(failure);
    expect(await b).toBe(failure);
    expect(runs.size).toBe(0);
  });

  it('removes the entry the moment its last waiter leaves, before the work has even stopped', async () => {
    const runs = new InFlightRuns<number>();
    const { work, starts } = controllableWork<number>(); // ignores its abort signal
    const caller = new AbortController();
    const left = runs.join('k', caller.signal, work).catch((e: unknown) => e);
    caller.abort();
    expect(runs.size).toBe(0);
    expect(starts[0]?.signal.aborted).toBe(true);
    expect(starts[0]?.signal.reason).toBeInstanceOf(QueryCancelledError);
    expect(await left).toBeInstanceOf(QueryCancelledError);
    // A new caller does not join the abandoned run: it starts its own.
    const next = runs.join('k', undefined, work);
    expect(starts).toHaveLength(2);
    starts[1]?.resolve(7);
    expect(await next).toBe(7);
  });

  it('does not let an abandoned run, settling late, evict the run that replaced it', async () => {
    const runs = new InFlightRuns<number>();
    const { work, starts } = controllableWork<number>();
    const caller = new AbortController();
    const abandoned = runs.join('k', caller.signal, work).catch((e: unknown) => e);
    caller.abort();
    await abandoned;
    const replacement = runs.join('k', undefined, work); // starts[1]
    starts[0]?.resolve(0); // the abandoned work finishes after all
    await flush();
    expect(runs.size).toBe(1);
    const joiner = runs.join('k', undefined, work); // joins the replacement, starts nothing
    expect(starts).toHaveLength(2);
    starts[1]?.resolve(5);
    expect(await Promise.all([replacement, joiner])).toStrictEqual([5, 5]);
  });

  it('stops listening to a caller once its run has resolved: a late abort cancels nothing', async () => {
    const runs = new InFlightRuns<number>();
    const { work, starts } = controllableWork<number>();
    const caller = new AbortController();
    const done = runs.join('k', caller.signal, work);
    starts[0]?.resolve(3);
    expect(await done).toBe(3);
    caller.abort();
    expect(starts[0]?.signal.aborted).toBe(false);
  });

  it('stops listening to a caller once its run has failed: a late abort cancels nothing', async () => {
    const runs = new InFlightRuns<number>();
    const { work, starts } = controllableWork<number>();
    const caller = new AbortController();
    const failed = runs.join('k', caller.signal, work).catch((e: unknown) => e);
    starts[0]?.reject(new Error('no'));
    expect(await failed).toStrictEqual(new Error('no'));
    caller.abort();
    expect(starts[0]?.signal.aborted).toBe(false);
  });
});
