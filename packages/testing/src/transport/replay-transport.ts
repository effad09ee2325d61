// A transport that answers from a fixture instead of the network. Requests match on method and
// URL (query parameters in any order); repeated requests get the recorded answers in order, then
// the last one again, so a test that polls twice still replays.
import { isSensitiveParam } from '@playq/query';
import type { Transport } from '../contract/types';
import { type Fixture, type FixtureEntry, parseFixture } from './fixture';
import { REDACTED } from './redact';

/** What to do with a request the fixture holds no answer for. */
export type OnMissing = 'throw' | 'not-found' | Transport;

export interface ReplayOptions {
  /** Default `'throw'`: a `ReplayMissError` names the request and the closest recorded one. */
  readonly onMissing?: OnMissing;
}

/** Thrown (from the transport, like a network failure) for a request the fixture cannot answer. */
export class ReplayMissError extends Error {
  readonly method: string;
  readonly url: string;
  constructor(method: string, url: string, closest: string | undefined) {
    super(
      `@playq/testing: the fixture holds no answer for ${method} ${url}` +
        (closest ? `; the closest recorded request is ${closest}` : '; the fixture is empty'),
    );
    this.name = 'ReplayMissError';
    this.method = method;
    this.url = url;
  }
}

export interface ReplayTransport extends Transport {
  /** Recorded requests that were never asked for, e.g. to assert a test used its whole fixture. */
  unused(): readonly FixtureEntry[];
}

/**
 * Answer requests from a recorded fixture.
 *
 * @example
 * const fixture = await loadFixture('test/fixtures/errors-by-country.json');
 * const client = createClient({ baseUrl, planUrl, auth, fetch: replayTransport(fixture) });
 * expect(await client.all(query)).toMatchSnapshot();
 */
export function replayTransport(fixture: Fixture, options: ReplayOptions = {}): ReplayTransport {
  const checked = parseFixture(fixture);
  // Credential-like names are masked by the shared rule; the fixture lists the caller's extra ones.
  const extra = new Set(checked.redactedParams);
  const redacted = (name: string) => isSensitiveParam(name) || extra.has(name);
  const onMissing = options.onMissing ?? 'throw';
  if (onMissing !== 'throw' && onMissing !== 'not-found' && typeof onMissing !== 'function') {
    throw new TypeError(
      `@playq/testing: replayTransport: onMissing must be 'throw', 'not-found' or a transport`,
    );
  }
  const queues = new Map<string, { entries: FixtureEntry[]; next: number }>();
  for (const entry of checked.entries) {
    const key = matchKey(entry.request.method, entry.request.url, redacted);
    const queue = queues.get(key) ?? { entries: [], next: 0 };
    queue.entries.push(entry);
    queues.set(key, queue);
  }

  const transport = async (request: Request): Promise<Response> => {
    const key = matchKey(request.method, request.url, redacted);
    const queue = queues.get(key);
    if (!queue) {
      if (typeof onMissing === 'function') return onMissing(request);
      if (onMissing === 'not-found') {
        return new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Not Found',
            status: 404,
            detail: `no recorded answer for ${request.method} ${new URL(request.url).pathname}`,
            code: 'not_found',
          }),
          { status: 404, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      throw new ReplayMissError(
        request.method,
        stripSearchSecrets(request.url, redacted),
        closest(key, queues),
      );
    }
    const entry = queue.entries[Math.min(queue.next, queue.entries.length - 1)]!;
    queue.next++;
    return toResponse(entry);
  };

  return Object.assign(transport, {
    unused: () => [...queues.values()].flatMap((q) => q.entries.slice(q.next)),
  });
}

function toResponse(entry: FixtureEntry): Response {
  const { status, headers, json, body } = entry.response;
  const text = json !== undefined ? JSON.stringify(json) : (body ?? '');
  // 204 and 304 cannot carry a body in the Fetch standard.
  const nullBody = status === 204 || status === 205 || status === 304;
  return new Response(nullBody ? null : text, { status, headers: { ...headers } });
}

function matchKey(method: string, url: string, redacted: (name: string) => boolean): string {
  const parsed = new URL(url);
  const params = [...parsed.searchParams.entries()]
    .map(([name, value]) => [name, redacted(name) ? REDACTED : value] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const search = new URLSearchParams(params.map(([n, v]) => [n, v])).toString();
  return `${method.toUpperCase()} ${parsed.origin}${parsed.pathname}${search ? `?${search}` : ''}`;
}

function stripSearchSecrets(url: string, redacted: (name: string) => boolean): string {
  const parsed = new URL(url);
  for (const name of [...parsed.searchParams.keys()])
    if (redacted(name)) parsed.searchParams.set(name, REDACTED);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

/** The recorded key sharing the longest prefix with the missed one: usually the intended request. */
function closest(key: string, queues: ReadonlyMap<string, unknown>): string | undefined {
  let best: string | undefined;
  let bestLength = -1;
  for (const candidate of queues.keys()) {
    let n = 0;
    while (n < key.length && n < candidate.length && key[n] === candidate[n]) n++;
    if (n > bestLength) {
      best = candidate;
      bestLength = n;
    }
  }
  return best;
}
