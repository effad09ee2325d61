// The extension's parts on a headless EditorState: highlighting through the language's syntax
// tree, completion through a CompletionContext, lint diagnostics, hover entries and the one-line
// filter. The browser tests drive the same parts in a real editor.
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState, type TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { highlightTree, tagHighlighter, tags } from '@lezer/highlight';
import type { TextKind } from '@playq/grammar';
import { describe, expect, it } from 'vitest';
import {
  nameAt,
  playq,
  playqCompletionSource,
  playqDiagnostics,
  playqLanguage,
  playqParameterCompletionSource,
  singleLine,
} from '../src/index';

const highlighter = tagHighlighter([
  { tag: tags.squareBracket, class: 'bracket' },
  { tag: tags.propertyName, class: 'name' },
  { tag: tags.compareOperator, class: 'op' },
  { tag: tags.separator, class: 'sep' },
  { tag: tags.string, class: 'str' },
  { tag: tags.number, class: 'num' },
  { tag: tags.logicOperator, class: 'and' },
  { tag: tags.attributeName, class: 'key' },
  { tag: tags.invalid, class: 'bad' },
]);

function highlighted(kind: TextKind, doc: string): string[] {
  const state = EditorState.create({ doc, extensions: playqLanguage(kind) });
  const tree = ensureSyntaxTree(state, doc.length, 5000);
  const out: string[] = [];
  if (tree) highlightTree(tree, highlighter, (from, to, cls) => out.push(`${cls}:${doc.slice(from, to)}`));
  return out;
}

describe('highlighting', () => {
  it('colours a filter by the grammar token roles', () => {
    expect(highlighted('filter', '[country=US|"a b"]')).toEqual([
      'bracket:[',
      'name:country',
      'op:=',
      'str:US',
      'sep:|',
      'str:"a b"',
      'bracket:]',
    ]);
  });

  it('colours a qoefilter and marks what is out of place', () => {
    expect(highlighted('qoefilter', 'latency > 2.5 and x ! 1')).toEqual([
      'name:latency',
      'op:>',
      'num:2.5',
      'and:and',
      'name:x',
      'bad:!',
      'bad:1',
    ]);
    expect(highlighted('period', 'start=1,end=2')).toEqual([
      'key:start',
      'op:=',
      'num:1',
      'sep:,',
      'key:end',
      'op:=',
      'num:2',
    ]);
  });
});

// A view stand-in with just what `apply` uses: the state and dispatch.
function fakeView(doc: string) {
  let state = EditorState.create({ doc });
  return {
    get state() {
      return state;
    },
    dispatch(spec: TransactionSpec) {
      state = state.update(spec).state;
    },
  };
}

async function completeAt(
  kind: TextKind,
  doc: string,
  pos = doc.length,
  values?: Parameters<typeof playqCompletionSource>[1],
) {
  const state = EditorState.create({ doc });
  return (await playqCompletionSource(
    kind,
    values,
  )(new CompletionContext(state, pos, false))) as CompletionResult | null;
}

describe('completion source', () => {
  it('completes "[cou" to "[country=" with the description as info', async () => {
    const r = await completeAt('filter', '[cou');
    expect(r).toMatchObject({ from: 1, to: 4, filter: false });
    const first = r!.options[0]!;
    expect(first).toMatchObject({ label: 'country', type: 'property' });
    expect(String(first.info)).toMatch(/country/i);
    const view = fakeView('[cou');
    (first.apply as (v: EditorView, c: unknown, f: number, t: number) => void)(
      view as unknown as EditorView,
      first,
      1,
      4,
    );
    expect(view.state.doc.toString()).toBe('[country=');
    expect(view.state.selection.main.head).toBe(9);
  });

  it('lists values from the provider, most used first, with "|" and "]" after them', async () => {
    const values = async () => [
      { value: 'US', count: 30 },
      { value: 'UA', count: 20 },
      { value: 'FR', count: 10 },
    ];
    const r = await completeAt('filter', '[country=U', 10, { values });
    expect(r!.options.map((o) => o.label)).toEqual(['US', 'UA', '|', ']']);
    expect(r!.options[0]).toMatchObject({ detail: '30 sessions', type: 'constant' });
    const bar = r!.options[2]!;
    const view = fakeView('[country=U');
    (bar.apply as (v: EditorView, c: unknown, f: number, t: number) => void)(
      view as unknown as EditorView,
      bar,
      9,
      10,
    );
    expect(view.state.doc.toString()).toBe('[country=U|');
  });

  it('offers operators after a metric and AND after a condition', async () => {
    expect((await completeAt('qoefilter', 'latency '))!.options.map((o) => o.label)).toEqual([
      '>',
      '>=',
      '<',
      '<=',
      '=',
      '!=',
    ]);
    expect((await completeAt('qoefilter', 'latency > 2 an'))!.options.map((o) => o.label)).toEqual(['AND']);
  });

  it('answers null where nothing may be suggested', async () => {
    expect(await completeAt('qoefilter', 'latency > 2')).toBeNull();
  });

  it('is what playq() registers as the language data of the field', () => {
    const state = EditorState.create({ doc: '[cou', extensions: playq('filter') });
    expect(state.languageDataAt('autocomplete', 4)).toHaveLength(1);
  });
});

