// `drill_down`: from one record of a metricquery breakdown or time series to the session list of
// exactly the sessions behind it (@playq/query's drillDown), as a canonical URL and in words, and
// run within the same bounds as run_query when asked; a record it refuses comes back as problems.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { drillDown, toURL } from '@playq/query';
import { z } from 'zod';
import { problemOf, problemSchema } from '../problems';
import { queryInput } from '../query-input';
import { type McpService, resolveToolQuery, type ToolQuery } from '../tool-query';
import { failure, safely, structured } from '../tool-result';
import { explanationOf } from './build-tool';
import { boundsInput, collect, DEFAULT_BUDGET, deadlineSignal, noteSchema } from './run-tool';

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const drillInput = {
  ...queryInput,
  record: z
    .record(z.string(), cell)
    .describe(
      "one record of that query's result, as run_query returned it: its dimension values (timestamp for a time series) pick the sessions",
    ),
  fields: z
    .array(z.string())
    .optional()
    .describe(
      'the list fields to show for each session, e.g. sessionid, bufferingratio, device (see list_catalogue)',
    ),
  run: z.boolean().optional().describe('also run the session list (default false: only build it)'),
  ...boundsInput,
};

const refused = (problems: z.infer<typeof problemSchema>[]) =>
  structured({
    ok: false,
    url: null,
    problems,
    explanation: null,
    totalrecords: null,
    returned: 0,
    truncatedBy: null,
    note: null,
    records: [],
  });

// The breakdown as the agent gave it, then the list behind its record (with the fields asked for).
async function listOf(
  input: z.infer<z.ZodObject<typeof drillInput>>,
  service: McpService,
  signal: AbortSignal,
): Promise<ToolQuery> {
  const { record, fields, run: _, recordBudget: __, deadlineSeconds: ___, ...query } = input;
  const breakdown = await resolveToolQuery(query, service, { forRun: false, signal });
  if (!breakdown.ok) return breakdown;
  const drilled = drillDown(breakdown.query, record, {
    catalogue: service.catalogue,
    ...(fields === undefined ? {} : { fields }),
  });
  if (!drilled.ok) return { ok: false, problems: drilled.errors.map(problemOf) };
  return resolveToolQuery({ url: toURL(drilled.query, { baseUrl: service.baseUrl }) }, service, {
    forRun: true,
    signal,
  });
}

/**
 * Registers `drill_down` on `server`.
 *
 * @example
 * registerDrillTool(server, service);
 */
export function registerDrillTool(server: McpServer, service: McpService): void {
  server.registerTool(
    'drill_down',
    {
      title: 'Drill down to the sessions behind a record',
      description:
        "Given a metricquery breakdown or time series (fields or URL, as for build_query) and one record of its result, returns the session list (listsessions) of exactly the sessions behind that record: same period and population, the record's dimension values added to the filter, session-level qoefilter conditions kept. With run=true it also runs the list, bounded as run_query is (recordBudget, deadlineSeconds, a size cap). A record with an empty dimension value or on an error-only dimension (category, key) is refused with a problem.",
      inputSchema: drillInput,
      outputSchema: {
        ok: z.boolean(),
        url: z.string().nullable().describe('the canonical URL of the session list'),
        problems: z.array(problemSchema),
        explanation: z.string().nullable(),
        totalrecords: z.number().int().nullable().describe('sessions behind the record (when run)'),
        returned: z.number().int(),
        truncatedBy: z.enum(['budget', 'size', 'deadline']).nullable(),
        note: noteSchema,
        records: z.array(z.record(z.string(), cell)),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    safely(service, async (input, extra) => {
      const signal = deadlineSignal(extra.signal, input.deadlineSeconds);
      const list = await listOf(input, service, signal);
      if (!list.ok) return refused(list.problems);
      const answer = { ok: true, url: list.url, problems: [], explanation: explanationOf(list.query) };
      if (input.run !== true) {
        return structured({
          ...answer,
          totalrecords: null,
          returned: 0,
          truncatedBy: null,
          note: null,
          records: [],
        });
      }
      try {
        const client = service.client(list.query.endpoint);
        const got = await collect(client, list.query, input.recordBudget ?? DEFAULT_BUDGET, signal);
        return structured({ ...answer, ...got, returned: got.records.length });
      } catch (error) {
        return failure(error);
      }
    }),
  );
}
