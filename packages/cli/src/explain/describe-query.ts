// A query in words, for `playq explain`: what is measured, over which period, broken down how,
// filtered how, sorted and paged how, with the defaults the service will apply spelled out. The
// endpoint's own parameters and the population switches are described from the parameter table.
import type { FilterAst, PeriodAst, QoeFilterAst } from '@playq/grammar';
import {
  type Credential,
  credentialOf,
  ENDPOINTS,
  isListEndpoint,
  isTimeSeries,
  PARAMETERS,
  type Parameter,
  type QueryNode,
  resolveGranularity,
} from '@playq/query';
import { displayCell } from '../format/cell';

const CREDENTIAL_TEXT: { readonly [C in Credential]: string } = {
  apiKey: 'X-API-Key',
  bearer: 'Authorization: Bearer <token>',
};
/** What a missing parameter of the endpoint means, when not simply "(missing)". */
const ABSENT: Readonly<Record<string, string>> = { planlevel: '(looked up on the plan host)' };

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
  rows.push(['endpoint', `${q.endpoint} (${CREDENTIAL_TEXT[credentialOf(q.endpoint)]})`]);
  rows.push(['customer', q.customerId]);
  rows.push(...endpointRows(q));
  if (q.period?.type === 'period') rows.push(['period', describePeriod(q.period)]);
  rows.push(['metrics', q.metrics.join(', ')]);
  if (isListEndpoint(q.endpoint))
    rows.push(['shape', 'one record per session (the sessions behind the filter)']);
  else if (isTimeSeries(q))
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
  const switches = populationSwitches(q);
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

const parameterValue = (q: QueryNode, row: Parameter): unknown =>
  (q as unknown as Record<string, unknown>)[row.name];

/**
 * The parameters only some endpoints take and this one requires (the session endpoint's plan level
 * and agg), with their meaning. Optional ones some endpoints lack (granularity, not on the session
 * list) have lines of their own.
 */
function endpointRows(q: QueryNode): [string, string][] {
  return PARAMETERS.filter(
    (row) => row.endpoints.length < ENDPOINTS.length && row.required.includes(q.endpoint),
  ).map((row) => {
    const value = parameterValue(q, row);
    const known = row.values?.find((v) => v.value === value);
    const text =
      value === undefined
        ? (ABSENT[row.name] ?? '(missing)')
        : known?.meaning !== undefined
          ? `${known.text}: ${known.meaning}`
          : String(value);
    return [row.label ?? row.name, text];
  });
}

/** The switches that change which sessions count, each in words with its URL form: `every status (allstatus=1)`. */
function populationSwitches(q: QueryNode): string[] {
  const out: string[] = [];
  for (const row of PARAMETERS) {
    if (row.defaultText === undefined || row.values === undefined) continue;
    const value = parameterValue(q, row);
    const chosen = row.values.find((v) => v.value === value && v.text !== row.defaultText);
    if (chosen?.meaning !== undefined) out.push(`${chosen.meaning} (${row.name}=${chosen.text})`);
  }
  return out;
}
