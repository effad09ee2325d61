// The flags that describe a query (shared by `url`, `explain` and `query`), one per row of
// @playq/query's parameter table (names, help, choices and bounds come from the row), turned into
// builder calls and printed by its URL codec, so the CLI and the library cannot disagree about
// what a flag means; the codec then parses and validates that URL with positions.
import {
  type AnyCatalogue,
  createQueries,
  DEFAULT_BASE_URL,
  DEFAULT_CATALOGUE,
  DEFAULT_LIMITS,
  ENDPOINTS,
  isEndpoint,
  PARAMETERS,
  type Parameter,
  type ParameterName,
} from '@playq/query';
import { type Command, Option } from 'commander';
import { integerArg, parseHttpUrl, parseList, parseSpan, parseTime } from './args';
import { catalogueOption } from './catalogue-file';
import { usageError } from './errors';
import { lastPeriodEnd } from './period-end';

/**
 * Flags named otherwise than their parameter. `--concurrency` already sets how many pages
 * `playq query` fetches at once, so the `concurrency` parameter is `--concurrency-mode`.
 */
const FLAG_NAMES: Readonly<Partial<Record<ParameterName, string>>> = { concurrency: 'concurrency-mode' };

type Row = (typeof PARAMETERS)[number];
type FlagKey<N extends string> = N extends 'concurrency' ? 'concurrencyMode' : N;
type FlagValue<K> = K extends 'list'
  ? string[]
  : K extends 'integer'
    ? number
    : K extends 'switch'
      ? boolean
      : string;

/** The value of each parameter's flag, as commander hands it over (lists split, numbers parsed). */
export type ParameterFlags = { readonly [R in Row as FlagKey<R['name']>]?: FlagValue<R['kind']> };

export interface QueryFlags extends ParameterFlags {
  /** `--last`: the period's length in seconds, ending now or at `--end`. */
  readonly last?: number;
  readonly end?: number;
  readonly baseUrl?: string;
  /** A catalogue file (not a shape flag): names to accept beyond the default catalogue. */
  readonly catalogue?: string;
}

/** The flag of a parameter, without the dashes: its name, or the exception above. */
export function flagName(row: Pick<Parameter, 'name'>): string {
  return FLAG_NAMES[row.name as ParameterName] ?? row.name;
}

/** Where commander keeps a flag's value (`concurrency-mode` → `concurrencyMode`). */
function flagKey(row: Pick<Parameter, 'name'>): string {
  return flagName(row).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The flags that shape a query (not the base URL), by commander's key: given together with a URL they conflict. */
export function shapeFlags(table: readonly Parameter[] = PARAMETERS): string[] {
  return ['last', 'end', ...table.map(flagKey)];
}

/** The shape flags of the default table. */
export const SHAPE_FLAGS: readonly string[] = Object.freeze(shapeFlags());

/** The default base URL when neither --base-url nor PLAYQ_BASE_URL is given: `playq serve`'s. */
export { DEFAULT_BASE_URL };

/** The option of one parameter: a switch without a value, choices, bounds or a list, from its row. */
export function parameterOption(row: Parameter): Option {
  const flag = `--${flagName(row)}`;
  if (row.kind === 'switch') return new Option(flag, row.help);
  const option = new Option(`${flag} ${row.placeholder}`, row.help);
  if (row.kind === 'enum') return option.choices((row.values ?? []).map((v) => v.text));
  if (row.kind === 'list') return option.argParser(parseList);
  if (row.kind === 'integer') return option.argParser(integerArg(row.min ?? 0, row.max?.(DEFAULT_LIMITS)));
  return option;
}

/** @internal Adds the query-shaping flags to a command: one per parameter, `--last`/`--end` beside `--period`. */
export function addQueryOptions(command: Command, table: readonly Parameter[] = PARAMETERS): Command {
  for (const row of table) {
    command.addOption(parameterOption(row));
    if (row.name === 'period') addLastOptions(command);
  }
  return command
    .addOption(
      new Option(
        '--base-url <url>',
        `service base URL (env PLAYQ_BASE_URL, default ${DEFAULT_BASE_URL})`,
      ).argParser(parseHttpUrl),
    )
    .addOption(catalogueOption());
}

function addLastOptions(command: Command): void {
  command
    .addOption(
      new Option('--last <span>', 'the period ending now (or at --end): 15m, 24h, 7d, 2w').argParser(
        parseSpan,
      ),
    )
    .addOption(
      new Option('--end <time>', 'end of --last: epoch seconds or ISO-8601 (default: now)').argParser(
        parseTime,
      ),
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
  const given = flags as Readonly<Record<string, unknown>>;
  return SHAPE_FLAGS.some((name) => given[name] !== undefined);
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
 * The URL text of a parameter's flag, `undefined` when the flag was not given: a switch's "on"
 * text, a list joined with commas, a number printed.
 */
export function flagText(row: Parameter, flags: QueryFlags): string | undefined {
  const value = (flags as Readonly<Record<string, unknown>>)[flagKey(row)];
  if (value === undefined || value === false) return undefined;
  if (value === true) return row.values?.find((v) => v.text !== row.defaultText)?.text;
  return Array.isArray(value) ? value.join(',') : String(value);
}

/**
 * The URL the flags describe, made by the query package's builder (one `withParameter` call per
 * flag given) and printed by its URL codec. It is not validated here; `fromURL` does that and
 * reports positions in each value.
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
  table: readonly Parameter[] = PARAMETERS,
): string {
  if (flags.metrics === undefined) throw usageError('a query needs --metrics, e.g. --metrics errors,users');
  if (!isEndpoint(endpoint)) throw usageError(`"${endpoint}" is not an endpoint: ${ENDPOINTS.join(', ')}`);
  const queries = createQueries(catalogue ?? DEFAULT_CATALOGUE);
  const start =
    endpoint === 'session'
      ? queries.sessionQuery(customerId)
      : endpoint === 'listsessions'
        ? queries.sessionList(customerId)
        : queries.metricQuery(customerId);
  let b = queries.fromQuery(start.toQuery());
  for (const row of table) {
    const text = row.name === 'period' ? periodText(flags, nowSeconds) : flagText(row, flags);
    if (text !== undefined) b = b.withParameter(row.name as ParameterName, text);
  }
  return b.toURL(baseUrl);
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
