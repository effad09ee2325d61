// Completion for CodeMirror from @playq/query's `complete`: every suggestion keeps its own
// range, values come from the optional provider (cancelled when CodeMirror drops the request),
// and accepting a dimension opens the value list at once.

import {
  type Completion,
  type CompletionContext,
  type CompletionResult,
  type CompletionSource,
  startCompletion,
} from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import type { TextKind } from '@playq/grammar';
import {
  type CompletionNames,
  complete,
  completeParameterName,
  type ParameterCompletionOptions,
  type Suggestion,
  type ValueProvider,
} from '@playq/query';

/** Options shared by the completion, lint and hover parts. */
export interface PlayqEditorOptions {
  /** The names to offer and describe; default: the default catalogue's. */
  readonly names?: CompletionNames;
  /** Where a dimension's values come from, e.g. `serviceValues(client, …)` from `@playq/client`. */
  readonly values?: ValueProvider;
}

const ICON: Record<Suggestion['type'], string> = {
  dimension: 'property',
  metric: 'variable',
  key: 'property',
  operator: 'operator',
  keyword: 'keyword',
  punctuation: 'text',
  value: 'constant',
  number: 'constant',
};

function toCompletion(s: Suggestion, resultFrom: number, resultTo: number, boost: number): Completion {
  const own = s.from !== resultFrom || s.to !== resultTo;
  return {
    label: s.label,
    type: ICON[s.type],
    boost,
    ...(s.detail === undefined ? {} : { detail: s.detail }),
    ...(s.description === undefined ? {} : { info: s.description }),
    apply: (view: EditorView, _c: Completion, from: number, to: number) => {
      const range = own ? { from: s.from, to: s.to } : { from, to };
      view.dispatch({
        changes: { ...range, insert: s.insert },
        selection: { anchor: range.from + s.insert.length },
        userEvent: 'input.complete',
      });
      if (s.type === 'dimension' && s.insert.endsWith('=')) startCompletion(view);
    },
  };
}

/**
 * A CodeMirror completion source for filter, qoefilter or period text.
 *
 * @example
 * EditorState.create({ extensions: [autocompletion({ override: [playqCompletionSource('filter')] })] });
 */
export function playqCompletionSource(kind: TextKind, options: PlayqEditorOptions = {}): CompletionSource {
  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const text = context.state.doc.toString();
    const controller = new AbortController();
    context.addEventListener('abort', () => controller.abort(), { onDocChange: true });
    const r = await complete(kind, text, context.pos, { ...options, signal: controller.signal });
    if (context.aborted || r.suggestions.length === 0) return null;
    const from = Math.min(...r.suggestions.map((s) => s.from));
    const to = Math.max(...r.suggestions.map((s) => s.to));
    return {
      from,
      to,
      filter: false,
      options: r.suggestions.map((s, i) => toCompletion(s, from, to, Math.max(-99, 99 - i))),
    };
  };
}

/**
 * A CodeMirror completion source for a query string or query URL (`period=…&met|`): the names of
 * the parameters from @playq/query's parameter table, with their help as info; accepting one
 * leaves the cursor after its `=`.
 *
 * @example
 * EditorState.create({ extensions: [autocompletion({ override: [playqParameterCompletionSource({ endpoint: 'metricquery' })] })] });
 */
export function playqParameterCompletionSource(options: ParameterCompletionOptions = {}): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const r = completeParameterName(context.state.doc.toString(), context.pos, options);
    if (r.suggestions.length === 0) return null;
    const { from, to } = r.suggestions[0]!;
    return {
      from,
      to,
      filter: false,
      options: r.suggestions.map((s, i) => toCompletion(s, from, to, Math.max(-99, 99 - i))),
    };
  };
}
