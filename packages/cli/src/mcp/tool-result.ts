// How every tool answers: its structured result, also as JSON text for clients that read only
// text; or, when it could not do its work (the service refused, a credential is missing), an error
// result in one line that never holds a credential.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CliError } from '../errors';
import { safeJson } from '../format/terminal-text';
import { describeClientError } from '../run-query';

/**
 * A tool result carrying `value` as structured content and as JSON text.
 *
 * @example
 * return structured({ ok: true, url });
 */
export function structured(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: safeJson(value, 2) }], structuredContent: value };
}

/**
 * A tool error result: the service's problem or the failure in one line, without any secret (the
 * client redacts its errors; the CLI's own messages never hold one).
 *
 * @example
 * return failure(error); // { isError: true, content: [{ type: 'text', text: 'the service answered 401 …' }] }
 */
export function failure(error: unknown): CallToolResult {
  const text = error instanceof CliError ? error.message : describeClientError(error);
  return { isError: true, content: [{ type: 'text', text }] };
}

/**
 * `handler` with every exception turned into a `failure` result, so nothing the SDK would echo
 * (an unexpected error's message) bypasses the wording above.
 *
 * @example
 * server.registerTool('run_query', config, safely(async (args) => run(args)));
 */
export function safely<A, E>(
  handler: (args: A, extra: E) => Promise<CallToolResult>,
): (args: A, extra: E) => Promise<CallToolResult> {
  return async (args, extra) => {
    try {
      return await handler(args, extra);
    } catch (error) {
      return failure(error);
    }
  };
}
