// The flags that describe a query (shared by `url` and `query`), turned into builder calls of
// @playq/query and printed by its URL codec, so the CLI and the library can never disagree about
// what a flag means; the codec then parses and validates that URL with positions.
import {
  type AnyCatalogue,
  createQueries,
  DEFAULT_CATALOGUE,
  GRANULARITIES,
  type Granularity,
  isTimeSeries,
  type SessionType,
} from '@playq/query';
import { type Command, Option } from 'commander';
import { integerArg, parseHttpUrl, parseList, parseSpan, parseTime } from './args';
import { catalogueOption } from './catalogue-file';
import { usageError } from './errors';
import { lastPeriodEnd } from './period-end';

export interface QueryFlags {
  readonly period?: string;
  readonly last?: number;
  readonly end?: number;
  readonly metrics?: string[];
  readonly aggby?: string[];
  readonly granularity?: string;
  readonly filter?: string;
  readonly qoefilter?: string;
  readonly orderby?: string;
  readonly order?: string;
  readonly limit?: number;
  readonly offset?: number;
  readonly planlevel?: string;
  readonly agg?: string;
  readonly sessiontype?: SessionType;
  readonly allstatus?: boolean;
  readonly concurrencyMode?: boolean;
  readonly businesserror?: boolean;
  readonly baseUrl?: string;
  /** A catalogue file (not a shape flag): names to accept beyond the default catalogue. */
  readonly catalogue?: string;
}

/** The flags that shape a query (not the base URL): given together with a URL they conflict. */
export const SHAPE_FLAGS = [
  'period',
  'last',
  'end',
  'metrics',
  'aggby',
  'granularity',
  'filter',
  'qoefilter',
  'orderby',
  'order',
  'limit',
  'offset',
  'planlevel',
  'agg',
  'sessiontype',
  'allstatus',
  'concurrencyMode',
  'businesserror',
] as const;

/** The default base URL when neither --base-url nor PLAYQ_BASE_URL is given: `playq serve`'s. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080/api/v1';

/** @internal Adds the query-shaping flags to a command. */
export function addQueryOptions(command: Command): Command {
  return command
    .addOption(new Option('--period <period>', "the period, 'start=<epoch_s>,end=<epoch_s>'"))
    .addOption(
      new Option('--last <span>', 'the period ending now (or at --end): 15m, 24h, 7d, 2w').argParser(
        parseSpan,
      ),
    )
    .addOption(
      new Option('--end <time>', 'end of --last: epoch seconds or ISO-8601 (default: now)').argParser(
        parseTime,
      ),
    )
    .addOption(
      new Option('--metrics <names>', 'comma-separated metrics, e.g. errors,users').argParser(parseList),
    )
    .addOption(new Option('--aggby <names>', 'comma-separated dimensions, or timestamp').argParser(parseList))
    .addOption(
      new Option('--granularity <unit>', 'time-series bucket (default auto: from the period length)').choices(
        GRANULARITIES,
      ),
    )
    .addOption(
      new Option('--sessiontype <type>', 'sessions in the period by their end (default) or start').choices([
        'ended',
        'started',
      ]),
    )
    .addOption(new Option('--allstatus', 'count sessions of every status, running and loading ones too'))
    .addOption(
      new Option(
        '--concurrency-mode',
        'concurrency=1: every session active in the window (no avg_/p95_ metrics)',
      ),
    )
    .addOption(new Option('--businesserror', 'errors and fatalerrors count business errors too'))
    .addOption(new Option('--filter <filter>', "dimension filter, e.g. '[country=US|FR]'"))
    .addOption(
      new Option('--qoefilter <conditions>', "metric conditions, e.g. 'bufferingratio>5 AND latency<2'"),
    )
    .addOption(new Option('--orderby <name>', 'a requested metric or dimension, or timestamp'))
    .addOption(new Option('--order <order>', 'sort direction').choices(['asc', 'desc']))
    .addOption(
      new Option('--limit <n>', 'page size, 1 to 10000 (default 1000)').argParser(integerArg(1, 10000)),
    )
    .addOption(new Option('--offset <n>', 'records to skip (default 0)').argParser(integerArg(0)))
    .addOption(new Option('--planlevel <level>', 'session endpoint: the plan level (looked up when omitted)'))
    .addOption(
      new Option('--agg <mode>', 'session endpoint: 1 aggregates by aggby, 2 lists error events').choices([
        '1',
        '2',
      ]),
    )
    .addOption(
      new Option(
        '--base-url <url>',
        `service base URL (env PLAYQ_BASE_URL, default ${DEFAULT_BASE_URL})`,
      ).argParser(parseHttpUrl),
    )
    .addOption(catalogueOption());
}

