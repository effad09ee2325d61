// `build_query`: a query from structured fields (or a URL) to its canonical URL, a description in
// words and the TypeScript that builds it; every problem with the library's code and position.
// Nothing is sent to the service, except a plan-level lookup for a session query without one.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { builderCode, type QueryNode } from '@playq/query';
import { z } from 'zod';
import { describeQuery } from '../../explain/describe-query';
import { problemSchema } from '../problems';
import { queryInput } from '../query-input';
import { type McpService, resolveToolQuery } from '../tool-query';
import { safely, structured } from '../tool-result';

/** A query in words, one `label  value` line per aspect, as `playq explain` prints it. */
export function explanationOf(query: QueryNode): string {
  const rows = describeQuery(query);
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}

/**
 * Registers `build_query` on `server`.
 *
 * @example
 * registerBuildTool(server, service);
 */
export function registerBuildTool(server: McpServer, service: McpService): void {
  server.registerTool(
    'build_query',
    {
      title: 'Build and explain a query',
      description:
        "Builds a query from fields (endpoint, customerId, period or last, metrics, aggby, filter, qoefilter, orderby, limit, …) or reads a URL, and returns its canonical URL, what it asks for in words, and the TypeScript (@playq/query builder) that makes it. Problems come back with the service's codes, the parameter, the offset inside its text and a did-you-mean; nothing is run.",
      inputSchema: queryInput,
      outputSchema: {
        ok: z.boolean(),
        url: z.string().nullable().describe('the canonical URL'),
        problems: z.array(problemSchema),
        warnings: z.array(problemSchema),
        explanation: z.string().nullable(),
        typescript: z.string().nullable(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    safely(service, async (input, extra) => {
      const resolved = await resolveToolQuery(input, service, { forRun: false, signal: extra.signal });
      if (!resolved.ok) {
        return structured({
          ok: false,
          url: null,
          problems: resolved.problems,
          warnings: [],
          explanation: null,
          typescript: null,
        });
      }
      return structured({
        ok: true,
        url: resolved.url,
        problems: [],
        warnings: resolved.warnings,
        explanation: explanationOf(resolved.query),
        typescript: builderCode(resolved.query),
      });
    }),
  );
}
