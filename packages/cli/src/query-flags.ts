// The flags that describe a query (shared by `url` and `query`), and their translation into a
// URL that the query package's codec parses and validates, so the CLI and the URL codec can never
// disagree about what a flag means.
import { type Command, Option } from 'commander';
import { integerArg, parseHttpUrl, parseList, parseSpan, parseTime } from './args';
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
  readonly baseUrl?: string;
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
      new Option('--granularity <unit>', 'time-series bucket (default hour)').choices([
        'minute',
        'hour',
        'day',
      ]),
    )
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
    );
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

const enc = encodeURIComponent;

/**
 * The URL the flags describe, parameters in canonical order, each value percent-encoded. It is not
 * validated here; the query package's `fromURL` does that and reports positions in each value.
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
): string {
  if (flags.metrics === undefined) throw usageError('a query needs --metrics, e.g. --metrics errors,users');
  const params: [string, string | undefined][] = [
    ['planlevel', flags.planlevel],
    ['period', periodText(flags, nowSeconds)],
    ['metrics', flags.metrics.join(',')],
    ['aggby', flags.aggby?.join(',')],
    ['granularity', flags.granularity],
    ['agg', flags.agg],
    ['filter', flags.filter],
    ['qoefilter', flags.qoefilter],
    ['orderby', flags.orderby],
    ['order', flags.order],
    ['limit', flags.limit?.toString()],
    ['offset', flags.offset?.toString()],
  ];
  const search = params
    .filter((p): p is [string, string] => p[1] !== undefined)
    .map(([k, v]) => `${k}=${enc(v)}`)
    .join('&');
  return `${baseUrl}/${endpoint}/${enc(customerId)}?${search}`;
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