/**
 * True when any query-shaping flag was given.
 *
 * @example
 * hasShapeFlags({ metrics: ['errors'] }); // true
 * hasShapeFlags({ baseUrl: 'http://h' }); // false
 */
export function hasShapeFlags(flags: QueryFlags): boolean {
  return SHAPE_FLAGS.some((name) => flags[name] !== undefined);
}

/**
 * The period text of the flags: `--period` as given, or `--last` counted back from `--end` (or from
 * `now`: see `lastPeriodEnd`).
 *
 * @example
 * periodText({ last: 3600, end: 1767225600 }, 0); // 'start=1767222000,end=1767225600'
 */
export function periodText(flags: QueryFlags, nowSeconds: number): string {
  if (flags.period !== undefined && flags.last !== undefined) {
    throw usageError('give the period either with --period or with --last, not both');
  }
  if (flags.end !== undefined && flags.last === undefined) throw usageError('--end goes with --last');
  if (flags.period !== undefined) return flags.period;
  if (flags.last === undefined) {
    throw usageError("a query needs a period: add --last 24h or --period 'start=<epoch_s>,end=<epoch_s>'");
  }
  const end = flags.end ?? lastPeriodEnd(flags, nowSeconds);
  return `start=${end - flags.last},end=${end}`;
}

/**
 * The URL the flags describe, made by the query package's builder and printed by its URL codec. It
 * is not validated here; `fromURL` does that and reports positions in each value.
 *
 * @example
 * flagsToUrl('metricquery', 'demo', { last: 3600, end: 7200, metrics: ['errors'] }, 'http://h/api/v1', 0);
 * // 'http://h/api/v1/metricquery/demo?period=start%3D3600%2Cend%3D7200&metrics=errors'
 */
export function flagsToUrl(
  endpoint: string,
  customerId: string,
  flags: QueryFlags,
  baseUrl: string,
  nowSeconds: number,
  catalogue?: AnyCatalogue,
): string {
  if (flags.metrics === undefined) throw usageError('a query needs --metrics, e.g. --metrics errors,users');
  const queries = createQueries(catalogue ?? DEFAULT_CATALOGUE);
  const start = endpoint === 'session' ? queries.sessionQuery(customerId) : queries.metricQuery(customerId);
  let b = queries.fromQuery(start.toQuery());
  if (flags.planlevel !== undefined) b = b.planLevel(flags.planlevel);
  b = b.period(periodText(flags, nowSeconds)).metrics(...flags.metrics);
  b = withShape(b, flags);
  if (flags.agg !== undefined) b = b.agg(Number(flags.agg) as 1 | 2);
  if (flags.sessiontype !== undefined) b = b.sessionType(flags.sessiontype);
  if (flags.allstatus) b = b.allStatuses();
  if (flags.concurrencyMode) b = b.concurrency();
  if (flags.businesserror) b = b.businessErrors();
  if (flags.filter !== undefined) b = b.where(flags.filter);
  if (flags.qoefilter !== undefined) b = b.having(flags.qoefilter);
  if (flags.orderby !== undefined) b = b.orderBy(flags.orderby, flags.order as 'asc' | 'desc' | undefined);
  if (flags.limit !== undefined) b = b.limit(flags.limit);
  if (flags.offset !== undefined) b = b.offset(flags.offset);
  return b.toURL(baseUrl);
}

type Loose = ReturnType<ReturnType<typeof createQueries>['fromQuery']>;

/** aggby and granularity: a granularity without a time series is kept, for validation to report. */
function withShape(b: Loose, flags: QueryFlags): Loose {
  const aggby = flags.aggby ?? [];
  const granularity = flags.granularity as Granularity | undefined;
  if (isTimeSeries({ aggby })) return b.timeseries(granularity);
  const shaped = aggby.length > 0 ? b.aggBy(...aggby) : b;
  if (granularity === undefined) return shaped;
  return createQueries(shaped['~catalogue']).fromQuery({ ...shaped.toQuery(), granularity });
}

/**
 * The base URL from the flag, the environment, or the default.
 *
 * @example
 * resolveBaseUrl({}, { PLAYQ_BASE_URL: 'https://api.example/api/v1/' }); // 'https://api.example/api/v1'
 */
export function resolveBaseUrl(
  flags: { readonly baseUrl?: string },
  env: Readonly<Record<string, string | undefined>>,
): string {
  if (flags.baseUrl !== undefined) return flags.baseUrl;
  const fromEnv = env.PLAYQ_BASE_URL;
  if (fromEnv !== undefined && fromEnv !== '') {
    try {
      return parseHttpUrl(fromEnv);
    } catch (error) {
      throw usageError(`PLAYQ_BASE_URL: ${(error as Error).message}`);
    }
  }
  return DEFAULT_BASE_URL;
}
