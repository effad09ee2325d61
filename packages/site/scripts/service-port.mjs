// The port `pnpm docs:dev` runs its `playq serve` on: the one asked for (`--port`, or PLAYQ_PORT),
// else 8080 (the port the docs' examples use) when it is free, else any free port — so a service
// already on 8080 (as docs/client.md starts one) never stops the docs site from starting.
import { createServer } from 'node:net';

export const PREFERRED_PORT = 8080;

/** Whether `port` can be listened on at 127.0.0.1 right now; port 0 gives a free port instead. */
export function tryListen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : undefined));
    });
  });
}

/**
 * The service port: `asked` if given (an error naming the flag when it is taken), else `preferred`
 * when free, else a free port. `note` says which was chosen when it is not the preferred one.
 *
 * @example
 * await servicePort({ asked: undefined }); // { port: 8080 } or { port: 41537, note: 'port 8080 is in use: …' }
 */
export async function servicePort({ asked, preferred = PREFERRED_PORT }) {
  if (asked !== undefined) {
    if (!Number.isInteger(asked) || asked < 1 || asked > 65535)
      throw new Error(`--port must be a port number from 1 to 65535, got ${JSON.stringify(String(asked))}`);
    if ((await tryListen(asked)) === undefined)
      throw new Error(`port ${asked} is in use: pick another with \`pnpm docs:dev --port <n>\``);
    return { port: asked };
  }
  if ((await tryListen(preferred)) !== undefined) return { port: preferred };
  const port = await tryListen(0);
  return { port, note: `port ${preferred} is in use: the playground's service runs on port ${port} instead` };
}
