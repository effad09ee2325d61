// The query a tool is asked about, as structured fields (the CLI's query flags by their parameter
// names) or as a URL, turned into a URL through the same builder and codec as `playq url`, so a
// tool and the CLI cannot disagree about what a field means.
import type { AnyCatalogue } from '@playq/query';
import { z } from 'zod';
import { parseSpan, parseTime } from '../args';
import { checkPeriodFlag } from '../period-hint';
import { flagsToUrl, type QueryFlags } from '../query-flags';
import { type Problem, problem } from './problems';

/** Names as a list, or comma-separated as a URL spells them (`"latency,errors"`). */
const nameList = (what: string) =>
  z
    .union([z.array(z.string()), z.string()])
    .optional()
    .describe(`${what}: a list, or comma-separated as in a URL ('latency,errors')`);

/** A list of names as given: a comma-separated text split where the URL would split it. */
function names(value: readonly string[] | string | undefined): string[] | undefined {
  return typeof value === 'string' ? value.split(',') : value === undefined ? undefined : [...value];
}

/** The structured fields of a query, named as its URL parameters. */
export const queryFields = {
  endpoint: z
    .string()
    .optional()
    .describe('metricquery (aggregates), session (error insights) or listsessions (one record per session)'),
  customerId: z.string().optional().describe('the customer id, e.g. demo'),
  period: z.string().optional().describe("'start=<epoch_s>,end=<epoch_s>' (end excluded); or give last"),
  last: z.string().optional().describe('a span ending now (or at end): 15m, 24h, 7d, 2w'),
  end: z.union([z.number(), z.string()]).optional().describe('with last: epoch seconds or ISO-8601 time'),
  metrics: nameList('metric names (see list_catalogue)'),
  aggby: nameList("dimension names to break down by, or ['timestamp']"),
  granularity: z
    .string()
    .optional()
    .describe('time-series bucket: minute, 5minute, 10minute, hour, day, auto'),
  filter: z.string().optional().describe("filter language, e.g. '[country=US|FR][platform=ios]'"),
  qoefilter: z.string().optional().describe("qoefilter language, e.g. 'bufferingratio>5 AND latency<=2.5'"),
  orderby: z.string().optional(),
  order: z.string().optional().describe('asc or desc'),
  limit: z.number().int().optional().describe('page size, 1 to 10000'),
  offset: z.number().int().optional(),
  planlevel: z.string().optional().describe('session endpoint: the plan level (looked up when left out)'),
  agg: z.number().int().optional().describe('session endpoint: 1 aggregates by aggby, 2 lists error events'),
  sessiontype: z.string().optional().describe('ended (default) or started'),
  allstatus: z.boolean().optional(),
  concurrency: z.boolean().optional().describe('concurrency=1: sessions active in the period'),
  businesserror: z.boolean().optional(),
};

/** A query as fields, or as a URL (absolute, or root-relative to the configured service). */
export const queryInput = {
  url: z.string().optional().describe('a query URL, instead of the fields'),
  ...queryFields,
};

const inputObject = z.object(queryInput);
export type QueryInput = z.infer<typeof inputObject>;

const FIELD_NAMES = Object.keys(queryFields);

/**
 * The fields given beside a `url`, which would be silently ignored: a problem each.
 *
 * @example
 * fieldsBesideUrl({ url: '/api/v1/metricquery/demo?…', limit: 5 }); // [{ code: 'duplicate_parameter', param: 'limit', … }]
 */
export function fieldsBesideUrl(input: QueryInput): Problem[] {
  if (input.url === undefined) return [];
  return FIELD_NAMES.filter((name) => input[name as keyof QueryInput] !== undefined).map((name) =>
    problem('duplicate_parameter', name, `give url or the fields, not both: drop ${name} or url`),
  );
}

