// ORDER BY of a result (docs/server.md#records-dimensions-buckets-order): `orderby` (default direction desc, except
// timestamp asc), else the first metric descending (a breakdown) or timestamp ascending (a time
// series); ties broken by the group's dimension values ascending, then the bucket. A null value
// reads as "" and so sorts first.
import type { QueryNode } from '@playq/query';
import { DIMENSION_SQL, isServerDimension, type ServerDimension } from './dimension-sql';
import { DEFAULT_METRICS, type MetricTable } from './metric-sql';
import { CompileError } from './plan';

const dirSql = (dir: 'asc' | 'desc') => (dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST');

/** Terms over columns prefixed by `q` (metrics are `m_<name>`, the bucket `ts_bucket`). */
export function orderTerms(
  query: QueryNode,
  dims: readonly ServerDimension[],
  series: boolean,
  q: string,
  metrics: MetricTable = DEFAULT_METRICS,
): string[] {
  const isServerMetric = (n: string) => metrics.sql(n) !== undefined;
  const firstMetric = query.metrics.find(isServerMetric);
  const key = query.orderby ?? (series ? 'timestamp' : firstMetric);
  const terms: string[] = [];
  if (key !== undefined) {
    const dir = dirSql(query.order ?? (key === 'timestamp' ? 'asc' : 'desc'));
    if (isServerMetric(key)) terms.push(`${q}m_${key} ${dir}`);
    else if (isServerDimension(key)) terms.push(`${q}${DIMENSION_SQL[key].column} ${dir}`);
    else if (key === 'timestamp' && series) terms.push(`${q}ts_bucket ${dir}`);
    else throw new CompileError(`cannot order by ${JSON.stringify(key)}`);
  }
  for (const d of dims) terms.push(`${q}${DIMENSION_SQL[d].column} ASC NULLS FIRST`);
  if (series) terms.push(`${q}ts_bucket ASC`);
  return terms;
}
