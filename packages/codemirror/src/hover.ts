// Hover text for names: what a dimension or metric means and, for a metric, its unit, from the
// catalogue. Problems have their own hover from the lint extension.

import type { EditorState, Extension } from '@codemirror/state';
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import { type TextKind, tokenSpans } from '@playq/grammar';
import { type CompletionNames, describeName } from '@playq/query';

/** What the hover shows for the name at `pos`, or `undefined` when there is none there. */
export interface NameHover {
  readonly from: number;
  readonly to: number;
  readonly kind: 'metric' | 'dimension';
  readonly name: string;
  readonly description: string;
  readonly unit?: string;
}

/**
 * The catalogue entry of the name at `pos`, if the text there is a known dimension or metric.
 *
 * @example
 * nameAt(EditorState.create({ doc: 'latency > 2' }), 'qoefilter', 3);
 * // { from: 0, to: 7, kind: 'metric', name: 'latency', unit: 'seconds', description: '…' }
 */
export function nameAt(
  state: EditorState,
  kind: TextKind,
  pos: number,
  names?: CompletionNames,
): NameHover | undefined {
  const line = state.doc.lineAt(pos);
  const span = tokenSpans(kind, line.text).find((s) => s.from + line.from <= pos && pos <= s.to + line.from);
  if (span === undefined || (span.role !== 'dimension' && span.role !== 'metric')) return undefined;
  const entry = describeName(span.role, line.text.slice(span.from, span.to), names);
  if (entry === undefined) return undefined;
  return {
    from: span.from + line.from,
    to: span.to + line.from,
    kind: span.role,
    name: entry.name,
    description: entry.description,
    ...(entry.unit === undefined ? {} : { unit: entry.unit }),
  };
}

function render(h: NameHover): HTMLElement {
  const dom = document.createElement('div');
  dom.className = 'cm-playq-hover';
  const title = dom.appendChild(document.createElement('strong'));
  title.textContent = h.name;
  const what = dom.appendChild(document.createElement('span'));
  what.textContent = ` ${h.kind}${h.unit === undefined ? '' : `, ${h.unit}`}`;
  const text = dom.appendChild(document.createElement('div'));
  text.textContent = h.description;
  return dom;
}

/**
 * Hover tooltips with the catalogue's description (and unit) of dimension and metric names.
 *
 * @example
 * new EditorView({ extensions: [playqLanguage('qoefilter'), playqHover('qoefilter')] });
 */
export function playqHover(kind: TextKind, options: { readonly names?: CompletionNames } = {}): Extension {
  return hoverTooltip((view, pos): Tooltip | null => {
    const h = nameAt(view.state, kind, pos, options.names);
    if (h === undefined) return null;
    return { pos: h.from, end: h.to, above: true, create: () => ({ dom: render(h) }) };
  });
}
