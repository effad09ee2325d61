// The TypeScript that builds a given query with this package's fluent builder, so a URL found in a
// dashboard or a log becomes code in one step.
import type { QueryNode } from '../model';
import { isTimeSeries } from '../time-series';

const str = (s: string): string => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

// The builder entry that starts a query on each endpoint.
const FACTORY: { readonly [E in QueryNode['endpoint']]: string } = {
  metricquery: 'metricQuery',
  session: 'sessionQuery',
  listsessions: 'sessionList',
};

/**
 * The builder code for a valid query.
 *
 * @example
 * builderCode(query);
 * // import { metricQuery } from '@playq/query';
 * //
 * // const query = metricQuery('demo')
 * //   .between(1767225600, 1767312000)
 * //   .metrics('errors')
 * //   .aggBy('country');
 */
export function builderCode(q: QueryNode): string {
  const factory = FACTORY[q.endpoint];
  const calls: string[] = [];
  if (q.planlevel !== undefined) calls.push(`.planLevel(${str(q.planlevel)})`);
  if (q.agg !== undefined) calls.push(`.agg(${q.agg})`);
  if (q.period?.type === 'period') calls.push(`.between(${q.period.start}, ${q.period.end})`);
  if (q.metrics.length > 0) calls.push(`.metrics(${q.metrics.map(str).join(', ')})`);
  // The time-series call, also for a per-event session query (which ignores aggby on the wire).
  if (isTimeSeries({ aggby: q.aggby }))
    calls.push(
      q.granularity === undefined || q.granularity === 'auto'
        ? '.timeseries()'
        : `.timeseries(${str(q.granularity)})`,
    );
  else if (q.aggby.length > 0) calls.push(`.aggBy(${q.aggby.map(str).join(', ')})`);
  if (q.filter?.type === 'filter') {
    for (const c of q.filter.clauses) {
      const values = c.values.length === 1 ? str(c.values[0]!) : `[${c.values.map(str).join(', ')}]`;
      calls.push(`.where(${str(c.dimension)}, ${values})`);
    }
  }
  if (q.qoefilter?.type === 'qoefilter') {
    for (const c of q.qoefilter.conditions)
      calls.push(`.having(${str(c.metric)}, ${str(c.operator)}, ${c.value})`);
  }
  if (q.orderby !== undefined) calls.push(`.orderBy(${str(q.orderby)}${q.order ? `, ${str(q.order)}` : ''})`);
  if (q.sessiontype !== undefined && q.sessiontype !== 'ended')
    calls.push(`.sessionType(${str(q.sessiontype)})`);
  if (q.allstatus === 1) calls.push('.allStatuses()');
  if (q.concurrency === 1) calls.push('.concurrency()');
  if (q.businesserror === true) calls.push('.businessErrors()');
  if (q.limit !== 1000) calls.push(`.limit(${q.limit})`);
  if (q.offset !== 0) calls.push(`.offset(${q.offset})`);
  const chain = calls.map((c) => `\n  ${c}`).join('');
  return `import { ${factory} } from '@playq/query';\n\nconst query = ${factory}(${str(q.customerId)})${chain};\n`;
}
