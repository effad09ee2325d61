// A one-line mode for an input box: Enter submits instead of breaking the line, and newlines
// that arrive any other way (paste, drop, a program's change) become spaces, which every
// mini-language reads as it would a line break between tokens.

import { EditorState, type Extension, Prec } from '@codemirror/state';
import { type EditorView, keymap } from '@codemirror/view';

export interface SingleLineOptions {
  /** Called with the text when Enter is pressed (Shift-Enter too). */
  readonly onSubmit?: (text: string, view: EditorView) => void;
}

/** @internal Keep a document on one line. */
export const oneLineFilter = EditorState.transactionFilter.of((tr) => {
  if (!tr.docChanged || tr.newDoc.lines === 1) return tr;
  const changes: { from: number; to: number; insert: string }[] = [];
  tr.changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    changes.push({ from: fromA, to: toA, insert: inserted.toString().replace(/\n/g, ' ') });
  });
  return [{ changes, selection: tr.selection, effects: tr.effects, scrollIntoView: tr.scrollIntoView }];
});

/**
 * Make an editor behave like an input box: no newlines, Enter calls `onSubmit`.
 *
 * @example
 * new EditorView({ extensions: [playq('filter'), singleLine({ onSubmit: (text) => run(text) })] });
 */
export function singleLine(options: SingleLineOptions = {}): Extension {
  const submit = (view: EditorView) => {
    options.onSubmit?.(view.state.doc.toString(), view);
    return true;
  };
  return [
    oneLineFilter,
    Prec.high(
      keymap.of([
        { key: 'Enter', run: submit },
        { key: 'Shift-Enter', run: submit },
      ]),
    ),
  ];
}
