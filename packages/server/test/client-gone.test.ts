// The signal that an HTTP client went away, from Node's response (client-gone.ts), over real
// sockets on loopback: it aborts when the client leaves before its answer, never after a full answer.
import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientGone } from '../src/http/client-gone';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A server whose handler gets each response; resolves with its port. */
async function serve(handler: (res: ServerResponse) => void): Promise<number> {
  server = createServer((_req, res) => handler(res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server!.address() as AddressInfo).port;
}

/** Resolves when `signal` aborts, or with 'still running' after `ms`. */
const aborted = (signal: AbortSignal, ms: number) =>
  new Promise<string>((resolve) => {
    if (signal.aborted) resolve('aborted');
    signal.addEventListener('abort', () => resolve('aborted'), { once: true });
    setTimeout(() => resolve('still running'), ms).unref();
  });

describe('clientGone', () => {
  it('aborts when the client goes away before its answer', async () => {
    let signal: AbortSignal | undefined;
    const asked = new Promise<void>((resolve) => {
      void serve((res) => {
        signal = clientGone(res)();
        resolve();
      }).then((port) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/' });
        req.on('error', () => undefined);
        req.end();
        void asked.then(() => req.destroy());
      });
    });
    await asked;
    expect(signal!.aborted).toBe(false);
    expect(await aborted(signal!, 5_000)).toBe('aborted');
    expect(String((signal!.reason as Error).message)).toMatch(/closed/);
  });

  it('is already aborted when first asked after the client left', async () => {
    const seen = new Promise<AbortSignal>((resolve) => {
      void serve((res) => {
        res.once('close', () => resolve(clientGone(res)()));
      }).then((port) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/' });
        req.on('error', () => undefined);
        req.end();
        setTimeout(() => req.destroy(), 50);
      });
    });
    expect((await seen).aborted).toBe(true);
  });

  it('never aborts after a full answer, and gives the same signal each time', async () => {
    let gone: (() => AbortSignal) | undefined;
    const closed = new Promise<void>((resolve) => {
      void serve((res) => {
        gone = clientGone(res);
        gone();
        res.once('close', () => resolve());
        res.end('ok');
      }).then(async (port) => {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        expect(await res.text()).toBe('ok');
      });
    });
    await closed;
    expect(gone!()).toBe(gone!());
    expect(await aborted(gone!(), 100)).toBe('still running');
  });
});
