// `run_query`: a validated query run on the configured service through @playq/client (paging,
// retries, auth), bounded by a record budget the caller sets, a deadline and a size cap; a query
// that does not validate is answered with its problems and never sent.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type PlayqClient, PlayqResponseTooLargeError } from '@playq/client';
import { outsideTheData, type QueryNode } from '@playq/query';
import { z } from 'zod';
import { isAbort } from '../../errors';
import { problemSchema } from '../problems';
import { queryInput } from '../query-input';
import { type McpService, resolveToolQuery } from '../tool-query';
import { failure, safely, structured } from '../tool-result';

/** The most records' JSON one answer carries. */
export const MAX_RESULT_BYTES = 256 * 1024;
/**
 * The largest page body the tools' clients read, counted as it streams in: a page bigger than
 * this is cut off before it is buffered, and the run ends with what it had (`truncatedBy: 'size'`).
 */
export const MAX_PAGE_BYTES = 4 * MAX_RESULT_BYTES;
/** Records returned when the caller sets no budget. */
export const DEFAULT_BUDGET = 100;
const MAX_BUDGET = 5000;
const DEFAULT_DEADLINE_S = 30;
const MAX_DEADLINE_S = 120;

type Row = Record<string, string | number | boolean | null>;
type Cut = 'budget' | 'size' | 'deadline' | null;

interface Collected {
  readonly records: Row[];
  readonly totalrecords: number | null;
  readonly truncatedBy: Cut;
  /** Why an empty answer is empty when its period misses the served data, else `null`. */
  readonly note: string | null;
}

/** The bounds a tool that runs a query takes: a record budget and a deadline. */
export const boundsInput = {
  recordBudget: z.number().int().min(1).max(MAX_BUDGET).optional().describe('the most records to return'),
  deadlineSeconds: z.number().int().min(1).max(MAX_DEADLINE_S).optional(),
};

/** The output field that says why an empty answer is empty. */
export const noteSchema = z
  .string()
  .nullable()
  .describe('why an empty answer is empty, when its period lies outside the served data');

/**
 * The tool call's signal joined with its deadline (default 30 s).
 *
 * @example
 * const signal = deadlineSignal(extra.signal, input.deadlineSeconds);
 */
export function deadlineSignal(call: AbortSignal, seconds: number | undefined): AbortSignal {
  return AbortSignal.any([call, AbortSignal.timeout((seconds ?? DEFAULT_DEADLINE_S) * 1000)]);
}

/**
 * Pages in order until the budget, the size cap or the deadline; what arrived before a cut is kept.
 *
 * @example
 * const { records, truncatedBy } = await collect(client, query, 100, signal);
 */
export async function collect(
  client: PlayqClient,
  query: QueryNode,
  budget: number,
  signal: AbortSignal,
): Promise<Collected> {
  const records: Row[] = [];
  let bytes = 0;
  let totalrecords: number | null = null;
  const cut = (truncatedBy: Cut): Collected => ({ records, totalrecords, truncatedBy, note: null });
  try {
    for await (const page of client.pages({ ...query, limit: Math.min(query.limit, budget) }, { signal })) {
      totalrecords = page.totalrecords;
      if (totalrecords === 0 && page.dataSpan !== undefined && query.period?.type === 'period') {
        return { ...cut(null), note: outsideTheData(query.period, page.dataSpan) ?? null };
      }
      for (const record of page.records as Row[]) {
        if (records.length >= budget) return cut('budget');
        const size = JSON.stringify(record).length + 1;
        if (bytes + size > MAX_RESULT_BYTES) return cut('size');
        records.push(record);
        bytes += size;
      }
      if (records.length >= budget && records.length < totalrecords - query.offset) return cut('budget');
    }
    return cut(null);
  } catch (error) {
    if (PlayqResponseTooLargeError.isInstance(error)) return cut('size');
    if (
      signal.reason instanceof DOMException &&
      signal.reason.name === 'TimeoutError' &&
      isAbort(error, signal)
    ) {
      return cut('deadline');
    }
    throw error;
  }
}

/**
 * Registers `run_query` on `server`.
 *
 * @example
 * registerRunTool(server, service);
 */
export function registerRunTool(server: McpServer, service: McpService): void {
  server.registerTool(
    'run_query',
    {
      title: 'Run a query',
      description: `Validates a query (fields as for build_query, or a URL on the configured service) and, only when it is valid, runs it and returns its records in order with the canonical URL used. Bounded: at most recordBudget records (default ${DEFAULT_BUDGET}, up to ${MAX_BUDGET}, fetched page by page), a deadline of deadlineSeconds (default ${DEFAULT_DEADLINE_S}, up to ${MAX_DEADLINE_S}) and ${MAX_RESULT_BYTES / 1024} KiB of records; truncatedBy says which limit cut the answer. An invalid query returns its problems (codes, offsets, did-you-mean) and sends nothing.`,
      inputSchema: { ...queryInput, ...boundsInput },
      outputSchema: {
        ok: z.boolean(),
        url: z.string().nullable().describe('the canonical URL run'),
        problems: z.array(problemSchema),
        warnings: z.array(problemSchema),
        totalrecords: z.number().int().nullable().describe('records in the whole result'),
        returned: z.number().int(),
        truncatedBy: z.enum(['budget', 'size', 'deadline']).nullable(),
        note: noteSchema,
        records: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    safely(service, async ({ recordBudget, deadlineSeconds, ...input }, extra) => {
      const signal = deadlineSignal(extra.signal, deadlineSeconds);
      const resolved = await resolveToolQuery(input, service, { forRun: true, signal });
      if (!resolved.ok) {
        return structured({
          ok: false,
          url: null,
          problems: resolved.problems,
          warnings: [],
          totalrecords: null,
          returned: 0,
          truncatedBy: null,
          note: null,
          records: [],
        });
      }
      const client = service.client(resolved.query.endpoint);
      try {
        const got = await collect(client, resolved.query, recordBudget ?? DEFAULT_BUDGET, signal);
        return structured({
          ok: true,
          url: resolved.url,
          problems: [],
          warnings: resolved.warnings,
          ...got,
          returned: got.records.length,
        });
      } catch (error) {
        return failure(error);
      }
    }),
  );
}
