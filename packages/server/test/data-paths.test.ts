// Data directories are read literally: a `*`, `?` or `[` in a --data path names that directory,
// never a DuckDB glob over its neighbours (which would serve another directory's customers).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literalPath } from '../src/data/load';
import { datasetFromRecords, loadDataset, type SessionRecord, writeDataset } from '../src/index';

let root: string;
const session = (customer: string): SessionRecord => ({
  customer_id: customer,
  session_id: `${customer}-1`,
  subscriber_id: 'u1',
  country: 'US',
  platform: 'web',
  player: 'html5',
  start_ts: 1_700_000_000,
  end_ts: 1_700_000_600,
  startup_ms: 800,
  watch_ms: 500_000,
  rebuffer_ms: 0,
});

/** Writes one customer's data set as CSV into `root/<name>`. */
async function write(name: string, customer: string): Promise<void> {
  const db = await datasetFromRecords({ sessions: [session(customer)], errors: [] });
  try {
    mkdirSync(join(root, name), { recursive: true });
    await writeDataset(db, { dir: join(root, name), format: 'csv' });
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'playq-paths-'));
  for (const [name, customer] of [
    ['g*', 'star'],
    ['gx', 'neighbour-x'],
    ['q?', 'question'],
    ['qz', 'neighbour-z'],
    ['x[1]', 'bracket'],
    ['x1', 'neighbour-1'],
  ]) {
    await write(name!, customer!);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('loadDataset with glob characters in the path', () => {
  it.each([
    ['g*', 'star'],
    ['q?', 'question'],
    ['x[1]', 'bracket'],
    ['gx', 'neighbour-x'],
  ])('reads only %s', async (name, customer) => {
    const db = await loadDataset(join(root, name));
    try {
      expect(db.stats().customers).toStrictEqual([customer]);
      expect(db.stats().sessions).toBe(1);
    } finally {
      await db.close();
    }
  });
});

describe('literalPath', () => {
  it('makes the path absolute and escapes each glob character as a one-character class', () => {
    expect(literalPath('/srv/a*b?c[d]/sessions.csv')).toBe('/srv/a[*]b[?]c[[]d]/sessions.csv');
    expect(literalPath('/srv/{a,b}/sessions.csv')).toBe('/srv/{a,b}/sessions.csv');
    expect(literalPath('~/x.csv')).toBe(join(process.cwd(), '~/x.csv'));
  });
});
