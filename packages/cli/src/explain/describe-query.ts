// A query in words, for `playq explain`: what is measured, over which period, broken down how,
// filtered how, sorted and paged how, with the defaults the service will apply spelled out.
import type { FilterAst, PeriodAst, QoeFilterAst } from '@playq/grammar';
import { isTimeSeries, type QueryNode, resolveGranularity } from '@playq/query';
import { displayCell } from '../format/cell';

function duration(seconds: number): string {
  const units: [number, string][] = [
    [604800, 'w'],
    [86400, 'd'],
    [3600, 'h'],
    [60, 'm'],
    [1, 's'],
  ];
  for (const [size, unit] of units) if (seconds % size === 0) return `${seconds / size}${unit}`;
  return `${seconds}s`;
}

function describePeriod(p: PeriodAst): string {
  const t = (s: number) => displayCell('timestamp', s);
  return `${t(p.start)} to ${t(p.end)} UTC (${duration(p.end - p.start)}, end excluded)`;
}

function describeFilter(f: FilterAst): string {
  return f.clauses
    .map(
      (c) =>
        `${c.dimension} ${c.values.length === 1 ? 'is' : 'is one of'} ${c.values.map((v) => JSON.stringify(v)).join(', ')}`,
    )
    .join('; and ');
}

function describeQoe(q: QoeFilterAst): string {
  return `${q.conditions.map((c) => `${c.metric} ${c.operator} ${c.value}`).join(' and ')} (per result record)`;
}

/**
 * Label/value rows describing the query.
 *
 * @example
 * describeQuery(query); // [['endpoint', 'metricquery (X-API-Key)'], ['customer', 'demo'], ...]
 */
export function describeQuery(q: QueryNode): [string, string][] {
  const rows: [string, string][] = [];
  const session = q.endpoint === 'session';
  rows.push(['endpoint', session ? 'session (Authorization: Bearer <token>)' : 'metricquery (X-API-Key)']);
  rows.push(['customer', q.customerId]);
  if (session) {
    rows.push(['plan level', q.planlevel ?? '(looked up on the plan host)']);
    rows.push([
      'agg',
      q.agg === 2 ? '2: one record per error event' : q.agg === 1 ? '1: aggregated by aggby' : '(missing)',
    ]);
  }
  if (q.period?.type === 'period') rows.push(['period', describePeriod(q.period)]);
  rows.push(['metrics', q.metrics.join(', ')]);
  if (isTimeSeries(q))
    rows.push(['shape', `time series, one record per ${bucketText(q)} with data (UTC buckets)`]);
  else if (q.aggby.length > 0) rows.push(['shape', `breakdown by ${q.aggby.join(' × ')}`]);
  else rows.push(['shape', 'one total record']);
  if (q.filter?.type === 'filter') rows.push(['filter', describeFilter(q.filter)]);
  if (q.qoefilter?.type === 'qoefilter') rows.push(['qoefilter', describeQoe(q.qoefilter)]);
  const orderby = q.orderby ?? (isTimeSeries(q) ? 'timestamp' : q.metrics[0]);
  const metricSort = orderby !== undefined && orderby !== 'timestamp' && !q.aggby.includes(orderby);
  const order = q.order ?? (metricSort ? 'desc' : 'asc');
  const defaulted =
    q.orderby === undefined ? ' (default)' : q.order === undefined ? ' (default direction)' : '';
  if (orderby !== undefined) rows.push(['order', `${orderby} ${order}${defaulted}`]);
  const switches = [
    q.sessiontype === 'started' ? 'sessions by start (sessiontype=started)' : '',
    q.allstatus === 1 ? 'every status (allstatus=1)' : '',
    q.concurrency === 1 ? 'active sessions (concurrency=1)' : '',
    q.businesserror === true ? 'business errors counted (businesserror=true)' : '',
  ].filter((s) => s !== '');
  if (switches.length > 0) rows.push(['sessions', switches.join('; ')]);
  rows.push([
    'page',
    `limit ${q.limit}, offset ${q.offset} (records ${q.offset + 1} to ${q.offset + q.limit})`,
  ]);
  return rows;
}

/** The bucket of a time series in words; `auto` says what it resolves to for the period. */
function bucketText(q: QueryNode): string {
  const g = q.granularity ?? 'auto';
  if (g !== 'auto') return g;
  return q.period?.type === 'period' ? `${resolveGranularity(g, q.period)} (auto)` : 'auto-sized bucket';
}
