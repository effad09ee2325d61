// A tolerant scan of qoefilter text (`bufferingratio>5 AND latency<=2.5`): spans for highlighting,
// and the state completion needs. A token in the wrong place is marked and skipped, so the rest
// of the text still gets its colours.

import { scanNumber } from '../internal/number';
import { isDigit, isIdentPart, isIdentStart, isSpace } from '../text';
import type { SlotAt } from './slot';
import type { SpanList } from './token-spans';

type Expect = 'metric' | 'operator' | 'number' | 'and';

/** @internal The state at the end of a scan, and the last token (to tell a word being typed). */
export interface QoeEnd {
  expect: Expect;
  lastFrom: number;
  lastTo: number;
  lastKind: 'identifier' | 'operator' | 'number' | 'invalid' | 'none';
  expectBeforeLast: Expect;
}

function operatorLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  const eq = text.charCodeAt(i + 1) === 61;
  if (c === 62 || c === 60) return eq ? 2 : 1;
  if (c === 61) return 1;
  if (c === 33) return eq ? 2 : 0;
  return 0;
}

/** @internal Scan `text`, adding spans to `out` when given. */
export function scanQoeFilter(text: string, out?: SpanList): QoeEnd {
  const n = text.length;
  const end: QoeEnd = {
    expect: 'metric',
    lastFrom: 0,
    lastTo: 0,
    lastKind: 'none',
    expectBeforeLast: 'metric',
  };
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    const before = end.expect;
    let j = i + 1;
    let kind: QoeEnd['lastKind'] = 'invalid';
    if (isIdentStart(c)) {
      while (j < n && isIdentPart(text.charCodeAt(j))) j++;
      kind = 'identifier';
      if (before === 'metric') {
        out?.add(i, j, 'metric');
        end.expect = 'operator';
      } else if (before === 'and' && j - i === 3 && text.slice(i, j).toLowerCase() === 'and') {
        out?.add(i, j, 'keyword');
        end.expect = 'metric';
      } else out?.add(i, j, 'invalid');
    } else if (isDigit(c) || c === 45) {
      const stop = scanNumber(text, i);
      if (typeof stop === 'number') {
        j = stop;
        kind = 'number';
      } else j = Math.max(i + 1, stop.offset + stop.length);
      if (kind === 'number' && before === 'number') {
        out?.add(i, j, 'number');
        end.expect = 'and';
      } else out?.add(i, j, 'invalid');
    } else if (operatorLength(text, i) > 0) {
      j = i + operatorLength(text, i);
      kind = 'operator';
      if (before === 'operator') {
        out?.add(i, j, 'operator');
        end.expect = 'number';
      } else out?.add(i, j, 'invalid');
    } else out?.add(i, j, 'invalid');
    end.lastFrom = i;
    end.lastTo = j;
    end.lastKind = kind;
    end.expectBeforeLast = before;
    i = j;
  }
  return end;
}

/** @internal The slots open at the end of `prefix`; `text` is the whole text, for ranges. */
export function qoeFilterSlots(prefix: string, text: string): SlotAt[] {
  const end = scanQoeFilter(prefix);
  const at = prefix.length;
  const touching = end.lastKind !== 'none' && end.lastTo === at;
  if (touching && end.lastKind === 'identifier') {
    let to = at;
    while (to < text.length && isIdentPart(text.charCodeAt(to))) to++;
    const partial = prefix.slice(end.lastFrom);
    if (end.expectBeforeLast === 'metric') {
      return [
        { slot: { type: 'metric', partial, isComplete: false }, from: end.lastFrom, to },
        { slot: { type: 'operator', partial: '' }, from: at, to: at },
      ];
    }
    if (end.expectBeforeLast === 'and') return [{ slot: { type: 'and', partial }, from: end.lastFrom, to }];
    return [];
  }
  if (touching && end.lastKind === 'operator' && end.expectBeforeLast === 'operator') {
    return [
      { slot: { type: 'operator', partial: prefix.slice(end.lastFrom) }, from: end.lastFrom, to: at },
      { slot: { type: 'number', partial: '' }, from: at, to: at },
    ];
  }
  if (touching)
    return [{ slot: { type: 'number', partial: prefix.slice(end.lastFrom) }, from: end.lastFrom, to: at }];
  switch (end.expect) {
    case 'metric':
      return [{ slot: { type: 'metric', partial: '', isComplete: false }, from: at, to: at }];
    case 'operator':
      return [{ slot: { type: 'operator', partial: '' }, from: at, to: at }];
    case 'number':
      return [{ slot: { type: 'number', partial: '' }, from: at, to: at }];
    default:
      return [{ slot: { type: 'and', partial: '' }, from: at, to: at }];
  }
}
