// How every tool answers: its structured result, also as JSON text for clients that read only
// text; or, when it could not do its work (the service refused, a credential is missing), an error
// result in one line that never holds a credential.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { redactSecretsDeep } from '@playq/client';
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
 * (an unexpected error's message) bypasses the wording above, and every result passed through the
 * redaction rule with the secrets the service's clients know: a service that echoes the key in a
 * record does not put it in the agent's context.
 *
 * @example
 * server.registerTool('run_query', config, safely(service, async (args) => run(args)));
 */
export function safely<A, E>(
  service: { secrets(): readonly string[] },
  handler: (args: A, extra: E) => Promise<CallToolResult>,
): (args: A, extra: E) => Promise<CallToolResult> {
  return async (args, extra) => {
    let result: CallToolResult;
    try {
      result = await handler(args, extra);
    } catch (error) {
      result = failure(error);
    }
    return redactResult(result, service.secrets());
  };
}

/** `result` with every secret replaced, in its structured content and in its text. @internal */
export function redactResult(result: CallToolResult, secrets: readonly string[]): CallToolResult {
  if (secrets.length === 0) return result;
  return redactSecretsDeep(result, secrets);
}
