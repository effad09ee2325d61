// `validate_text`: one filter, qoefilter or period text checked as an editor checks it, with the
// canonical form when it is valid, or each problem at its offset with a did-you-mean.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { diagnosticJson } from '../../format/diagnostics';
import { TEXT_KINDS, validateText } from '../../validate-text';
import { problemSchema } from '../problems';
import type { McpService } from '../tool-query';
import { safely, structured } from '../tool-result';

/**
 * Registers `validate_text` on `server`.
 *
 * @example
 * registerValidateTool(server, service);
 */
export function registerValidateTool(server: McpServer, service: McpService): void {
  server.registerTool(
    'validate_text',
    {
      title: 'Check a filter, qoefilter or period',
      description:
        "Checks one text of the query languages against the grammar and the catalogue: filter ('[country=US|FR][platform=ios]'), qoefilter ('bufferingratio>5 AND latency<=2.5') or period ('start=<epoch_s>,end=<epoch_s>'). Returns the canonical form, or each error with its offset, length, what was expected and a did-you-mean. Sends nothing to the service.",
      inputSchema: {
        kind: z.enum(TEXT_KINDS).describe('which language the text is in'),
        text: z.string(),
      },
      outputSchema: {
        ok: z.boolean(),
        canonical: z.string().nullable(),
        errors: z.array(problemSchema),
        warnings: z.array(problemSchema),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    safely(service, async ({ kind, text }) => {
      const outcome = validateText(kind, text, service.catalogue);
      return structured({
        ok: outcome.ok,
        canonical: outcome.canonical,
        errors: outcome.errors.map(diagnosticJson),
        warnings: outcome.warnings.map(diagnosticJson),
      });
    }),
  );
}
