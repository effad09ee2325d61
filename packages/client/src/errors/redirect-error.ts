// A redirect the client would not follow: to another origin while carrying credentials, to a
// target it cannot use, hidden by the browser, or one hop too many. Credentials stay with the
// origin they were given for, so a redirect elsewhere is an error unless the caller opts in.
import { brandClass, errorBrand, hasBrand, PlayqError } from './playq-error';

/** Why a redirect was not followed. */
export type RedirectRefusal =
  /** The target is another origin and the request carries credentials. */
  | 'cross-origin'
  /** `Location` is missing a usable http(s) URL. */
  | 'invalid-location'
  /** The browser followed nothing and hid the target (`redirect: 'manual'` in a browser). */
  | 'hidden'
  /** More hops than the client follows for one request. */
  | 'too-many-redirects';

export interface PlayqRedirectErrorInit {
  readonly reason: RedirectRefusal;
  readonly method: string;
  /** The URL that answered with the redirect, redacted. */
  readonly url: string;
  /** The redirect status; 0 when the browser hid it. */
  readonly status: number;
  /** The target, redacted; undefined when unknown or unusable. */
  readonly location: string | undefined;
}

function describe(init: PlayqRedirectErrorInit): string {
  const head = `@playq/client: ${init.method} ${init.url}`;
  switch (init.reason) {
    case 'cross-origin':
      return `${head} was redirected (${init.status}) to another origin, ${init.location}; credentials are never sent across origins, so the client stopped (createClient({ crossOriginRedirects: 'follow-without-credentials' }) follows such redirects without them)`;
    case 'invalid-location':
      return `${head} was redirected (${init.status}) without a usable http(s) Location${init.location === undefined ? '' : `: ${init.location}`}`;
    case 'hidden':
      return `${head} was redirected and the platform hides the target (a browser's opaque redirect), so the client cannot tell whether it is the same origin; point baseUrl at the final address`;
    case 'too-many-redirects':
      return `${head} was redirected too many times (last to ${init.location}); point baseUrl at the final address`;
  }
}

/**
 * The service answered with a redirect the client refused to follow. The common case is a
 * redirect to another origin: the client never sends `X-API-Key` or `Authorization` there, and
 * stops unless `crossOriginRedirects: 'follow-without-credentials'` is set. `location` names the
 * target (redacted).
 *
 * @example
 * ```ts
 * if (PlayqRedirectError.isInstance(error) && error.reason === 'cross-origin') {
 *   console.error(`the service moved to ${error.location}: update baseUrl`);
 * }
 * ```
 */
export class PlayqRedirectError extends PlayqError {
  static override readonly brand: symbol = errorBrand('PlayqRedirectError');
  static override isInstance(value: unknown): value is PlayqRedirectError {
    return hasBrand(value, PlayqRedirectError.brand);
  }
  readonly reason: RedirectRefusal;
  readonly method: string;
  /** The URL that answered with the redirect, credentials removed. */
  readonly url: string;
  /** The redirect status (301, 302, 303, 307, 308); 0 when the browser hid it. */
  readonly status: number;
  /** The redirect target with credentials removed; undefined when unknown. */
  readonly location: string | undefined;
  readonly retryable = false;

  constructor(init: PlayqRedirectErrorInit) {
    super(describe(init));
    this.reason = init.reason;
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.location = init.location;
  }
}
brandClass(PlayqRedirectError, 'PlayqRedirectError');