describe('parameter-name completion', () => {
  it("offers the parameter table's names at a name, each with its help, and applies name=", () => {
    const doc = 'period=start%3D0%2Cend%3D60&or';
    const state = EditorState.create({ doc });
    const r = playqParameterCompletionSource({ endpoint: 'metricquery' })(
      new CompletionContext(state, doc.length, false),
    ) as CompletionResult;
    expect(r.options.map((o) => o.label)).toEqual(['orderby', 'order']);
    expect(r).toMatchObject({ from: 28, to: 30 });
    expect(String(r.options[1]!.info)).toBe('sort direction');
    const view = fakeView(doc);
    const first = r.options[0]!;
    (first.apply as (v: EditorView, c: unknown, f: number, t: number) => void)(
      view as unknown as EditorView,
      first,
      28,
      30,
    );
    expect(view.state.doc.toString()).toBe('period=start%3D0%2Cend%3D60&orderby=');
  });

  it('answers null inside a value', () => {
    const state = EditorState.create({ doc: 'metrics=err' });
    expect(playqParameterCompletionSource()(new CompletionContext(state, 11, false))).toBeNull();
  });
});

describe('lint', () => {
  it('marks a misspelled dimension on its characters with the did-you-mean and a fix', () => {
    // Still being typed: the name is checked before the missing ']' is reported.
    const typing = playqDiagnostics(EditorState.create({ doc: '[contry=US' }), 'filter');
    expect(typing.map((d) => [d.source, d.from, d.to])).toEqual([
      ['unknown_dimension', 1, 7],
      ['invalid_filter', 10, 10],
    ]);
    const [name] = playqDiagnostics(EditorState.create({ doc: '[contry=US]' }), 'filter');
    expect(name).toMatchObject({ from: 1, to: 7, source: 'unknown_dimension', severity: 'error' });
    expect(name!.message).toContain('did you mean "country"');
    expect(name!.actions?.map((a) => a.name)).toEqual(['Use "country"']);
  });

  it('gives warnings their severity and is empty for valid text', () => {
    const [w] = playqDiagnostics(EditorState.create({ doc: '[country=US][country=FR]' }), 'filter');
    expect(w).toMatchObject({ severity: 'warning', from: 12, to: 24 });
    expect(playqDiagnostics(EditorState.create({ doc: 'latency > 2' }), 'qoefilter')).toEqual([]);
  });

  it('leaves a blank field alone unless it is required', () => {
    const blank = EditorState.create({ doc: '  ' });
    expect(playqDiagnostics(blank, 'filter')).toEqual([]);
    expect(playqDiagnostics(blank, 'filter', { required: true })[0]).toMatchObject({
      severity: 'error',
      source: 'invalid_filter',
    });
  });
});

describe('hover and one-line mode', () => {
  it('finds the catalogue entry of the name under the pointer', () => {
    const state = EditorState.create({ doc: 'x < 1 AND latency > 2' });
    expect(nameAt(state, 'qoefilter', 12)).toMatchObject({
      from: 10,
      to: 17,
      kind: 'metric',
      name: 'latency',
      unit: 'seconds',
    });
    expect(nameAt(state, 'qoefilter', 0)).toBeUndefined(); // not a catalogue name
    expect(nameAt(state, 'qoefilter', 20)).toBeUndefined(); // a number
  });

  it('turns newlines into spaces, whatever inserts them', () => {
    const state = EditorState.create({ doc: '[a=b]', extensions: singleLine() });
    const next = state.update({ changes: { from: 5, insert: '\n[c=d]\r\n' } }).state;
    expect(next.doc.toString()).toBe('[a=b] [c=d] ');
    expect(next.doc.lines).toBe(1);
  });
});
