// The filter and qoefilter fields: one-line CodeMirror editors with @playq/codemirror's
// highlighting, lint, completion (values from the service) and hover.
import { autocompletion } from '@codemirror/autocomplete';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView, placeholder } from '@codemirror/view';
import { playq, singleLine } from '@playq/codemirror';
import type { TextKind } from '@playq/grammar';
import type { ValueProvider } from '@playq/query';
import { el } from './dom';

export interface TextEditor {
  readonly parent: HTMLElement;
  readonly text: () => string;
}

/** A one-line editor of `kind` text; `onChange` on every edit, `onSubmit` on Enter. */
export function textEditor(
  kind: TextKind,
  hint: string,
  values: ValueProvider,
  on: { readonly change: () => void; readonly submit: () => void },
): TextEditor {
  const parent = el('div', { class: 'playq-editor', 'data-testid': kind });
  const view = new EditorView({
    parent,
    doc: '',
    extensions: [
      playq(kind, { values }),
      autocompletion({ activateOnTypingDelay: 50 }),
      syntaxHighlighting(defaultHighlightStyle),
      singleLine({ onSubmit: on.submit }),
      placeholder(hint),
      EditorView.updateListener.of((u) => u.docChanged && on.change()),
    ],
  });
  return { parent, text: () => view.state.doc.toString() };
}
