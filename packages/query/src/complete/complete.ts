// Completion for filter, qoefilter and period text: what may be typed at a cursor, with the range
// each suggestion replaces. `completeSync` answers from the catalogue alone; `complete` also asks
// an optional value provider for a dimension's values. Neither throws on any text or offset.

import { type SlotAt, slotsAt, type TextKind } from '@playq/grammar';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import { type CompletionNames, DEFAULT_COMPLETION_NAMES, namesOf } from './names';
import { decodePartialValue, suggestForSlot } from './suggest';
import type { CompletionResult, Suggestion, ValueEntry, ValueProvider } from './suggestion';

export interface CompleteOptions {
  /** The catalogue whose names to offer; default: the default catalogue. */
  readonly catalogue?: AnyCatalogue;
  /** The names to offer, when they come from elsewhere than a catalogue (wins over `catalogue`). */
  readonly names?: CompletionNames;
  /** Where values of a dimension come from (only `complete` asks it). */
  readonly values?: ValueProvider;
  /** Cancels a pending value request. */
  readonly signal?: AbortSignal;
  /** The current time in milliseconds, for period suggestions; default `Date.now`. */
  readonly now?: () => number;
}

function namesFor(options: CompleteOptions): CompletionNames {
  if (options.names !== undefined) return options.names;
  return options.catalogue === undefined ? DEFAULT_COMPLETION_NAMES : namesOf(options.catalogue);
}

// Operators right after a word are only worth offering when the word is a known metric.
function openSlots(kind: TextKind, text: string, offset: number, names: CompletionNames): SlotAt[] {
  const slots = slotsAt(kind, text, offset);
  const metric = slots.find((s) => s.slot.type === 'metric');
  if (metric?.slot.type !== 'metric' || metric.slot.partial === '') return slots;
  const known = names.metrics.some(
    (m) => m.name === (metric.slot as { partial: string }).partial.toLowerCase(),
  );
  return known ? slots : slots.filter((s) => s.slot.type !== 'operator');
}

function collect(
  slots: readonly SlotAt[],
  options: CompleteOptions,
  values?: readonly ValueEntry[],
): Suggestion[] {
  const names = namesFor(options);
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  return slots.flatMap((at) => suggestForSlot(at, { names, values, nowSeconds }));
}

/**
 * The suggestions at `offset` from the catalogue alone (no values), synchronously.
 *
 * @example
 * completeSync('filter', '[cou', 4).suggestions[0];
 * // { label: 'country', insert: 'country=', from: 1, to: 4, type: 'dimension', description: '…' }
 */
export function completeSync(
  kind: TextKind,
  text: string,
  offset: number,
  options: CompleteOptions = {},
): CompletionResult {
  const slots = openSlots(kind, text, offset, namesFor(options));
  const valueSlot = slots.find((s) => s.slot.type === 'value');
  const suggestions = collect(slots, options);
  return valueSlot?.slot.type === 'value'
    ? { suggestions, valuesFor: valueSlot.slot.dimension }
    : { suggestions };
}

/**
 * The suggestions at `offset`, with a dimension's values from `options.values` when the cursor is
 * in a filter value. A failing or cancelled provider leaves the values out and says why in
 * `valuesError`; the returned promise never rejects.
 *
 * @example
 * await complete('filter', '[country=U', 10, { values: async () => [{ value: 'US', count: 120 }] });
 * // { suggestions: [{ label: 'US', insert: 'US', from: 9, to: 10, type: 'value', … }, '|', ']'] … }
 */
export async function complete(
  kind: TextKind,
  text: string,
  offset: number,
  options: CompleteOptions = {},
): Promise<CompletionResult> {
  const slots = openSlots(kind, text, offset, namesFor(options));
  const valueSlot = slots.find((s) => s.slot.type === 'value');
  if (valueSlot?.slot.type !== 'value' || options.values === undefined)
    return completeSync(kind, text, offset, options);
  const dimension = valueSlot.slot.dimension;
  const request = { dimension, prefix: decodePartialValue(valueSlot.slot.partial), signal: options.signal };
  try {
    const values = await options.values(request);
    return {
      suggestions: collect(slots, options, Array.isArray(values) ? values : []),
      valuesFor: dimension,
    };
  } catch (e) {
    const valuesError = e instanceof Error ? e.message : String(e);
    return { suggestions: collect(slots, options), valuesFor: dimension, valuesError };
  }
}
