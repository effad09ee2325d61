// The plan memo on its own: it returns what was kept for a key, forgets the least recently used
// beyond its bound, never keeps a key longer than MAX_KEY_LENGTH, keeps nothing at size 0, and
// finds a plan only for the target it was compiled for.
import { describe, expect, it } from 'vitest';
import { MAX_KEY_LENGTH, PlanMemo } from '../src/exec/plan-memo';
import { DUCKDB_CODED, DUCKDB_RAW } from '../src/sql/dialect';
import { emptyPlan } from '../src/sql/plan';

const T = DUCKDB_CODED;
const remembered = (limit: number) => ({ plan: emptyPlan([]), limit, offset: 0 });

describe('PlanMemo', () => {
  it('returns what was kept, and forgets the least recently used beyond its bound', () => {
    const memo = new PlanMemo(2);
    memo.set('a', remembered(1), T);
    memo.set('b', remembered(2), T);
    expect(memo.get('a', T)?.limit).toBe(1);
    memo.set('c', remembered(3), T);
    expect([memo.get('b', T), memo.get('a', T)?.limit, memo.get('c', T)?.limit, memo.size]).toStrictEqual([
      undefined,
      1,
      3,
      2,
    ]);
    memo.set('a', remembered(4), T);
    expect([memo.get('a', T)?.limit, memo.size]).toStrictEqual([4, 2]);
  });

  it('keeps no key longer than MAX_KEY_LENGTH, and nothing at size 0', () => {
    const memo = new PlanMemo(10);
    memo.set('x'.repeat(MAX_KEY_LENGTH), remembered(1), T);
    memo.set('y'.repeat(MAX_KEY_LENGTH + 1), remembered(2), T);
    expect([
      memo.get('x'.repeat(MAX_KEY_LENGTH), T)?.limit,
      memo.get('y'.repeat(MAX_KEY_LENGTH + 1), T),
    ]).toStrictEqual([1, undefined]);
    const none = new PlanMemo(0);
    none.set('a', remembered(1), T);
    expect([none.get('a', T), none.size]).toStrictEqual([undefined, 0]);
  });

  it('finds a plan only for the target it was compiled for, and forgets it for another', () => {
    const memo = new PlanMemo(10);
    const plain = Object.freeze({ ...DUCKDB_RAW, derivedTables: false });
    memo.set('a', remembered(1), plain);
    expect(memo.get('a', plain)?.limit).toBe(1);
    expect([memo.get('a', DUCKDB_RAW), memo.size, memo.get('a', plain)]).toStrictEqual([
      undefined,
      0,
      undefined,
    ]);
  });
});
