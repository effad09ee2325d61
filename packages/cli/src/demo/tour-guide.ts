// What every step of the demo tour shares: the client on the running service, the data window,
// and the few ways a step prints (a heading, a dim note, a table, a chart, the shareable URL).
import type { PlayqClient } from '@playq/client';
import { type QueryLike, type QueryNode, toURL } from '@playq/query';
import { renderTable } from '../format/table';
import { renderTimeSeriesChart } from '../format/time-series-chart';
import type { Context } from '../io';
import { seriesFiller } from '../output/fill-series';

type Row = Readonly<Record<string, unknown>>;

/** The tour's running state and its printing helpers. */
export interface TourGuide {
  readonly ctx: Context;
  readonly client: PlayqClient;
  readonly customerId: string;
  readonly baseUrl: string;
  /** The data window, epoch seconds. */
  readonly start: number;
  readonly end: number;
  readonly days: number;
  /** A step's heading. */
  step(title: string): void;
  /** A dim line (what happened on the wire, a note). */
  note(text: string): void;
  table(records: readonly Row[]): void;
  /** A time series as one sparkline per metric, empty buckets filled for the picture. */
  chart(query: { toQuery(): QueryNode }, records: readonly Row[], metrics: readonly string[]): void;
  /** The shareable URL of a query (a builder or a node). */
  share(query: QueryLike): void;
}

/**
 * The guide for one tour on `ctx`'s output.
 *
 * @example
 * const guide = createTourGuide(ctx, { client, customerId: 'demo', baseUrl, start, end, days: 7 });
 * guide.step('Plays by country');
 */
export function createTourGuide(
  ctx: Context,
  tour: Pick<TourGuide, 'client' | 'customerId' | 'baseUrl' | 'start' | 'end' | 'days'>,
): TourGuide {
  const c = ctx.color;
  return {
    ctx,
    ...tour,
    step: (title) => ctx.out(`\n${c.bold(c.cyan(`▸ ${title}`))}\n`),
    note: (text) => ctx.out(`${c.dim(text)}\n`),
    table: (records) => ctx.out(renderTable(records, { colors: c })),
    chart: (query, records, metrics) => {
      const filled = seriesFiller(query.toQuery())?.(records) ?? records;
      const width = Math.min(72, ctx.io.stdout.columns ?? 72);
      ctx.out(renderTimeSeriesChart(filled, metrics, width, c).replace(/^\n/, ''));
    },
    share: (query) => ctx.out(`${c.dim('URL')} ${toURL(query, { baseUrl: tour.baseUrl })}\n`),
  };
}
