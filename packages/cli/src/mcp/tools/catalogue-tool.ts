// `list_catalogue`: the names a query may use, with each metric's unit, level and definition and
// each dimension's combinations, so an agent picks real names before it builds a query.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ENDPOINTS } from '@playq/query';
import { z } from 'zod';
import { catalogueJson } from '../../catalogue-json';
import type { McpService } from '../tool-query';
import { safely, structured } from '../tool-result';

const metricSchema = z.object({
  name: z.string(),
  unit: z.string(),
  level: z.enum(['session', 'group']),
  endpoints: z.array(z.string()),
  concurrency: z.boolean().describe('whether it may be requested with concurrency=1'),
  better: z
    .enum(['lower', 'higher'])
    .optional()
    .describe('which way the metric is better (left out for counts, where neither is)'),
  description: z.string(),
});

const dimensionSchema = z.object({
  name: z.string(),
  endpoints: z.array(z.string()),
  combinesWith: z.union([z.literal('all'), z.array(z.string())]).describe('the metrics it combines with'),
  sessionField: z.boolean().describe('whether the session endpoint also takes it in metrics'),
  description: z.string(),
});

/** The catalogue tool's output: the shape of `playq catalogue --json`. */
export const catalogueOutput = {
  metrics: z.array(metricSchema),
  dimensions: z.array(dimensionSchema),
  timestamp: z.string(),
};

/**
 * Registers `list_catalogue` on `server`.
 *
 * @example
 * registerCatalogueTool(server, service);
 */
export function registerCatalogueTool(server: McpServer, service: McpService): void {
  server.registerTool(
    'list_catalogue',
    {
      title: 'List metrics and dimensions',
      description:
        'The metric and dimension names queries may use: each metric with unit, level (session or group), endpoints, whether it works with concurrency=1, which way is better, and definition; each dimension with the metrics it combines with. Filter by endpoint or level.',
      inputSchema: {
        endpoint: z
          .string()
          .optional()
          .describe(`only names valid on this endpoint (${ENDPOINTS.join(', ')})`),
        level: z.enum(['session', 'group']).optional().describe('only metrics of this level'),
      },
      outputSchema: catalogueOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    safely(service, async ({ endpoint, level }) => {
      const all = catalogueJson(service.catalogue);
      const onEndpoint = (e: { endpoints: readonly string[] }) =>
        endpoint === undefined || e.endpoints.includes(endpoint);
      return structured({
        metrics: all.metrics.filter((m) => onEndpoint(m) && (level === undefined || m.level === level)),
        dimensions: all.dimensions.filter(onEndpoint),
        timestamp: all.timestamp,
      });
    }),
  );
}
