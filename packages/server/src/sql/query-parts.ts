// What every plan compiler reads off a validated query node: its period, filter and qoefilter (a
// node that lacks a valid one is a CompileError), the record's field names in order, and the output
// column each of them becomes.
import type { FilterAst, PeriodAst, QoeFilterAst } from '@playq/grammar';
import type { QueryNode } from '@playq/query';
import { DIMENSION_SQL, isServerDimension } from './dimension-sql';
import { CompileError, type OutputColumn } from './plan';

export function periodOf(query: QueryNode): PeriodAst {
  const p = query.period;
  if (p?.type !== 'period') throw new CompileError('query has no valid period');
  return p;
}

export function filterOf(query: QueryNode): FilterAst | undefined {
  const f = query.filter;
  if (f && f.type !== 'filter') throw new CompileError('query has an invalid filter');
  return f;
}

export function qoeOf(query: QueryNode): QoeFilterAst | undefined {
  const f = query.qoefilter;
  if (f && f.type !== 'qoefilter') throw new CompileError('query has an invalid qoefilter');
  return f;
}

export function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

/** Record field order: `metrics` as listed, then `aggby` names not already present. */
export function recordNames(query: QueryNode, includeAggby: boolean): string[] {
  return unique([...query.metrics, ...(includeAggby ? query.aggby : [])]);
}

export function outputColumns(names: readonly string[]): OutputColumn[] {
  return names.map((n) =>
    n === 'timestamp'
      ? { name: n, kind: 'timestamp' }
      : isServerDimension(n)
        ? { name: n, kind: 'dimension' }
        : { name: n, kind: 'metric' },
  );
}

/** The code columns the query's filter reads. */
export function filterColumns(query: QueryNode): string[] {
  return (filterOf(query)?.clauses ?? []).flatMap((c) =>
    isServerDimension(c.dimension) ? [DIMENSION_SQL[c.dimension].column] : [],
  );
}
