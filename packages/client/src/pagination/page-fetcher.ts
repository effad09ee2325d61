// Fetches one page of a prepared query: its URL (compiled once per walk), the credential of its
// endpoint, the request through the executor, and the envelope checked against the page asked for.
import { credentialOf, DATA_SPAN_HEADER, type QueryNode, toURL } from '@playq/query';
import type { EndpointAuth } from '../client-options';
import { type Page, parseEnvelope } from '../response/envelope';
import { type ExecutorConfig, send } from '../transport/executor';

/** @internal */
export interface PageOptions {
  readonly signal?: AbortSignal | undefined;
  readonly deadlineMs?: number | undefined;
}

/** @internal */
export type PageFetcher = <R>(node: QueryNode, offset: number, options: PageOptions) => Promise<Page<R>>;

/** @internal */
export function pageFetcher(config: ExecutorConfig, baseUrl: string, auth: EndpointAuth): PageFetcher {
  // `offset` is the last canonical parameter and 0 is left out, so the URL of any page is the URL
  // at offset 0 plus a suffix: compiled once per walk instead of once per page.
  const baseUrls = new WeakMap<QueryNode, string>();
  function pageUrl(node: QueryNode, offset: number): string {
    let base = baseUrls.get(node);
    if (base === undefined) {
      base = toURL({ ...node, offset: 0 }, { baseUrl });
      baseUrls.set(node, base);
    }
    return offset === 0 ? base : `${base}${base.includes('?') ? '&' : '?'}offset=${offset}`;
  }

  return async <R>(node: QueryNode, offset: number, options: PageOptions): Promise<Page<R>> => {
    const response = await send(config, {
      kind: node.endpoint,
      url: pageUrl(node, offset),
      auth: credentialOf(node.endpoint) === 'bearer' ? auth.session : auth.metricquery,
      signal: options.signal,
      deadlineMs: options.deadlineMs,
    });
    return parseEnvelope<R>(response.body, {
      method: 'GET',
      url: response.url,
      status: response.status,
      limit: node.limit,
      offset,
      session: node.endpoint === 'session',
      secrets: config.secrets(),
      dataSpan: response.headers.get(DATA_SPAN_HEADER),
    });
  };
}
