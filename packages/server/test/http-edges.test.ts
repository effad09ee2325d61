// The Node listener's own answers over 127.0.0.1: malformed request lines, over-long URLs and slow
// clients get problem+json (never a bare status or a reset), and shutdown closes idle keep-alive
// connections cleanly.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type ListenInfo, type Service } from '../src/index';
import { type RawAnswer, raw } from './raw-http';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};
const MALFORMED =
  'The request line or headers are malformed (for example a raw space, control or non-ASCII byte in the URL; percent-encode it).';

/** A clean problem+json answer, never cached, with exactly this body (the length header true to it). */
function expectProblem(
  answer: RawAnswer,
  status: number,
  code: string,
  detail: string,
  extra: object = {},
): void {
  expect(answer.reset).toBe(false);
  expect(answer.status).toBe(status);
  expect(answer.headers).toMatch(/^HTTP\/1\.1 \d{3} (.+)\r\n/);
  expect(/^HTTP\/1\.1 \d{3} (.+)\r\n/.exec(answer.headers)?.[1]).toBe(TITLES[status]);
  expect(answer.headers).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i);
  expect(answer.headers).toMatch(/\r\ncache-control: no-store(\r\n|$)/i);
  expect(Number(/\r\ncontent-length: (\d+)/i.exec(answer.headers)?.[1])).toBe(Buffer.byteLength(answer.body));
  expect(JSON.parse(answer.body)).toStrictEqual({
    type: `https://playq.dev/problems/${code}`,
    title: TITLES[status],
    status,
    detail,
    code,
    ...extra,
  });
}

describe('the Node listener under hostile clients', () => {
  let service: Service;
  let info: ListenInfo;
  beforeAll(async () => {
    service = await createService({
      data: { generate: { sessions: 200, seed: 1 } },
      maxUrlLength: 20_000,
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
    });
    info = await service.listen();
  });
  afterAll(() => service.close());

  it('answers a backslash in the path with problem+json', async () => {
    expectProblem(
      await raw(info.port, 'GET /api/v1\\metricquery/demo HTTP/1.1\r\nHost: x\r\n\r\n'),
      400,
      'bad_request',
      'The request cannot be read: Backslash in request path.',
    );
  });

  it.each([
    ['a non-ASCII byte', Buffer.from([0x47, 0x45, 0x54, 0x20, 0x2f, 0xc3, 0xa9, 0x20])],
    ['a control byte', Buffer.from('GET /a\x01b ')],
    ['a made-up request line', Buffer.from('HELLO\r\n')],
  ])('answers %s in the request line with problem+json', async (_name, start) => {
    const line = Buffer.concat([
      start,
      Buffer.from(start.includes(0x0d) ? '\r\n' : 'HTTP/1.1\r\nHost: x\r\n\r\n'),
    ]);
    const answer = await raw(info.port, line);
    expectProblem(answer, 400, 'bad_request', MALFORMED);
    expect(answer.headers).toMatch(/\r\nconnection: close(\r\n|$)/i);
  });

  it('answers a URL far over the limit with 414, not a reset', async () => {
    const line = `GET /api/v1/metricquery/demo?filter=${'x'.repeat(300_000)} HTTP/1.1\r\nHost: x\r\n\r\n`;
    expectProblem(await raw(info.port, line), 414, 'uri_too_long', 'The request URL is too long.');
  });

  it('answers a URL just over the limit with 414 from the app', async () => {
    const path = `/api/v1/metricquery/demo?filter=${'x'.repeat(21_000)}`;
    expectProblem(
      await raw(info.port, `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
      414,
      'uri_too_long',
      `The request URL is ${`http://x${path}`.length} characters long; the limit is 20000.`,
    );
  });

  it('answers headers far over the limit with 431, and a long request line among long headers with 414', async () => {
    const big = `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(40_000)}\r\n\r\n`;
    expectProblem(await raw(info.port, big), 431, 'headers_too_large', 'The request headers are too large.');
    // Half the overflowing bytes on the request line: still the URL's fault.
    const both = `GET /healthz?q=${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`;
    expectProblem(await raw(info.port, both), 414, 'uri_too_long', 'The request URL is too long.');
  });

  it.each(['..', '.', '%2E%2e'])('answers 400 invalid_customer for the customer id %s', async (id) => {
    for (const path of [`/api/v1/metricquery/${id}?metrics=errors`, `/plans/planLevelByCustId/${id}`]) {
      expectProblem(
        await raw(info.port, `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
        400,
        'invalid_customer',
        'The customer id may not be "." or "..".',
        { param: 'customerId' },
      );
    }
  });

  it('names the plan lookup URL in the planlevel problem', async () => {
    const grant = await fetch(`${info.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token } = (await grant.json()) as { access_token: string };
    const res = await fetch(
      `${info.baseUrl}/session/demo?period=start%3D1700000000%2Cend%3D1700003600&metrics=errors&agg=1&planlevel=9`,
      { headers: { Authorization: `Bearer ${access_token}` } },
    );
    const body = (await res.json()) as { code: string; detail: string };
    expect(body.code).toBe('invalid_planlevel');
    expect(body.detail).toContain(`${info.planUrl}/planLevelByCustId/demo`);
    expect(body.detail).not.toContain('{plan_url}');
  });

  it('times out a client that trickles its headers, with a 408 problem', { timeout: 10_000 }, async () => {
    const started = performance.now();
    const answer = await raw(info.port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: a', false);
    expectProblem(answer, 408, 'request_timeout', 'The request was not received in time.');
    // The check runs every second; the point is that the connection is not held indefinitely.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('shutdown', () => {
  it('ends an idle keep-alive connection cleanly (FIN, no reset)', async () => {
    const service = await createService({ data: { generate: { sessions: 100, seed: 1 } } });
    const { port } = await service.listen();
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (d) => {
        data += d.toString('latin1');
        if (data.includes('{"status":"ok"}')) void service.close();
      });
      socket.on('error', (e) => resolve(`error ${(e as NodeJS.ErrnoException).code}`));
      socket.on('end', () => resolve('end'));
      socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    });
    expect(outcome).toBe('end');
  });

  it('closes a keep-alive connection after the answer it is busy with', async () => {
    const service = await createService({ data: { generate: { sessions: 100, seed: 1 } } });
    const { port } = await service.listen();
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let data = '';
    const ended = new Promise<string>((resolve) => {
      socket.on('error', (e) => resolve(`error ${(e as NodeJS.ErrnoException).code}`));
      socket.on('end', () => resolve('end'));
    });
    socket.on('data', (d) => {
      data += d.toString('latin1');
    });
    const closing = service.close();
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await ended).toBe('end');
    await closing;
    // Either answered (in flight when the close began) or refused cleanly; never cut mid-answer.
    if (data) expect(data).toMatch(/^HTTP\/1\.1 (200|503) /);
  });
});
