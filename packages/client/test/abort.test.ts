// The abort helpers on their own: the reason an aborted signal stands for, racing a promise that
// ignores its signal, abortable sleeps, and controllers linked to a parent signal (listeners removed).
import { describe, expect, it } from 'vitest';
import { abortReason, linkedController, raceSignal, sleep } from '../src/transport/abort';

/** A signal whose listener count can be read, to check that helpers clean up after themselves. */
function countingSignal() {
  const controller = new AbortController();
  const signal = controller.signal;
  let listeners = 0;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((...args: Parameters<typeof add>) => {
    listeners++;
    add(...args);
  }) as typeof add;
  signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
    listeners--;
    remove(...args);
  }) as typeof remove;
  return { controller, signal, listeners: () => listeners };
}

describe('abortReason', () => {
  it("is the signal's reason, or a standard AbortError", () => {
    const c = new AbortController();
    c.abort('why');
    expect(abortReason(c.signal)).toBe('why');
    const plain = { reason: undefined } as AbortSignal;
    const e = abortReason(plain) as DOMException;
    expect([e instanceof DOMException, e.name, e.message]).toStrictEqual([
      true,
      'AbortError',
      'This operation was aborted',
    ]);
  });
});

describe('raceSignal', () => {
  it('passes the promise through without a signal', async () => {
    const p = Promise.resolve(1);
    expect(raceSignal(p, undefined)).toBe(p);
  });

  it('rejects at once with the reason of an already aborted signal', async () => {
    const c = new AbortController();
    c.abort(new Error('gone'));
    await expect(raceSignal(Promise.reject(new Error('ignored')), c.signal)).rejects.toThrow('gone');
  });

  it('settles like the promise and removes its listener', async () => {
    const s = countingSignal();
    await expect(raceSignal(Promise.resolve(7), s.signal)).resolves.toBe(7);
    expect(s.listeners()).toBe(0);
    await expect(raceSignal(Promise.reject(new Error('bad')), s.signal)).rejects.toThrow('bad');
    expect(s.listeners()).toBe(0);
  });

  it('rejects with the reason when the signal aborts first', async () => {
    const c = new AbortController();
    const never = new Promise<number>(() => {});
    const raced = raceSignal(never, c.signal);
    c.abort(new Error('stop'));
    await expect(raced).rejects.toThrow('stop');
  });
});

describe('sleep', () => {
  it('waits about the given time', async () => {
    const t0 = performance.now();
    await sleep(30);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(25);
  });

  it('rejects at once when already aborted, and early when aborted while waiting', async () => {
    const c = new AbortController();
    c.abort(new Error('now'));
    await expect(sleep(10_000, c.signal)).rejects.toThrow('now');
    const s = countingSignal();
    const t0 = performance.now();
    const waiting = sleep(10_000, s.signal);
    s.controller.abort(new Error('later'));
    await expect(waiting).rejects.toThrow('later');
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  it('removes its listener when the time is up', async () => {
    const s = countingSignal();
    await sleep(1, s.signal);
    expect(s.listeners()).toBe(0);
  });
});

describe('linkedController', () => {
  it('is a plain controller without a parent', () => {
    const { controller, dispose } = linkedController(undefined);
    dispose();
    expect(controller.signal.aborted).toBe(false);
  });

  it('starts aborted, with the reason, when the parent already is', () => {
    const parent = new AbortController();
    parent.abort('before');
    const { controller } = linkedController(parent.signal);
    expect([controller.signal.aborted, controller.signal.reason]).toStrictEqual([true, 'before']);
  });

  it("follows the parent's abort with its reason until disposed", () => {
    const parent = countingSignal();
    const linked = linkedController(parent.signal);
    expect(parent.listeners()).toBe(1);
    parent.controller.abort('after');
    expect([linked.controller.signal.aborted, linked.controller.signal.reason]).toStrictEqual([
      true,
      'after',
    ]);

    const other = countingSignal();
    const disposed = linkedController(other.signal);
    disposed.dispose();
    expect(other.listeners()).toBe(0);
    other.controller.abort('late');
    expect(disposed.controller.signal.aborted).toBe(false);
  });
});
