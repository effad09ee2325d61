// A tolerant scan of filter text (`[dim=v1|v2][dim2=v3]`): it records token spans for
// highlighting and ends in the state completion needs, recovering from problems at the next '['
// instead of stopping like the parser's lexer.

import { isControl, isIdentPart, isIdentStart, isSpace } from '../text';
import type { SlotAt } from './slot';
import type { SpanList } from './token-spans';

const QUOTE = 34;
const BACKSLASH = 92;
const EQUALS = 61;
const LBRACKET = 91;
const RBRACKET = 93;
const PIPE = 124;

type Place = 'clause' | 'dimension' | 'value' | 'after-value';

/** @internal Where a scan ended: the place, the start of the token being typed, the clause so far. */
export interface FilterEnd {
  place: Place;
  start: number;
  dimension: string;
  listed: string[];
  openQuote: boolean;
}

const endsPlain = (c: number) =>
  c === RBRACKET || c === PIPE || c === LBRACKET || c === QUOTE || c === BACKSLASH || isControl(c);

function nextClause(text: string, i: number): number {
  const j = text.indexOf('[', i);
  return j < 0 ? text.length : j;
}

/** @internal Scan `text`, adding spans to `out` when given. */
export function scanFilter(text: string, out?: SpanList): FilterEnd {
  const n = text.length;
  const end: FilterEnd = { place: 'clause', start: 0, dimension: '', listed: [], openQuote: false };
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (end.place === 'clause') {
      if (isSpace(c)) i++;
      else if (c === LBRACKET) {
        out?.add(i, i + 1, 'bracket');
        i++;
        end.place = 'dimension';
        end.start = i;
        end.dimension = '';
        end.listed = [];
      } else {
        const j = nextClause(text, i);
        out?.add(i, j, 'invalid');
        i = j;
      }
    } else if (end.place === 'dimension') {
      i = scanDimension(text, i, end, out);
    } else if (end.place === 'value') {
      i = scanValue(text, i, end, out);
    } else if (c === PIPE) {
      out?.add(i, i + 1, 'separator');
      i++;
      end.place = 'value';
      end.start = i;
    } else if (c === RBRACKET) {
      out?.add(i, i + 1, 'bracket');
      i++;
      end.place = 'clause';
    } else if (c === LBRACKET) {
      end.place = 'clause'; // a missing ']': the parser reports it, the scan goes on
    } else {
      out?.add(i, i + 1, 'invalid');
      i++;
    }
  }
  return end;
}

function scanDimension(text: string, i: number, end: FilterEnd, out?: SpanList): number {
  const n = text.length;
  let j = i;
  if (isIdentStart(text.charCodeAt(j))) while (++j < n && isIdentPart(text.charCodeAt(j)));
  out?.add(i, j, 'dimension');
  end.dimension = text.slice(i, j);
  end.start = i;
  if (j >= n) return n;
  const c = text.charCodeAt(j);
  if (c === EQUALS) {
    out?.add(j, j + 1, 'operator');
    end.place = 'value';
    end.start = j + 1;
    return j + 1;
  }
  if (c === RBRACKET) {
    out?.add(j, j + 1, 'bracket');
    end.place = 'clause';
    return j + 1;
  }
  const k = nextClause(text, j);
  out?.add(j, k, 'invalid');
  end.place = 'clause';
  return k;
}

function scanValue(text: string, i: number, end: FilterEnd, out?: SpanList): number {
  const n = text.length;
  end.start = i;
  end.openQuote = false;
  const c = text.charCodeAt(i);
  if (c === QUOTE) return scanQuoted(text, i, end, out);
  let j = i;
  while (j < n && !endsPlain(text.charCodeAt(j))) j++;
  if (j > i) {
    out?.add(i, j, 'value');
    if (j < n) {
      end.listed.push(text.slice(i, j));
      end.place = 'after-value';
    }
    return j;
  }
  if (c === PIPE) {
    out?.add(i, i + 1, 'separator'); // an empty value: the parser reports it
    end.start = i + 1;
    return i + 1;
  }
  if (c === RBRACKET) {
    out?.add(i, i + 1, 'bracket');
    end.place = 'clause';
    return i + 1;
  }
  if (c === LBRACKET) {
    end.place = 'clause';
    return i;
  }
  out?.add(i, i + 1, 'invalid');
  end.start = i + 1;
  return i + 1;
}

function scanQuoted(text: string, start: number, end: FilterEnd, out?: SpanList): number {
  const n = text.length;
  let decoded = '';
  let i = start + 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      out?.add(start, i + 1, 'string');
      end.listed.push(decoded);
      end.place = 'after-value';
      return i + 1;
    }
    if (c === BACKSLASH && i + 1 < n) {
      decoded += text.charAt(i + 1);
      i += 2;
    } else {
      decoded += text.charAt(i);
      i++;
    }
  }
  out?.add(start, n, 'string');
  end.openQuote = true;
  return n;
}

/** @internal The slots open at the end of `prefix`; `text` is the whole text, for ranges. */
export function filterSlots(prefix: string, text: string): SlotAt[] {
  const end = scanFilter(prefix);
  const at = prefix.length;
  switch (end.place) {
    case 'clause':
      return [{ slot: { type: 'clause' }, from: at, to: at }];
    case 'dimension': {
      let to = at;
      while (to < text.length && isIdentPart(text.charCodeAt(to))) to++;
      const partial = prefix.slice(end.start);
      const equalsFollows = text.charCodeAt(to) === EQUALS;
      return [{ slot: { type: 'dimension', partial, equalsFollows }, from: end.start, to }];
    }
    case 'value': {
      const partial = prefix.slice(end.start);
      const closable = partial.length > 0 && !end.openQuote;
      const value: SlotAt = {
        slot: { type: 'value', dimension: end.dimension, partial, listed: end.listed, closable },
        from: end.start,
        to: at,
      };
      return closable ? [value, { slot: { type: 'alternative' }, from: at, to: at }] : [value];
    }
    default:
      return [{ slot: { type: 'alternative' }, from: at, to: at }];
  }
}
