// Turns the grammar's slots into suggestions: catalogue names with descriptions and units,
// operators, punctuation, keywords, period timestamps and (when given) a dimension's values.
// Pure and synchronous; fetching values is complete.ts's business.

import {
  COMPARISON_OPERATORS,
  type ComparisonOperator,
  type Slot,
  type SlotAt,
  serializeFilterValue,
} from '@playq/grammar';
import type { CompletionNames, NameEntry } from './names';
import type { Suggestion, ValueEntry } from './suggestion';

const OPERATOR_DETAIL: { readonly [K in ComparisonOperator]: string } = {
  '>': 'greater than',
  '>=': 'at least',
  '<': 'less than',
  '<=': 'at most',
  '=': 'equal to',
  '!=': 'not equal to',
};

/** @internal What suggestions need besides the slot. */
export interface SuggestContext {
  readonly names: CompletionNames;
  readonly values?: readonly ValueEntry[];
  readonly nowSeconds: number;
}

// Names starting with the typed text first, then names containing it, each in catalogue order.
function matchNames(list: readonly NameEntry[], partial: string): NameEntry[] {
  const p = partial.toLowerCase();
  const starts = list.filter((e) => e.name.startsWith(p));
  return p === '' ? starts : [...starts, ...list.filter((e) => !e.name.startsWith(p) && e.name.includes(p))];
}

/** @internal The value a partial filter value stands for: an opening quote and escapes removed. */
export function decodePartialValue(partial: string): string {
  if (!partial.startsWith('"')) return partial;
  return partial.slice(1).replace(/\\(.)/g, '$1');
}

/** @internal */
export function suggestForSlot(at: SlotAt, ctx: SuggestContext): Suggestion[] {
  const { slot, from, to } = at;
  const item = (s: Omit<Suggestion, 'from' | 'to'>): Suggestion => ({ ...s, from, to });
  switch (slot.type) {
    case 'clause':
      return ctx.names.dimensions.map((d) =>
        item({ label: d.name, insert: `[${d.name}=`, type: 'dimension', description: d.description }),
      );
    case 'dimension':
      return matchNames(ctx.names.dimensions, slot.partial).map((d) =>
        item({
          label: d.name,
          insert: slot.equalsFollows ? d.name : `${d.name}=`,
          type: 'dimension',
          description: d.description,
        }),
      );
    case 'value':
      return valueSuggestions(slot, ctx.values ?? []).map((v) => item(v));
    case 'alternative':
      return [
        item({ label: '|', insert: '|', type: 'punctuation', detail: 'or another value' }),
        item({ label: ']', insert: ']', type: 'punctuation', detail: 'end of the clause' }),
      ];
    case 'metric':
      return matchNames(ctx.names.metrics, slot.partial).map((m) =>
        item({ label: m.name, insert: m.name, type: 'metric', detail: m.unit, description: m.description }),
      );
    case 'operator':
      return COMPARISON_OPERATORS.filter((o) => o.startsWith(slot.partial)).map((o) =>
        item({ label: o, insert: o, type: 'operator', detail: OPERATOR_DETAIL[o] }),
      );
    case 'and':
      return 'and'.startsWith(slot.partial.toLowerCase())
        ? [item({ label: 'AND', insert: 'AND ', type: 'keyword', detail: 'and another condition' })]
        : [];
    default:
      return periodSuggestions(slot, ctx).map((s) => item(s));
  }
}

function valueSuggestions(
  slot: Extract<Slot, { type: 'value' }>,
  values: readonly ValueEntry[],
): Omit<Suggestion, 'from' | 'to'>[] {
  const p = decodePartialValue(slot.partial).toLowerCase();
  const listed = new Set(slot.listed);
  return values
    .filter((v) => typeof v.value === 'string' && v.value !== '' && !listed.has(v.value))
    .filter((v) => v.value.toLowerCase().startsWith(p))
    .map((v) => {
      const s: Omit<Suggestion, 'from' | 'to'> = {
        label: v.value,
        insert: serializeFilterValue(v.value),
        type: 'value',
      };
      return v.count === undefined ? s : { ...s, detail: `${v.count.toLocaleString('en-US')} sessions` };
    });
}

const HOUR = 3600;

function periodSuggestions(slot: Slot, ctx: SuggestContext): Omit<Suggestion, 'from' | 'to'>[] {
  if (slot.type === 'period-key') {
    return ['start', 'end']
      .filter((k) => !slot.used.includes(k) && k.startsWith(slot.partial.toLowerCase()))
      .map((k) => ({ label: k, insert: `${k}=`, type: 'key', detail: 'epoch seconds' }));
  }
  if (slot.type === 'period-equals') return [{ label: '=', insert: '=', type: 'punctuation' }];
  if (slot.type === 'period-comma') return [{ label: ',', insert: ',', type: 'punctuation' }];
  if (slot.type !== 'period-number') return [];
  const hour = Math.floor(ctx.nowSeconds / HOUR) * HOUR;
  const times: [number, string][] =
    slot.key === 'end'
      ? [
          [hour + HOUR, 'the end of this hour'],
          [hour, 'the start of this hour'],
        ]
      : [
          [hour - 24 * HOUR, '24 hours ago'],
          [hour - 7 * 24 * HOUR, '7 days ago'],
        ];
  return times
    .filter(([t]) => String(t).startsWith(slot.partial))
    .map(([t, detail]) => ({ label: String(t), insert: String(t), type: 'number', detail }));
}
