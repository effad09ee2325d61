// The three mini-languages as CodeMirror stream languages. The tokens come from the grammar's
// tolerant scanner (`tokenSpans`), one line at a time, so what is coloured is exactly what the
// grammar sees; each token role maps to a standard @lezer/highlight tag.

import { StreamLanguage, type StringStream } from '@codemirror/language';
import { type Tag, tags as t } from '@lezer/highlight';
import { type TextKind, type TokenRole, type TokenSpan, tokenSpans } from '@playq/grammar';

interface LineState {
  line: string | null;
  spans: TokenSpan[];
  next: number;
}

/** The highlight tag of each token role. */
const TOKEN_TABLE: Record<TokenRole, Tag> = {
  bracket: t.squareBracket,
  dimension: t.propertyName,
  metric: t.propertyName,
  key: t.attributeName,
  operator: t.compareOperator,
  separator: t.separator,
  value: t.string,
  string: t.string,
  number: t.number,
  keyword: t.logicOperator,
  invalid: t.invalid,
};

function token(kind: TextKind, stream: StringStream, state: LineState): string | null {
  if (stream.sol() || state.line !== stream.string) {
    state.line = stream.string;
    state.spans = tokenSpans(kind, stream.string);
    state.next = 0;
  }
  const pos = stream.pos;
  while (state.next < state.spans.length && state.spans[state.next]!.to <= pos) state.next++;
  const span = state.spans[state.next];
  if (span === undefined) {
    stream.skipToEnd();
    return null;
  }
  if (span.from > pos) {
    stream.pos = span.from;
    return null;
  }
  stream.pos = span.to;
  return span.role;
}

const cache = new Map<TextKind, StreamLanguage<LineState>>();

/**
 * The CodeMirror language of filter, qoefilter or period text (highlighting only; `playq()` adds
 * lint, completion and hover). Texts are scanned line by line, which is exact for the one-line
 * fields these languages are written in.
 *
 * @example
 * new EditorView({ extensions: [playqLanguage('filter'), syntaxHighlighting(defaultHighlightStyle)] });
 */
export function playqLanguage(kind: TextKind): StreamLanguage<LineState> {
  let language = cache.get(kind);
  if (language === undefined) {
    language = StreamLanguage.define<LineState>({
      name: `playq-${kind}`,
      startState: () => ({ line: null, spans: [], next: 0 }),
      copyState: (s) => ({ ...s }),
      token: (stream, state) => token(kind, stream, state),
      tokenTable: TOKEN_TABLE,
      languageData: { closeBrackets: { brackets: kind === 'filter' ? ['[', '"'] : [] } },
    });
    cache.set(kind, language);
  }
  return language;
}
