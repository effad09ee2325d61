// The client reads an answer's body within `maxResponseBytes` (default 64 MiB), counting bytes as
// they arrive: a service that sends more is cut off at the limit with a typed error, not buffered
// whole. A real listener on 127.0.0.1 streams the bodies and counts what it managed to send.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyAuth, createClient, PlayqResponseTooLargeError } from '../src/index';
import { readBodyText } from '../src/transport/read-body';
import { metricNode } from './support/fake-service';

const MiB = 1024 * 1024;
const page = JSON.stringify({
  totalcount: 1,
  pagecount: 1,
  totalrecords: 1,
  response: [{ country: 'US', errors: 3 }],
});

let server: Server;
let base: string;
let sent = 0;
let closedEarly = false;

/** `/huge?mib=N&declare=1` streams N MiB of padding in a JSON string, with or without Content-Length. */
function answer(url: URL, res: ServerResponse): void {
  if (url.pathname.endsWith('/metricquery/small')) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(page);
    return;
  }
  const total = Number(url.searchParams.get('mib') ?? '1') * MiB;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (url.searchParams.get('declare') === '1') headers['content-length'] = String(total);
  res.writeHead(200, headers);
  const chunk = Buffer.alloc(64 * 1024, 'a');
  res.on('close', () => {
    if (sent < total) closedEarly = true;
  });
  const pump = () => {
    while (sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

beforeAll(async () => {
  server = createServer((req, res) => answer(new URL(req.url ?? '/', 'http://x'), res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function clientFor(extra: { maxResponseBytes?: number } = {}, path = 'huge') {
  return {
    client: createClient({ baseUrl: base, auth: apiKeyAuth('demo-key'), retry: false, ...extra }),
    query: metricNode({ customerId: path }),
  };
}

async function huge(mib: number, declare: boolean, extra: { maxResponseBytes?: number } = {}) {
  sent = 0;
  closedEarly = false;
  const transport = (request: Request) => {
    const url = new URL(request.url);
    url.searchParams.set('mib', String(mib));
    if (declare) url.searchParams.set('declare', '1');
    return fetch(new Request(url, request));
  };
  const client = createClient({
    baseUrl: base,
    auth: apiKeyAuth('demo-key'),
    retry: false,
    fetch: transport,
    ...extra,
  });
  return client.run(metricNode({ customerId: 'huge' })).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('maxResponseBytes', () => {
  it('reads a normal page as before', async () => {
    const { client, query } = clientFor({}, 'small');
    const result = await client.run(query);
    expect(result.records).toEqual([{ country: 'US', errors: 3 }]);
  });

  it('stops a streamed body at the default 64 MiB, naming the limit, before it is all sent', async () => {
    const error = await huge(200, false);
    expect(PlayqResponseTooLargeError.isInstance(error)).toBe(true);
    const e = error as PlayqResponseTooLargeError;
    expect(e.limitBytes).toBe(64 * MiB);
    expect(e.status).toBe(200);
    expect(e.retryable).toBe(false);
    expect(e.message).toContain('answered a body of more than 64 MiB');
    expect(e.message).toContain('maxResponseBytes');
    await new Promise((r) => setTimeout(r, 50));
    expect(closedEarly).toBe(true);
    expect(sent).toBeLessThan(100 * MiB);
  });

  it('refuses a declared Content-Length over the limit without reading it', async () => {
    const error = (await huge(8, true, { maxResponseBytes: MiB })) as PlayqResponseTooLargeError;
    expect(PlayqResponseTooLargeError.isInstance(error)).toBe(true);
    expect(error.limitBytes).toBe(MiB);
    expect(error.message).toContain('more than 1 MiB');
  });

  it('takes a smaller limit, and 0 for none', async () => {
    const small = (await huge(3, false, { maxResponseBytes: 2 * MiB })) as PlayqResponseTooLargeError;
    expect(small.limitBytes).toBe(2 * MiB);
    const none = await huge(3, false, { maxResponseBytes: 0 });
    // With no limit the whole padding is read: then it fails as a body that is not JSON.
    expect(PlayqResponseTooLargeError.isInstance(none)).toBe(false);
    expect(String(none)).toContain('invalid body');
  });

  it.each([-1, 1.5, Number.NaN, '10' as unknown as number])('refuses maxResponseBytes %j', (value) => {
    expect(() => createClient({ baseUrl: base, maxResponseBytes: value })).toThrow(
      /maxResponseBytes must be a whole number of bytes >= 0/,
    );
  });
});

describe('readBodyText', () => {
  test.prop([fc.string({ unit: 'binary', maxLength: 300 }), fc.array(fc.nat(), { maxLength: 12 })])(
    'decodes UTF-8 split at any byte as Response.text() does',
    async (text, cuts) => {
      const bytes = new TextEncoder().encode(text);
      const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
      const chunks: Uint8Array[] = [];
      let from = 0;
      for (const p of [...points, bytes.length]) {
        chunks.push(bytes.slice(from, p));
        from = p;
      }
      const stream = () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              for (const c of chunks) controller.enqueue(c);
              controller.close();
            },
          }),
        );
      const signal = new AbortController().signal;
      const read = await readBodyText(stream(), { method: 'GET', url: () => 'u', maxBytes: 1024, signal });
      expect(read).toBe(await stream().text());
      const tight = bytes.length - 1;
      if (tight >= 0) {
        await expect(
          readBodyText(stream(), { method: 'GET', url: () => 'u', maxBytes: tight, signal }),
        ).rejects.toSatisfy((e: unknown) => PlayqResponseTooLargeError.isInstance(e));
      }
    },
  );
});