function periodProblem(input: QueryInput): Problem | undefined {
  if (input.period !== undefined && input.last !== undefined)
    return problem('duplicate_parameter', 'period', 'give period or last, not both');
  if (input.end !== undefined && input.last === undefined)
    return problem('invalid_period', 'period', 'end goes with last: the period is last, ending at end');
  if (input.period === undefined && input.last === undefined) {
    return problem('missing_parameter', 'period', "a query needs a period: give last (e.g. '24h') or period");
  }
  try {
    checkPeriodFlag(input.period);
  } catch (error) {
    const message = (error as Error).message
      .replace('--last', 'last')
      .replace('--end', 'end')
      .replace('--period', 'period');
    return problem('invalid_period', 'period', message);
  }
  return undefined;
}

// A span or a time the CLI cannot read, in commander's words.
function readTimes(input: QueryInput): { last?: number; end?: number } | Problem {
  try {
    return {
      ...(input.last === undefined ? {} : { last: parseSpan(input.last) }),
      ...(input.end === undefined ? {} : { end: parseTime(String(input.end)) }),
    };
  } catch (error) {
    return problem('invalid_period', 'period', (error as Error).message);
  }
}

// The fields as the CLI's query flags.
function flagsOf(input: QueryInput, times: { last?: number; end?: number }): QueryFlags {
  return {
    ...times,
    ...(input.period === undefined ? {} : { period: input.period }),
    ...(input.metrics === undefined ? {} : { metrics: names(input.metrics)! }),
    ...(input.aggby === undefined ? {} : { aggby: names(input.aggby)! }),
    ...(input.granularity === undefined ? {} : { granularity: input.granularity }),
    ...(input.filter === undefined ? {} : { filter: input.filter }),
    ...(input.qoefilter === undefined ? {} : { qoefilter: input.qoefilter }),
    ...(input.orderby === undefined ? {} : { orderby: input.orderby }),
    ...(input.order === undefined ? {} : { order: input.order }),
    ...(input.limit === undefined ? {} : { limit: input.limit }),
    ...(input.offset === undefined ? {} : { offset: input.offset }),
    ...(input.planlevel === undefined ? {} : { planlevel: input.planlevel }),
    ...(input.agg === undefined ? {} : { agg: String(input.agg) }),
    ...(input.sessiontype === undefined
      ? {}
      : { sessiontype: input.sessiontype as QueryFlags['sessiontype'] }),
    ...(input.allstatus ? { allstatus: true } : {}),
    ...(input.concurrency ? { concurrencyMode: true } : {}),
    ...(input.businesserror ? { businesserror: true } : {}),
  };
}

/**
 * The URL of a query given as fields, or the problems that stop it being written: missing fields,
 * a period the CLI cannot read. Everything else is left for `fromURL` to check with positions.
 *
 * @example
 * fieldsToUrl({ endpoint: 'metricquery', customerId: 'demo', last: '24h', metrics: ['errors'] },
 *   { baseUrl: 'http://127.0.0.1:8080/api/v1', now: Date.now() / 1000, endpoints: ['metricquery', 'session'] });
 * // { url: 'http://127.0.0.1:8080/api/v1/metricquery/demo?period=…&metrics=errors' }
 */
export function fieldsToUrl(
  input: QueryInput,
  at: {
    readonly baseUrl: string;
    readonly now: number;
    readonly endpoints: readonly string[];
    readonly catalogue?: AnyCatalogue;
  },
): { readonly url: string } | { readonly problems: Problem[] } {
  const problems: Problem[] = [];
  if (input.endpoint === undefined || !at.endpoints.includes(input.endpoint)) {
    problems.push(problem('not_found', 'endpoint', `endpoint is one of ${at.endpoints.join(', ')}`));
  }
  if (input.customerId === undefined)
    problems.push(problem('missing_parameter', 'customerId', 'customerId is required'));
  if (input.metrics === undefined || input.metrics.length === 0) {
    problems.push(
      problem(
        'missing_parameter',
        'metrics',
        'metrics is required: the names to compute (see list_catalogue)',
      ),
    );
  }
  const period = periodProblem(input);
  if (period !== undefined) problems.push(period);
  const times = readTimes(input);
  if ('code' in times) problems.push(times);
  if (problems.length > 0 || 'code' in times) return { problems };
  const flags = flagsOf(input, times);
  return { url: flagsToUrl(input.endpoint!, input.customerId!, flags, at.baseUrl, at.now, at.catalogue) };
}
