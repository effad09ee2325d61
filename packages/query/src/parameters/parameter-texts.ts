// The canonical text of the three grammar-backed parameters, printed by the grammar package's
// serializers so that printing and parsing agree by construction. Total: a malformed AST that only
// a hand-made node can hold is printed plainly, and validation reports it.
import type { FilterAst, PeriodAst, QoeFilterAst } from '@playq/grammar/print';
import { serializeFilter, serializePeriod, serializeQoeFilter } from '@playq/grammar/print';

/** @internal */
export function filterText(filter: FilterAst): string {
  try {
    return serializeFilter(filter);
  } catch {
    return filter.clauses.map((c) => `[${c.dimension}=${c.values.join('|')}]`).join('');
  }
}

/** @internal */
export function periodText(period: PeriodAst): string {
  try {
    return serializePeriod(period);
  } catch {
    return `start=${String(period.start)},end=${String(period.end)}`;
  }
}

/** @internal */
export function qoeFilterText(qoe: QoeFilterAst): string {
  try {
    return serializeQoeFilter(qoe);
  } catch {
    return qoe.conditions.map((c) => `${c.metric}${c.operator}${String(c.value)}`).join(' AND ');
  }
}
