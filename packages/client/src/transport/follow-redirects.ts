// Sends a request with `redirect: 'manual'` and follows redirects by hand, so that credentials go
// only to the origin they were given for: a same-origin hop is re-issued with them, a hop to
// another origin is refused (or, if the caller opts in, sent with every credential header removed).
import { PlayqRedirectError, type RedirectRefusal } from '../errors/redirect-error';
import { raceSignal } from './abort';
import { redactUrl } from './redact';
import type { Transport } from './types';

/**
 * What to do with a redirect to another origin while the request carries credentials:
 * `'refuse'` (the default) throws a `PlayqRedirectError` naming the target;
 * `'follow-without-credentials'` follows it with every credential header removed.
 */
export type CrossOriginRedirects = 'refuse' | 'follow-without-credentials';

/** @internal */
export const CROSS_ORIGIN_REDIRECTS: readonly CrossOriginRedirects[] = [
  'refuse',
  'follow-without-credentials',
];

/** Hops followed for one request before giving up; the Fetch standard allows 20, a service needs 1. */
export const MAX_REDIRECTS = 10;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
// Headers that describe a body the next hop may no longer carry (RFC 9110 section 15.4).
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];

/** One request as the client sends it. @internal */
export interface Outgoing {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body?: string | undefined;
}

/** @internal */
export interface FollowOptions {
  readonly transport: Transport;
  readonly signal: AbortSignal;
  readonly crossOrigin: CrossOriginRedirects;
  /** Lower-case names of the headers that carry credentials in this request. */
  readonly credentialHeaders: ReadonlySet<string>;
  readonly secrets: () => Iterable<string>;
}

/** @internal */
export interface Followed {
  /** The final answer: anything but a followed redirect. */
  readonly response: Response;
  /** False when the chain left the origin and the credentials were removed on the way. */
  readonly credentialed: boolean;
}

/** Sends `first`, following redirects under the origin rule above. @internal */
export async function fetchFollowingRedirects(first: Outgoing, options: FollowOptions): Promise<Followed> {
  const origin = new URL(first.url).origin;
  let hop = first;
  let credentialed = [...options.credentialHeaders].some((name) => first.headers.has(name));
  for (let hops = 0; ; hops++) {
    const request = new Request(hop.url, {
      method: hop.method,
      headers: hop.headers,
      ...(hop.body === undefined ? {} : { body: hop.body }),
      signal: options.signal,
      redirect: 'manual',
    });
    const response = await raceSignal(options.transport(request), options.signal);
    const refuse = (reason: RedirectRefusal, location?: string) =>
      new PlayqRedirectError({
        reason,
        method: hop.method,
        url: redactUrl(hop.url, options.secrets()),
        status: response.status,
        location: location === undefined ? undefined : redactUrl(location, options.secrets()),
      });
    if (response.type === 'opaqueredirect') {
      discard(response);
      throw refuse('hidden');
    }
    const location = response.headers.get('location');
    // A redirect status without Location is an answer like any other (the Fetch standard's rule).
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return { response, credentialed };
    discard(response);
    const target = resolve(location, hop.url);
    if (target === undefined) throw refuse('invalid-location');
    if (hops >= MAX_REDIRECTS) throw refuse('too-many-redirects', target.href);
    if (credentialed && target.origin !== origin) {
      if (options.crossOrigin === 'refuse') throw refuse('cross-origin', target.href);
      credentialed = false;
      hop = { ...hop, headers: without(hop.headers, options.credentialHeaders) };
    }
    hop = nextHop(hop, response.status, target.href);
  }
}

/** The target of a Location header, if it is an http(s) URL. */
function resolve(location: string, base: string): URL | undefined {
  let target: URL;
  try {
    target = new URL(location, base);
  } catch {
    return undefined;
  }
  return target.protocol === 'http:' || target.protocol === 'https:' ? target : undefined;
}

/** The Fetch standard's method rewrite: 303 becomes GET, and so does a POST after 301 or 302. */
function nextHop(hop: Outgoing, status: number, url: string): Outgoing {
  const toGet =
    (status === 303 && hop.method !== 'GET' && hop.method !== 'HEAD') ||
    ((status === 301 || status === 302) && hop.method === 'POST');
  if (!toGet) return { ...hop, url };
  return { url, method: 'GET', headers: without(hop.headers, BODY_HEADERS) };
}

function without(headers: Headers, names: Iterable<string>): Headers {
  const out = new Headers(headers);
  for (const name of names) out.delete(name);
  return out;
}

function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}
