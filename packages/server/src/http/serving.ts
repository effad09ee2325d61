// A service's requests over its lifetime: answers each through the app (counting those in flight,
// logging each), starts HTTP listeners, and on close stops accepting, drains what is in flight
// within the shutdown timeout, then runs the owner's cleanup once.
import { ServerResponse } from 'node:http';
import type { AddressInfo, BlockList } from 'node:net';
import { accessLine } from './access-log';
import { clientAddress } from './client-address';
import { clientGone } from './client-gone';
import { createNodeServer, type NodeServer } from './node-server';
import { problemResponse } from './problem';
import { withSecurityHeaders } from './security-headers';

export interface ListenInfo {
  readonly url: string;
  readonly baseUrl: string;
  readonly planUrl: string;
  readonly port: number;
  readonly host: string;
}

export interface ServingOptions {
  /** Answers a request; `address` is the client's, known only over HTTP. */
  readonly app: {
    fetch(
      request: Request,
      env: { address?: string; gone?: () => AbortSignal },
    ): Response | Promise<Response>;
  };
  readonly basePath: string;
  readonly planPath: string;
  readonly maxUrlLength: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly shutdownTimeoutMs: number;
  readonly log: ((line: string) => void) | undefined;
  /** Peers whose forwarding headers name the client (see client-address.ts). */
  readonly proxies: BlockList | undefined;
  /** Runs once after the listeners closed and the requests drained. */
  readonly cleanup: () => Promise<void>;
}

export class Serving {
  private inflight = 0;
  private drained: (() => void) | undefined;
  private closing: Promise<void> | undefined;
  private readonly servers: NodeServer[] = [];
  private firstPlanUrl: string | undefined;

  constructor(private readonly options: ServingOptions) {}

  /** Requests being answered right now. */
  get active(): number {
    return this.inflight;
  }

  /** The plan URL of the first listener, once one listens. */
  get planUrl(): string | undefined {
    return this.firstPlanUrl;
  }

  /**
   * Answers one request with the security headers; in-process callers (no `address`) are not
   * limited by address. `gone` gives the signal that an HTTP client went away (client-gone.ts).
   */
  async handle(request: Request, address?: string, gone?: () => AbortSignal): Promise<Response> {
    return withSecurityHeaders(await this.answer(request, address, gone));
  }

  private async answer(
    request: Request,
    address: string | undefined,
    gone: (() => AbortSignal) | undefined,
  ): Promise<Response> {
    if (this.closing) {
      return problemResponse(503, 'unavailable', 'The service is shutting down.', {
        headers: { Connection: 'close' },
      });
    }
    const started = performance.now();
    this.inflight += 1;
    let status = 500;
    try {
      const response = await this.options.app.fetch(request, gone ? { address, gone } : { address });
      status = response.status;
      return response;
    } finally {
      this.inflight -= 1;
      if (this.inflight === 0) this.drained?.();
      this.options.log?.(accessLine(request, status, performance.now() - started));
    }
  }

  /** Starts an HTTP listener (default 127.0.0.1 and a free port). */
  listen(opts: { port?: number; host?: string } = {}): Promise<ListenInfo> {
    const { basePath, planPath } = this.options;
    const host = opts.host ?? '127.0.0.1';
    const port = opts.port ?? 0;
    return new Promise((resolve, reject) => {
      const node = createNodeServer({
        fetch: (request, env) =>
          this.handle(
            request,
            clientAddress(request.headers, env?.incoming.socket.remoteAddress, this.options.proxies),
            env?.outgoing instanceof ServerResponse ? clientGone(env.outgoing) : undefined,
          ),
        hostname: host,
        maxUrlLength: this.options.maxUrlLength,
        headersTimeoutMs: this.options.headersTimeoutMs,
        requestTimeoutMs: this.options.requestTimeoutMs,
      });
      const { server } = node;
      server.listen(port, host);
      server.once('error', reject);
      server.once('listening', () => {
        this.servers.push(node);
        const address = server.address() as AddressInfo;
        const shown = host.includes(':') ? `[${host}]` : host;
        const url = `http://${shown}:${address.port}`;
        this.firstPlanUrl ??= url + planPath;
        resolve({ url, baseUrl: url + basePath, planUrl: url + planPath, port: address.port, host });
      });
    });
  }

  /** Stops accepting, finishes in-flight requests (up to the shutdown timeout), then cleans up; once. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const { shutdownTimeoutMs } = this.options;
      const deadline = performance.now() + shutdownTimeoutMs;
      // Stop accepting; idle keep-alive connections are ended cleanly, busy ones after their answer.
      const stopped = this.servers.map((node) => node.shutdown(deadline));
      if (this.inflight > 0) {
        await new Promise<void>((resolve) => {
          this.drained = resolve;
          setTimeout(resolve, shutdownTimeoutMs).unref();
        });
      }
      await Promise.all(stopped);
      await this.options.cleanup();
    })();
    return this.closing;
  }
}
