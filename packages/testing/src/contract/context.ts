// What every check shares during one run: how to address both endpoints with or without the
// caller's credentials, a memo so that checks needing the same answer fetch it once, the period
// and plan level settled on, and every error answer seen (for the problem-format check).
import {
  type Endpoint,
  type EndpointWith,
  planLookupUrl,
  tokenUrlOf,
  withoutTrailingSlash,
} from '@playq/query';
import { BudgetExhaustedError, GentleFetch, type Probe } from './gentle-fetch';
import type { ContractOptions } from './types';

/** Thrown by a check (or a helper) to report `skip` with a reason. */
export class SkipCheck extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SkipCheck';
  }
}

export interface Period {
  readonly start: number;
  readonly end: number;
}

export type Params = Readonly<Record<string, string | number>>;

/** Credential choice for one request: the caller's own by default, `null` for none. */
export interface AuthChoice {
  readonly customerId?: string;
  readonly apiKey?: string | null;
  readonly token?: string | null;
  /** Extra headers, e.g. to offer one endpoint's credential on the other. */
  readonly headers?: Readonly<Record<string, string>>;
}

const DAY = 86_400;

/** @internal */
export class ContractContext {
  readonly http: GentleFetch;
  readonly options: ContractOptions;
  readonly baseUrl: string;
  readonly planUrl: string | undefined;
  readonly errorProbes: Probe[] = [];
  period: Period | undefined;
  readonly #memo = new Map<string, Promise<Probe>>();
  #token: Promise<string> | undefined;
  #planLevels = new Map<string, Promise<string>>();

  constructor(options: ContractOptions) {
    this.options = options;
    this.baseUrl = withoutTrailingSlash(options.baseUrl);
    this.planUrl = options.planUrl === undefined ? undefined : withoutTrailingSlash(options.planUrl);
    this.http = new GentleFetch({
      fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
      maxRequests: options.maxRequests ?? 200,
      requestsPerSecond: options.requestsPerSecond ?? 5,
    });
  }

  /** Every credential of this run, so that messages can be scrubbed of them. */
  get secrets(): string[] {
    const o = this.options;
    return [o.apiKey, o.token, o.clientCredentials?.clientSecret, o.otherCustomer?.apiKey].filter(
      (s): s is string => typeof s === 'string' && s.length > 0,
    );
  }

