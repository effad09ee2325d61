// What editors colour and what completion reads: the tolerant token spans of a mini-language
// text. Unlike the parsers' lexers, which stop at the first problem, these scanners recover and
// cover the whole text, so an editor can highlight input that is still being typed.

/** The role of a span of text, for highlighting. */
export type TokenRole =
  | 'bracket'
  | 'dimension'
  | 'metric'
  | 'key'
  | 'operator'
  | 'separator'
  | 'value'
  | 'string'
  | 'number'
  | 'keyword'
  | 'invalid';

/** A span of text with its role. `from` is inclusive, `to` exclusive (UTF-16 offsets). */
export interface TokenSpan {
  readonly from: number;
  readonly to: number;
  readonly role: TokenRole;
}

/** The three mini-languages. */
export type TextKind = 'filter' | 'qoefilter' | 'period';

/** @internal A scanner's record of spans, shared by the three languages. */
export class SpanList {
  readonly spans: TokenSpan[] = [];
  add(from: number, to: number, role: TokenRole): void {
    if (to > from) this.spans.push({ from, to, role });
  }
}
