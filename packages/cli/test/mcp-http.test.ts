// `playq mcp --http`, run in process: every request needs the server's bearer token (401 with
// `WWW-Authenticate` otherwise, as the MCP authorization spec has it), no stream is held open, and
// requests at once are capped while a slow service holds them. The "service" here is a loopback
// listener that holds every request until the test lets it go, so the cap is reached for certain.
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerMatches, tokenDigest } from '../src/mcp/http-token';
import { run } from '../src/program';
import { tempDir } from './helpers';
import { captured } from './in-process';

const KEY = 'mcp-http-test-key-5d1e';
const held: ServerResponse[] = [];
let upstream: Server;
let upstreamBase: string;

beforeAll(async () => {
  upstream = createServer((_req: IncomingMessage, res: ServerResponse) => {
    held.push(res);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  release();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

function release(): void {
  for (const res of held.splice(0)) {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ customerid: 'demo', records: [], totalrecords: 0, pagecount: 0 }));
  }
}

interface Running {
  readonly url: string;
  readonly stderr: () => string;
  stop(): Promise<number>;
}

async function startMcp(env: Record<string, string> = {}, args: string[] = []): Promise<Running> {
  const controller = new AbortController();
  const c = captured({ tty: false, columns: 100, env: { PLAYQ_API_KEY: KEY, NO_COLOR: '1', ...env } });
  const done = run(['mcp', '--http', '0', '--base-url', upstreamBase, ...args], {
    ...c.io,
    signal: controller.signal,
  });
  const started = Date.now();
  while (!/at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.test(c.err())) {
    if (Date.now() - started > 20_000) throw new Error(`no URL: ${c.err()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url: /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(c.err())![1]!,
    stderr: c.err,
    stop: async () => {
      controller.abort();
      return done;
    },
  };
}

const rpc = (method: string, params: object = {}, id = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });

function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  });
}

describe('bearerMatches', () => {
  const expected = tokenDigest('a-token-of-some-length');
  it('takes the scheme in any case, and tells a missing token from a wrong one', () => {
    expect(bearerMatches('Bearer a-token-of-some-length', expected)).toBe('ok');
    expect(bearerMatches('bearer a-token-of-some-length', expected)).toBe('ok');
    expect(bearerMatches(undefined, expected)).toBe('missing');
    expect(bearerMatches('Basic YTpi', expected)).toBe('missing');
    expect(bearerMatches('Bearer a-token-of-some-lengtH', expected)).toBe('wrong');
    expect(bearerMatches('Bearer a-token-of-some-length-and-more', expected)).toBe('wrong');
    expect(bearerMatches('Bearer a-token-of-some', expected)).toBe('wrong');
  });
});

describe('playq mcp --http with a token made at start', () => {
  let mcp: Running;
  let token: string;
  beforeAll(async () => {
    mcp = await startMcp();
    token = /Authorization: Bearer (\S+)/.exec(mcp.stderr())![1]!;
  });
  afterAll(async () => {
    release();
    expect(await mcp.stop()).toBe(0);
  });

  it('prints the token once, random and long', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mcp.stderr().split(token)).toHaveLength(2);
  });

  it('answers 401 with a WWW-Authenticate challenge without the token, and invalid_token with a wrong one', async () => {
    const none = await post(mcp.url, rpc('tools/list'));
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="playq mcp"');
    const body = await none.json();
    expect(body.error.message).toContain('Authorization: Bearer <token>');
    expect(JSON.stringify(body)).not.toContain(token);

    const wrong = await post(mcp.url, rpc('tools/list'), { authorization: `Bearer ${token}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('error="invalid_token"');
    await wrong.body?.cancel();

    const basic = await post(mcp.url, rpc('tools/list'), { authorization: `Basic ${btoa(`u:${token}`)}` });
    expect(basic.status).toBe(401);
    await basic.body?.cancel();
    expect(held).toHaveLength(0);
  });

  it('answers with the token, and refuses GET and DELETE (no stream is held open)', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const ok = await post(mcp.url, rpc('tools/list'), auth);
    expect(ok.status).toBe(200);
    expect((await ok.json()).result.tools.map((t: { name: string }) => t.name)).toContain('run_query');
    for (const method of ['GET', 'DELETE']) {
      const r = await fetch(mcp.url, { method, headers: { ...auth, accept: 'text/event-stream' } });
      expect(r.status, method).toBe(405);
      expect(r.headers.get('allow')).toBe('POST');
      await r.body?.cancel();
    }
  });

  it('caps the requests answered at once: the ninth waits on none and gets 503 with Retry-After', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const call = (id: number) =>
      post(
        mcp.url,
        rpc(
          'tools/call',
          {
            name: 'run_query',
            arguments: { endpoint: 'metricquery', customerId: 'demo', last: '1h', metrics: ['errors'] },
          },
          id,
        ),
        auth,
      );
    const slow = Array.from({ length: 8 }, (_, i) => call(i + 10));
    const started = Date.now();
    while (held.length < 8) {
      if (Date.now() - started > 20_000) throw new Error(`only ${held.length} requests reached the service`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const busy = await call(99);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect((await busy.json()).error.message).toContain('8 requests are being answered');
    release();
    const answers = await Promise.all(slow);
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    await Promise.all(answers.map((r) => r.body?.cancel()));
    const after = await post(mcp.url, rpc('tools/list'), auth);
    expect(after.status).toBe(200);
    await after.body?.cancel();
  });
});

describe('playq mcp --http with a token given', () => {
  it('takes PLAYQ_MCP_TOKEN and does not print it', async () => {
    const token = 'given-token-0123456789abcdef';
    const mcp = await startMcp({ PLAYQ_MCP_TOKEN: token });
    try {
      expect(mcp.stderr()).not.toContain(token);
      expect(mcp.stderr()).toContain(
        'Authorization: Bearer <the token of --http-token-file or PLAYQ_MCP_TOKEN>',
      );
      const ok = await post(mcp.url, rpc('tools/list'), { authorization: `Bearer ${token}` });
      expect(ok.status).toBe(200);
      await ok.body?.cancel();
    } finally {
      expect(await mcp.stop()).toBe(0);
    }
  });

  it('reads --http-token-file, refusing a file other users can read and a short token', async () => {
    const dir = tempDir();
    const token = 'file-token-0123456789abcdef';
    writeFileSync(join(dir, 'token'), `${token}\n`, { mode: 0o600 });
    writeFileSync(join(dir, 'shared'), `${token}\n`, { mode: 0o644 });
    writeFileSync(join(dir, 'short'), 'abc\n', { mode: 0o600 });
    const mcp = await startMcp({}, ['--http-token-file', join(dir, 'token')]);
    try {
      const ok = await post(mcp.url, rpc('tools/list'), { authorization: `Bearer ${token}` });
      expect(ok.status).toBe(200);
      await ok.body?.cancel();
    } finally {
      expect(await mcp.stop()).toBe(0);
    }
    for (const [file, message] of [
      ['shared', /other users can read it \(mode 644\); run `chmod 600/],
      ['short', /the token must be at least 16 characters/],
    ] as const) {
      const c = captured({ tty: false, columns: 100, env: {} });
      const code = await run(['mcp', '--http', '0', '--http-token-file', join(dir, file)], c.io);
      expect(code, file).toBe(2);
      expect(c.err()).toMatch(message);
      expect(c.err()).not.toContain(token);
    }
  });
});
