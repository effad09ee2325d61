// The plan memo on its own: it returns what was kept for a key, forgets the least recently used
// beyond its bound, never keeps a key longer than MAX_KEY_LENGTH, and keeps nothing at size 0.
import { describe, expect, it } from 'vitest';
import { emptyPlan } from '../src/sql/plan';
import { MAX_KEY_LENGTH, PlanMemo } from '../src/sql/plan-memo';

const remembered = (limit: number) => ({ plan: emptyPlan([]), limit, offset: 0 });

describe('PlanMemo', () => {
  it('returns what was kept, and forgets the least recently used beyond its bound', () => {
    const memo = new PlanMemo(2);
    memo.set('a', remembered(1));
    memo.set('b', remembered(2));
    expect(memo.get('a')?.limit).toBe(1);
    memo.set('c', remembered(3));
    expect([memo.get('b'), memo.get('a')?.limit, memo.get('c')?.limit, memo.size]).toStrictEqual([
      undefined,
      1,
      3,
      2,
    ]);
    memo.set('a', remembered(4));
    expect([memo.get('a')?.limit, memo.size]).toStrictEqual([4, 2]);
  });

  it('keeps no key longer than MAX_KEY_LENGTH, and nothing at size 0', () => {
    const memo = new PlanMemo(10);
    memo.set('x'.repeat(MAX_KEY_LENGTH), remembered(1));
    memo.set('y'.repeat(MAX_KEY_LENGTH + 1), remembered(2));
    expect([
      memo.get('x'.repeat(MAX_KEY_LENGTH))?.limit,
      memo.get('y'.repeat(MAX_KEY_LENGTH + 1)),
    ]).toStrictEqual([1, undefined]);
    const none = new PlanMemo(0);
    none.set('a', remembered(1));
    expect([none.get('a'), none.size]).toStrictEqual([undefined, 0]);
  });
});