  url(endpoint: Endpoint, customerId: string, params: Params): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) search.set(name, String(value));
    const query = search.toString();
    return `${this.baseUrl}/${endpoint}/${encodeURIComponent(customerId)}${query ? `?${query}` : ''}`;
  }

  /** GET the metric endpoint; answers with the caller's own key are memoised. */
  metric(params: Params, auth: AuthChoice = {}): Promise<Probe> {
    return this.#withKey('metricquery', params, auth);
  }

  /** GET the session list with the caller's API key (the metric endpoint's credential), memoised alike. */
  list(params: Params, auth: AuthChoice = {}): Promise<Probe> {
    return this.#withKey('listsessions', params, auth);
  }

  #withKey(endpoint: EndpointWith<'apiKey'>, params: Params, auth: AuthChoice): Promise<Probe> {
    const customerId = auth.customerId ?? this.options.customerId;
    const apiKey = auth.apiKey === undefined ? this.options.apiKey : auth.apiKey;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (apiKey !== null) headers['x-api-key'] = apiKey;
    Object.assign(headers, auth.headers);
    const own = auth.customerId === undefined && auth.apiKey === undefined && !auth.headers;
    return this.#get(this.url(endpoint, customerId, params), headers, own);
  }

  /** GET the session endpoint with the caller's bearer token (fetched once) unless told otherwise. */
  async session(params: Params, auth: AuthChoice = {}): Promise<Probe> {
    const customerId = auth.customerId ?? this.options.customerId;
    const token = auth.token === undefined ? await this.token() : auth.token;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    Object.assign(headers, auth.headers);
    const own = auth.customerId === undefined && auth.token === undefined && !auth.headers;
    return this.#get(this.url('session', customerId, params), headers, own);
  }

  /** A raw request (GET unless told), neither memoised nor authenticated unless headers say so. */
  async raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Probe> {
    const probe = await this.http.request(url, { headers, method });
    this.#collect(probe);
    return probe;
  }

  #get(url: string, headers: Record<string, string>, memoise: boolean): Promise<Probe> {
    if (!memoise) return this.raw(url, headers);
    let pending = this.#memo.get(url);
    if (!pending) {
      pending = this.raw(url, headers);
      this.#memo.set(url, pending);
      // A budget failure must not be remembered as the answer.
      pending.catch(() => this.#memo.delete(url));
    }
    return pending;
  }

  #collect(probe: Probe): void {
    // A HEAD answer has no body by definition, so it cannot be judged as a problem document.
    if (probe.status >= 400 && probe.status !== 429 && probe.method !== 'HEAD') this.errorProbes.push(probe);
  }

  /** The bearer token: given, or fetched once with client credentials; skips the check otherwise. */
  token(): Promise<string> {
    if (!this.#token) {
      this.#token = this.#fetchToken();
      this.#token.catch(() => undefined);
    }
    return this.#token;
  }

  async #fetchToken(): Promise<string> {
    const { token, clientCredentials } = this.options;
    if (token) return token;
    if (!clientCredentials) throw new SkipCheck('no bearer token: pass `token` or `clientCredentials`');
    const tokenUrl = clientCredentials.tokenUrl ?? tokenUrlOf(this.baseUrl);
    const basic = btoa(
      `${encodeURIComponent(clientCredentials.clientId)}:${encodeURIComponent(clientCredentials.clientSecret)}`,
    );
    const probe = await this.http.request(tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = probe.json as { access_token?: unknown } | undefined;
    if (probe.status !== 200 || typeof body?.access_token !== 'string') {
      throw new SkipCheck(
        `the token endpoint answered ${probe.status || probe.networkError}; no bearer token`,
      );
    }
    return body.access_token;
  }

  /** The plan level of a customer: given, or looked up on the plan host; skips the check otherwise. */
  planLevel(customerId = this.options.customerId): Promise<string> {
    let pending = this.#planLevels.get(customerId);
    if (!pending) {
      pending = this.#lookupPlan(customerId);
      pending.catch(() => undefined);
      this.#planLevels.set(customerId, pending);
    }
    return pending;
  }

  async lookupPlanProbe(customerId: string): Promise<Probe> {
    if (!this.planUrl) throw new SkipCheck('no plan host: pass `planUrl` or `planLevel`');
    return this.#get(planLookupUrl(this.planUrl, customerId), {}, true);
  }

  async #lookupPlan(customerId: string): Promise<string> {
    if (customerId === this.options.customerId && this.options.planLevel) return this.options.planLevel;
    const probe = await this.lookupPlanProbe(customerId);
    const level = readPlanLevel(probe.json ?? probe.text);
    if (probe.status !== 200 || level === undefined) {
      throw new SkipCheck(
        `the plan host answered ${probe.status || probe.networkError} without a plan level`,
      );
    }
    return level;
  }

  /** The period for data checks: given, or the latest week with data in the last 366 days. */
  async dataPeriod(): Promise<Period> {
    if (this.period) return this.period;
    const given = this.options.period;
    if (given) {
      this.period = typeof given === 'string' ? parsePeriodText(given) : given;
      return this.period;
    }
    const nowSeconds = Math.floor((this.options.now?.() ?? Date.now()) / 1000);
    const end = Math.ceil(nowSeconds / DAY) * DAY;
    const start = end - 366 * DAY;
    const probe = await this.metric({
      period: `start=${start},end=${end}`,
      metrics: 'viewercount',
      aggby: 'timestamp',
      granularity: 'day',
    });
    const records = (probe.json as { response?: unknown } | undefined)?.response;
    let last = -1;
    if (probe.status === 200 && Array.isArray(records)) {
      for (const record of records) {
        const ts = (record as { timestamp?: unknown }).timestamp;
        if (typeof ts === 'number' && ts > last) last = ts;
      }
    }
    this.period = last >= 0 ? { start: last - 6 * DAY, end: last + DAY } : { start: end - 7 * DAY, end };
    return this.period;
  }

  async periodText(): Promise<string> {
    const p = await this.dataPeriod();
    return `start=${p.start},end=${p.end}`;
  }
}

/** Read a plan level from any of the shapes the specification leaves possible. */
export function readPlanLevel(body: unknown): string | undefined {
  if (typeof body === 'number' && Number.isFinite(body)) return String(body);
  if (typeof body === 'string') {
    const text = body.trim();
    return /^[A-Za-z0-9._-]{1,64}$/.test(text) ? text : undefined;
  }
  if (typeof body === 'object' && body !== null) {
    const o = body as Record<string, unknown>;
    for (const key of ['planLevel', 'planlevel', 'plan_level']) {
      const value = o[key];
      if (typeof value === 'string' || typeof value === 'number') return String(value);
    }
  }
  return undefined;
}

function parsePeriodText(text: string): Period {
  const match = /^\s*start=(\d+)\s*,\s*end=(\d+)\s*$/.exec(text);
  if (!match)
    throw new TypeError(`@playq/testing: period must look like start=<epoch>,end=<epoch>, got ${text}`);
  return { start: Number(match[1]), end: Number(match[2]) };
}

export { BudgetExhaustedError };
