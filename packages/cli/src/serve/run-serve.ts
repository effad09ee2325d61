// The running part of `playq serve`, loaded only when it runs (it pulls in the reference service
// and its embedded database): start, announce addresses and credentials, wait, close.
import { createServer } from 'node:net';
import { type AnyCatalogue, tokenUrlOf } from '@playq/query';
import { type CustomerCredentials, createService, DEMO_CUSTOMERS } from '@playq/server';
import { CliError, EXIT } from '../errors';
import { renderTable } from '../format/table';
import { playqCommand } from '../invocation';
import type { Context } from '../io';
import { memoryLimitUsage } from '../memory-limit-flag';
import { type DataSource, describeData } from './data-source';
import { waitForAbort } from './wait';

export interface ServeOptions {
  /** Customers from a credentials file; the demo customers when absent. */
  readonly credentials?: readonly CustomerCredentials[] | undefined;
  /** One stderr line per request. */
  readonly accessLog?: boolean;
  /** Origins a browser may read answers from (the service's default when absent). */
  readonly corsOrigins?: '*' | readonly string[];
  /** Proxies whose forwarding headers name the client. */
  readonly trustedProxies?: readonly string[];
  /** The plan host URL as clients reach it. */
  readonly planUrl?: string;
  /** The API's URL as clients reach it, `openapi.json`'s server. */
  readonly publicUrl?: string;
  /** DuckDB's memory limit, e.g. `'2GB'` (DuckDB's default when absent). */
  readonly memoryLimit?: string;
  /** The names it answers, its metrics' expressions included (the default catalogue when absent). */
  readonly catalogue?: AnyCatalogue;
}

const indent = (text: string): string => text.replace(/^(?=.)/gm, '  ');

/**
 * Serves `data` until `ctx.signal` aborts, then closes the service.
 *
 * @example
 * await runServe(ctx, { generate: { sessions: 20000, seed: 1, days: 7 } }, { port: 0, host: '127.0.0.1' });
 */
export async function runServe(
  ctx: Context,
  data: DataSource,
  listen: { port: number; host: string },
  options: ServeOptions = {},
): Promise<void> {
  // The address first: a taken port is said at once, not after the data is prepared.
  await checkAddress(listen);
  ctx.err(ctx.errColor.dim(`preparing ${describeData(data)}…\n`));
  const service = await engineService(() =>
    createService({
      data,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      ...(options.accessLog ? { logger: (line: string) => ctx.err(`${line}\n`) } : {}),
      ...(options.corsOrigins !== undefined ? { corsOrigins: options.corsOrigins } : {}),
      ...(options.trustedProxies !== undefined ? { trustedProxies: options.trustedProxies } : {}),
      ...(options.planUrl !== undefined ? { planUrl: options.planUrl } : {}),
      ...(options.publicUrl !== undefined ? { publicUrl: options.publicUrl } : {}),
      ...(options.memoryLimit !== undefined ? { memoryLimit: options.memoryLimit } : {}),
      ...(options.catalogue !== undefined ? { catalogue: options.catalogue } : {}),
    }),
  );
  try {
    if (ctx.signal.aborted) return;
    const address = await service.listen(listen).catch((error: NodeJS.ErrnoException) => {
      throw listenError(error, listen);
    });
    const c = ctx.color;
    ctx.out(`${c.green('playq reference service ready')}\n`);
    ctx.out(`  base URL   ${c.bold(address.baseUrl)}\n`);
    ctx.out(`  plan URL   ${address.planUrl}\n`);
    ctx.out(`  token URL  ${tokenUrlOf(address.baseUrl)}\n`);
    ctx.out(`  data       ${describeData(data)}\n\n`);
    if (options.credentials) {
      // Real credentials came from a file: name the customers, never print their secrets.
      const rows = service.credentials.map((d) => ({
        customer: d.customerId,
        'client id': d.clientId,
        planlevel: d.planLevel,
      }));
      ctx.out(`Customers (credentials from the file):\n${indent(renderTable(rows, { colors: c }))}`);
    } else {
      const rows = DEMO_CUSTOMERS.map((d) => ({
        customer: d.customerId,
        'API key': d.apiKey,
        'client id': d.clientId,
        'client secret': d.clientSecret,
        planlevel: d.planLevel,
      }));
      ctx.out(`Demo credentials:\n${indent(renderTable(rows, { colors: c }))}`);
      ctx.out(`\nTry:\n  export PLAYQ_BASE_URL=${address.baseUrl} PLAYQ_API_KEY=demo-key\n`);
      ctx.out(
        `  ${playqCommand()} query metricquery demo --last 7d --metrics viewercount,errors --aggby country --limit 10\n`,
      );
    }
    ctx.out(c.dim('\nPress Ctrl-C to stop.\n'));
    await waitForAbort(ctx.signal);
    ctx.err('stopping…\n');
  } finally {
    await service.close();
  }
  ctx.err('stopped\n');
}

/** The listener's failure as the user's mistake it is (a taken port, a privileged port, an unknown host). */
function listenError(error: NodeJS.ErrnoException, listen: { port: number; host: string }): Error {
  if (error.code === 'EADDRINUSE') {
    return new CliError(
      `port ${listen.port} on ${listen.host} is in use: pick another with --port, or --port 0 for a free one`,
      EXIT.failure,
    );
  }
  if (error.code === 'EACCES') {
    return new CliError(`not allowed to listen on port ${listen.port}: use a port above 1023`, EXIT.failure);
  }
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
    return new CliError(`cannot listen on host "${listen.host}": no such local address`, EXIT.failure);
  }
  return error;
}

/**
 * Listens on the address for a moment and lets it go: what would refuse the service's listener
 * (a port in use, a host that is not local) is said before the data is generated or loaded.
 */
async function checkAddress(listen: { port: number; host: string }): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, listen)));
    probe.listen({ port: listen.port, host: listen.host, exclusive: true }, () => resolve());
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

/** Creates the service, turning a refused --memory-limit into a usage error and a missing engine package into its one install line. */
async function engineService<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    const limit = memoryLimitUsage(error);
    if (limit) throw limit;
    if (error instanceof Error && error.name === 'MissingEngineError')
      throw new CliError(error.message.replace('@playq/server: ', ''), EXIT.failure);
    throw error;
  }
}
