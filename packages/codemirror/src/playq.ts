// Everything for one field in one call, the way CodeMirror's language packages offer `sql()` or
// `json()`: the language with its completion as language data, the linter and the hover.

import { LanguageSupport } from '@codemirror/language';
import type { TextKind } from '@playq/grammar';
import { type PlayqEditorOptions, playqCompletionSource } from './completion';
import { playqHover } from './hover';
import { playqLanguage } from './language';
import { playqLinter } from './lint';

export interface PlayqOptions extends PlayqEditorOptions {
  /** Milliseconds of quiet before lint runs. Default 250. */
  readonly lintDelay?: number;
  /** Whether a blank field is an error (default `false`: blank means "none"). */
  readonly required?: boolean;
  /** Set `false` to leave out the linter (e.g. to configure your own). */
  readonly lint?: boolean;
  /** Set `false` to leave out the hover tooltips. */
  readonly hover?: boolean;
}

/**
 * CodeMirror support for a filter, qoefilter or period field: highlighting, completion (active
 * with `autocompletion()`, which `basicSetup` includes), lint and hover text.
 *
 * @example
 * import { autocompletion } from '@codemirror/autocomplete';
 * import { EditorView } from '@codemirror/view';
 * import { playq, singleLine } from '@playq/codemirror';
 *
 * new EditorView({
 *   parent: document.querySelector('#filter')!,
 *   extensions: [playq('filter'), autocompletion(), singleLine({ onSubmit: run })],
 * });
 */
export function playq(kind: TextKind, options: PlayqOptions = {}): LanguageSupport {
  const language = playqLanguage(kind);
  const support = [language.data.of({ autocomplete: playqCompletionSource(kind, options) })];
  if (options.lint !== false)
    support.push(playqLinter(kind, { delay: options.lintDelay ?? 250, required: options.required === true }));
  if (options.hover !== false) support.push(playqHover(kind, options));
  return new LanguageSupport(language, support);
}
