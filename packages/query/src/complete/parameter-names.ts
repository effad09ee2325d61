// Completion of parameter names in a query string (`period=…&met|`): the parameter table's names
// that apply to the endpoint and are not given yet, each with its one line of help, for an editor
// that edits a query URL or its query string.
import type { Parameter } from '../parameters/parameter';
import { PARAMETERS } from '../parameters/parameter-table';
import type { Endpoint } from '../wire/endpoints';
import type { CompletionResult, Suggestion } from './suggestion';

export interface ParameterCompletionOptions {
  /** Offer only the parameters of this endpoint (default: every parameter). */
  readonly endpoint?: Endpoint;
}

/**
 * The parameter names that may be typed at `offset` of a query string (the text after `?`, or a
 * whole URL): at a name's position, the names starting with what is typed so far, leaving out
 * those already given; nothing inside a value.
 *
 * @example
 * completeParameterName('period=start%3D0%2Cend%3D60&met', 31).suggestions[0];
 * // { label: 'metrics', insert: 'metrics=', from: 28, to: 31, type: 'key', description: 'comma-separated metrics, …' }
 */
export function completeParameterName(
  text: string,
  offset: number,
  options: ParameterCompletionOptions = {},
  table: readonly Parameter[] = PARAMETERS,
): CompletionResult {
  const s = typeof text === 'string' ? text : '';
  const at = Math.max(0, Math.min(Number.isInteger(offset) ? offset : s.length, s.length));
  const query = s.indexOf('?');
  const start = Math.max(query + 1, s.lastIndexOf('&', at - 1) + 1);
  const typed = s.slice(start, at);
  if (typed.includes('=') || typed.includes('#')) return { suggestions: [] };
  const end = start + (/^[^&=#]*/.exec(s.slice(start))?.[0].length ?? 0);
  const given = new Set(
    s
      .slice(query + 1)
      .split('&')
      .map((pair) => pair.split('=')[0]),
  );
  const suggestions: Suggestion[] = [];
  for (const row of table) {
    if (options.endpoint !== undefined && !row.endpoints.includes(options.endpoint)) continue;
    if (!row.name.startsWith(typed.toLowerCase()) || (given.has(row.name) && row.name !== typed)) continue;
    suggestions.push({
      label: row.name,
      insert: `${row.name}=`,
      from: start,
      to: end,
      type: 'key',
      description: row.help,
    });
  }
  return { suggestions };
}
