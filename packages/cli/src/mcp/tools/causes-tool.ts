// `find_causes`: which dimension values drag a metric down (@playq/client's insights), for an
// agent: the query as fields or a URL, validated before anything is sent, bounded by the requests
// insights state and a deadline, and each cause with the session list an agent can run next.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type InsightCause, PlayqValidationError } from '@playq/client';
import { z } from 'zod';
import { isAbort } from '../../errors';
import { problem, problemOf, problemSchema } from '../problems';
import { queryInput } from '../query-input';
import { type McpService, resolveToolQuery } from '../tool-query';
import { failure, safely, structured } from '../tool-result';
import { deadlineSignal } from './run-tool';

const MAX_CAUSES = 20;
/** The most requests one call may send: 1 + D breakdowns + D − 1 to refine the top cause. */
const MAX_REQUESTS = 16;

const causesInput = {
  ...queryInput,
  dimensions: z
    .array(z.string())
    .optional()
    .describe('the candidate dimensions (default every dimension but identifiers such as subscriberid)'),
  minAttempts: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('leave out values with fewer attempts (default 30)'),
  minShare: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe('leave out values with a smaller share of the attempts (default 0.005)'),
  maxCauses: z
    .number()
    .int()
    .min(1)
    .max(MAX_CAUSES)
    .optional()
    .describe('the most causes returned (default 10)'),
  refine: z
    .boolean()
    .optional()
    .describe('break the top cause down by the other dimensions (default true; D - 1 more requests)'),
  deadlineSeconds: z.number().int().min(1).max(120).optional(),
};

const causeShape = {
  dimension: z.string(),
  value: z.string(),
  metricValue: z.number(),
  overallValue: z.number().describe('the metric over the population the cause is part of'),
  attempts: z.number().int(),
  share: z.number().describe('attempts / the population attempts, 0..1'),
  worse: z
    .number()
    .describe("how much worse than overall, in the metric's unit (per attempt for a count or sum)"),
  impact: z.number().describe('share × worse'),
  url: z.string().describe('the session list of exactly its sessions: give it to run_query as { url }'),
};
const causeSchema = z.object({
  ...causeShape,
  within: z
    .array(z.object(causeShape))
    .nullable()
    .describe(
      'the top cause only: the values of the other dimensions that drag it down (null for the others)',
    ),
});

type CauseOut = z.infer<typeof causeSchema> | Omit<z.infer<typeof causeSchema>, 'within'>;

const toCause = (c: InsightCause, withinToo: boolean): CauseOut => ({
  dimension: c.dimension,
  value: c.value,
  metricValue: c.metricValue,
  overallValue: c.overallValue,
  attempts: c.attempts,
  share: c.share,
  worse: c.worse,
  impact: c.impact,
  url: c.url,
  ...(withinToo ? { within: c.within === undefined ? null : c.within.map((w) => toCause(w, false)) } : {}),
});

const refused = (problems: z.infer<typeof problemSchema>[]) =>
  structured({
    ok: false,
    url: null,
    problems,
    metric: null,
    better: null,
    basis: null,
    overall: null,
    dimensions: [],
    requests: 0,
    causes: [],
  });

/**
 * Registers `find_causes` on `server`.
 *
 * @example
 * registerCausesTool(server, service);
 */
export function registerCausesTool(server: McpServer, service: McpService): void {
  server.registerTool(
    'find_causes',
    {
      title: 'Find the causes of a bad metric',
      description: `Given a metricquery naming one metric that is better lower or higher (fields as for build_query, or a URL; no aggby), ranks the dimension values that drag it down by negative impact = share of the attempts × how much worse than overall (values with fewer than minAttempts attempts or less than minShare of them are left out, so one bad session never ranks), and breaks the top cause down by the other dimensions (within). Each cause carries the URL of the session list of exactly its sessions, to run next with run_query. Bounded: at most 1 + D + (D - 1) requests for D candidate dimensions (14 by default, at most ${MAX_REQUESTS}), ${MAX_CAUSES} causes, and a deadline of deadlineSeconds (default 30, up to 120). An invalid query returns its problems and sends nothing.`,
      inputSchema: causesInput,
      outputSchema: {
        ok: z.boolean(),
        url: z.string().nullable().describe('the canonical URL of the query examined'),
        problems: z.array(problemSchema),
        metric: z.string().nullable(),
        better: z.enum(['lower', 'higher']).nullable(),
        basis: z.enum(['value', 'per attempt']).nullable(),
        overall: z.object({ value: z.number(), attempts: z.number().int() }).nullable(),
        dimensions: z.array(z.string()).describe('the candidate dimensions broken down'),
        requests: z.number().int().describe('requests sent to the service'),
        causes: z.array(causeSchema).describe('highest impact first'),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    safely(service, async (input, extra) => {
      const { dimensions, minAttempts, minShare, maxCauses, refine, deadlineSeconds, ...query } = input;
      const signal = deadlineSignal(extra.signal, deadlineSeconds);
      const resolved = await resolveToolQuery(query, service, { forRun: true, signal });
      if (!resolved.ok) return refused(resolved.problems);
      if (resolved.query.endpoint !== 'metricquery') {
        return refused([problem('unsupported_on_endpoint', 'endpoint', 'find_causes takes a metricquery')]);
      }
      try {
        const found = await service.client('metricquery').insights(resolved.query, {
          signal,
          maxRequests: MAX_REQUESTS,
          ...(dimensions === undefined ? {} : { dimensions }),
          ...(minAttempts === undefined ? {} : { minAttempts }),
          ...(minShare === undefined ? {} : { minShare }),
          ...(maxCauses === undefined ? {} : { maxCauses }),
          ...(refine === undefined ? {} : { refine }),
        });
        return structured({
          ok: true,
          url: resolved.url,
          problems: [],
          metric: found.metric,
          better: found.better,
          basis: found.basis,
          overall: found.overall,
          dimensions: found.dimensions,
          requests: found.requests,
          causes: found.causes.map((c) => toCause(c, true)),
        });
      } catch (error) {
        if (PlayqValidationError.isInstance(error)) return refused(error.diagnostics.map(problemOf));
        if (error instanceof RangeError) {
          return refused([
            problem('unsupported_parameter', 'dimensions', error.message.replace(/^@playq\/client: /, '')),
          ]);
        }
        if (isAbort(error, signal) && !extra.signal.aborted) {
          return failure(new Error(`find_causes ran past its deadline of ${deadlineSeconds ?? 30} s`));
        }
        return failure(error);
      }
    }),
  );
}
