// Lint for CodeMirror from @playq/query's `checkText`: the grammar's and the catalogue's problems,
// each on its exact characters, with the problem code as source, the did-you-mean hint in the
// message and, for a misspelled name, an action that puts the suggested name in.

import { type Action, type Diagnostic, linter } from '@codemirror/lint';
import type { EditorState, Extension } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { isIdentifier, type TextKind } from '@playq/grammar';
import { checkText, type QueryDiagnostic } from '@playq/query';

function replaceWith(hint: string): Action {
  return {
    name: `Use "${hint}"`,
    apply: (view: EditorView, from: number, to: number) =>
      view.dispatch({ changes: { from, to, insert: hint }, userEvent: 'input' }),
  };
}

function toDiagnostic(d: QueryDiagnostic, length: number): Diagnostic {
  const from = Math.min(d.offset ?? 0, length);
  const to = Math.min(from + (d.length ?? 0), length);
  const hint = d.hint;
  const mentioned = hint !== undefined && d.message.includes(hint);
  return {
    from,
    to,
    severity: d.severity,
    source: d.code,
    message: hint === undefined || mentioned ? d.message : `${d.message} (${hint})`,
    ...(hint !== undefined && isIdentifier(hint) ? { actions: [replaceWith(hint)] } : {}),
  };
}

/**
 * The lint diagnostics of an editor's text, as CodeMirror diagnostics.
 *
 * @example
 * playqDiagnostics(EditorState.create({ doc: '[contry=US]' }), 'filter');
 * // [{ from: 1, to: 7, severity: 'error', source: 'unknown_dimension',
 * //    message: 'filter: Unknown dimension "contry"; did you mean "country"?', actions: [Use "country"] }]
 */
export function playqDiagnostics(
  state: EditorState,
  kind: TextKind,
  options: { readonly required?: boolean } = {},
): Diagnostic[] {
  const text = state.doc.toString();
  // A field left blank means "no filter": only a required field complains about it.
  if (options.required !== true && text.trim() === '') return [];
  return checkText(kind, text).map((d) => toDiagnostic(d, text.length));
}

/**
 * A CodeMirror linter for filter, qoefilter or period text.
 *
 * @example
 * new EditorView({ extensions: [playqLanguage('filter'), playqLinter('filter'), lintGutter()] });
 */
export function playqLinter(
  kind: TextKind,
  config: { readonly delay?: number; readonly required?: boolean } = {},
): Extension {
  return linter((view) => playqDiagnostics(view.state, kind, config), { delay: config.delay ?? 250 });
}
