// Editor support from the grammar's side: the tolerant token spans of a text (for highlighting)
// and the slots open at a cursor (for completion). Neither throws, whatever the text and offset.

import { filterSlots, scanFilter } from './filter-scan';
import { periodSlots, scanPeriod } from './period-scan';
import { qoeFilterSlots, scanQoeFilter } from './qoefilter-scan';
import type { SlotAt } from './slot';
import { SpanList, type TextKind, type TokenSpan } from './token-spans';

/** @internal Clamp any offset into `[0, length]`; anything not a number means the end. */
export function clampOffset(offset: number, length: number): number {
  if (typeof offset !== 'number' || Number.isNaN(offset)) return length;
  return Math.max(0, Math.min(length, Math.trunc(offset)));
}

/**
 * The spans of a filter, qoefilter or period text with their roles, for syntax highlighting.
 * Unlike the parser it never stops: text after a problem is scanned too, and the problem itself
 * is a span with the role `invalid`.
 *
 * @example
 * tokenSpans('filter', '[country=US]');
 * // [{ from: 0, to: 1, role: 'bracket' }, { from: 1, to: 8, role: 'dimension' },
 * //  { from: 8, to: 9, role: 'operator' }, { from: 9, to: 11, role: 'value' },
 * //  { from: 11, to: 12, role: 'bracket' }]
 */
export function tokenSpans(kind: TextKind, text: string): TokenSpan[] {
  const out = new SpanList();
  const s = typeof text === 'string' ? text : '';
  if (kind === 'filter') scanFilter(s, out);
  else if (kind === 'qoefilter') scanQoeFilter(s, out);
  else if (kind === 'period') scanPeriod(s, out);
  return out.spans;
}

/**
 * What may be typed at `offset` in a text: the slots open there, each with the range a suggestion
 * replaces. Works on unfinished and broken text (`[cou`, `[country=U`, `latency > 2 an`); the
 * query layer turns slots into named suggestions.
 *
 * @example
 * slotsAt('filter', '[cou', 4);
 * // [{ slot: { type: 'dimension', partial: 'cou', equalsFollows: false }, from: 1, to: 4 }]
 */
export function slotsAt(kind: TextKind, text: string, offset: number): SlotAt[] {
  const s = typeof text === 'string' ? text : '';
  const prefix = s.slice(0, clampOffset(offset, s.length));
  if (kind === 'filter') return filterSlots(prefix, s);
  if (kind === 'qoefilter') return qoeFilterSlots(prefix, s);
  if (kind === 'period') return periodSlots(prefix, s);
  return [];
}
