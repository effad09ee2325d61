// A tolerant scan of period text (`start=1767225600,end=1767312000`): spans for highlighting and
// the state completion needs (which key is being written, which keys are already used).

import { scanNumber } from '../internal/number';
import { isDigit, isIdentPart, isIdentStart, isSpace } from '../text';
import type { SlotAt } from './slot';
import type { SpanList } from './token-spans';

type Expect = 'key' | 'equals' | 'number' | 'comma';

/** @internal The state at the end of a scan. */
export interface PeriodEnd {
  expect: Expect;
  key: string;
  used: string[];
  lastFrom: number;
  lastTo: number;
  lastKind: 'identifier' | 'number' | 'other' | 'none';
  expectBeforeLast: Expect;
}

const NEXT: Record<Expect, Expect> = { key: 'equals', equals: 'number', number: 'comma', comma: 'key' };

function tokenAt(text: string, i: number): { to: number; kind: Expect | 'invalid' } {
  const c = text.charCodeAt(i);
  if (isIdentStart(c)) {
    let j = i + 1;
    while (j < text.length && isIdentPart(text.charCodeAt(j))) j++;
    return { to: j, kind: 'key' };
  }
  if (isDigit(c) || c === 45) {
    const stop = scanNumber(text, i);
    if (typeof stop === 'number') return { to: stop, kind: 'number' };
    return { to: Math.max(i + 1, stop.offset + stop.length), kind: 'invalid' };
  }
  if (c === 61) return { to: i + 1, kind: 'equals' };
  if (c === 44) return { to: i + 1, kind: 'comma' };
  return { to: i + 1, kind: 'invalid' };
}

const ROLE = { key: 'key', equals: 'operator', number: 'number', comma: 'separator' } as const;

/** @internal Scan `text`, adding spans to `out` when given. */
export function scanPeriod(text: string, out?: SpanList): PeriodEnd {
  const end: PeriodEnd = {
    expect: 'key',
    key: '',
    used: [],
    lastFrom: 0,
    lastTo: 0,
    lastKind: 'none',
    expectBeforeLast: 'key',
  };
  let i = 0;
  while (i < text.length) {
    if (isSpace(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const { to, kind } = tokenAt(text, i);
    const before = end.expect;
    if (kind === before) {
      out?.add(i, to, ROLE[kind]);
      if (kind === 'key') {
        end.key = text.slice(i, to).toLowerCase();
        end.used.push(end.key);
      }
      end.expect = NEXT[kind];
    } else out?.add(i, to, 'invalid');
    end.lastFrom = i;
    end.lastTo = to;
    end.lastKind = kind === 'key' ? 'identifier' : kind === 'number' ? 'number' : 'other';
    end.expectBeforeLast = before;
    i = to;
  }
  return end;
}

/** @internal The slots open at the end of `prefix`; `text` is the whole text, for ranges. */
export function periodSlots(prefix: string, text: string): SlotAt[] {
  const end = scanPeriod(prefix);
  const at = prefix.length;
  const touching = end.lastKind !== 'none' && end.lastTo === at;
  if (touching && end.lastKind === 'identifier' && end.expectBeforeLast === 'key') {
    let to = at;
    while (to < text.length && isIdentPart(text.charCodeAt(to))) to++;
    const used = end.used.slice(0, -1);
    return [
      { slot: { type: 'period-key', partial: prefix.slice(end.lastFrom), used }, from: end.lastFrom, to },
    ];
  }
  if (touching && end.lastKind === 'number' && end.expectBeforeLast === 'number') {
    const partial = prefix.slice(end.lastFrom);
    return [{ slot: { type: 'period-number', key: end.key, partial }, from: end.lastFrom, to: at }];
  }
  if (touching && end.lastKind !== 'other') return [];
  switch (end.expect) {
    case 'key':
      return [{ slot: { type: 'period-key', partial: '', used: end.used }, from: at, to: at }];
    case 'equals':
      return [{ slot: { type: 'period-equals' }, from: at, to: at }];
    case 'number':
      return [{ slot: { type: 'period-number', key: end.key, partial: '' }, from: at, to: at }];
    default:
      return [{ slot: { type: 'period-comma' }, from: at, to: at }];
  }
}
