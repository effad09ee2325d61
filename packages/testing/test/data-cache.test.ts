import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { metricQuery } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService } from '../src/service/test-service';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'playq-cache-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const totals = (t: Awaited<ReturnType<typeof createTestService>>) =>
  t.client.all(
    metricQuery('demo').period(t.period).metrics('viewercount', 'users', 'errors').aggBy('platform'),
  );

describe('the on-disk data cache', () => {
  it('serves the same data as generating afresh, and deletes its private copy on close', async () => {
    const options = { seed: 21, sessions: 3_000, cache: dir } as const;
    const first = await createTestService(options);
    const masters = (await readdir(dir)).filter((f) => f.endsWith('.duckdb'));
    expect(masters).toHaveLength(1);
    expect(await readdir(join(dir, 'open'))).toHaveLength(1);
    const second = await createTestService(options);
    expect(await readdir(join(dir, 'open'))).toHaveLength(2);
    const fresh = await createTestService({ ...options, cache: false });
    try {
      const [a, b, c] = await Promise.all([totals(first), totals(second), totals(fresh)]);
      expect(b).toEqual(a);
      expect(c).toEqual(a);
    } finally {
      await Promise.all([first.close(), second.close(), fresh.close(), first.close()]);
    }
    expect(await readdir(join(dir, 'open'))).toEqual([]);
    expect((await readdir(dir)).filter((f) => f.endsWith('.duckdb'))).toEqual(masters);
  }, 60_000);

  it('regenerates a damaged cache entry', async () => {
    const options = { seed: 22, sessions: 1_000, cache: dir } as const;
    const before = new Set(await readdir(dir));
    const first = await createTestService(options);
    const reference = await totals(first);
    await first.close();
    const master = (await readdir(dir)).find((f) => f.endsWith('.duckdb') && !before.has(f))!;
    await writeFile(join(dir, master), 'not a database');
    const again = await createTestService(options);
    try {
      expect(await totals(again)).toEqual(reference);
    } finally {
      await again.close();
    }
  }, 60_000);
});
