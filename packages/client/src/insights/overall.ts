// `client.overall`: the query's metrics over its whole population, one record, whatever the
// query's breakdown: the same query without aggby (and its granularity, order and paging).
import type { QueryNode } from '@playq/query';
import type { PlayqRecord } from '../query/query-input';
import type { Page } from '../response/envelope';
import { overallQuery } from './population-queries';

/** The overall values of a query's metrics, by name. */
export type OverallRecord = Readonly<Record<string, number>>;

/**
 * One request; a population without data answers no record, which is every metric at 0 (the
 * service's rule for a group without data). @internal
 */
export async function overall(
  node: QueryNode,
  run: (node: QueryNode) => Promise<Page<PlayqRecord>>,
): Promise<OverallRecord> {
  const page = await run(overallQuery(node));
  const record = page.records[0];
  return Object.fromEntries(
    node.metrics.map((m) => [m, typeof record?.[m] === 'number' ? (record[m] as number) : 0]),
  );
}
