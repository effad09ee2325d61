// `find_causes` through the MCP SDK's own client over stdio, against `playq serve` with planted
// causes on 127.0.0.1: the planted values rank first, each cause's session list runs next with
// run_query, the requests are those stated, and bad input comes back as problems with nothing sent.
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, type CliProcess, startCli } from './helpers';

const END = 1_767_225_600;
const period = `start=${END - 7 * 86_400},end=${END}`;
const week = { endpoint: 'metricquery', customerId: 'demo', period };

let serve: CliProcess;
let client: Client;
let sent: () => number;

async function call(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return result as {
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields it checks
    structuredContent?: Record<string, any>;
    isError?: boolean;
    content: { text: string }[];
  };
}

beforeAll(async () => {
  serve = startCli(
    [
      'serve',
      ...['--port', '0', '--sessions', '20000', '--seed', '2', '--days', '7', '--end', String(END)],
      ...[
        '--effect',
        '[cdn=akamai][country=BR]:bufferingratio*5',
        '--effect',
        '[player=avplayer-16]:latency*3',
      ],
      '--access-log',
    ],
    { timeoutMs: 240_000 },
  );
  const [, baseUrl] = await serve.waitFor(/base URL\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/, 90_000);
  await serve.waitFor(/Press Ctrl-C to stop/);
  // The service logs one line per request it answers.
  sent = () => (serve.stderr().match(/\/metricquery\/demo/g) ?? []).length;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NO_COLOR: '1',
      PLAYQ_BASE_URL: baseUrl!,
      PLAYQ_API_KEY: 'demo-key',
    },
    stderr: 'pipe',
  });
  (transport.stderr as Readable).on('data', () => {});
  client = new Client({ name: 'playq-test', version: '1.0.0' });
  await client.connect(transport);
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (serve && serve.child.exitCode === null) serve.child.kill('SIGKILL');
});

describe('find_causes', () => {
  it('ranks the planted values first, each cause with a session list run_query runs next', async () => {
    const r = await call('find_causes', { ...week, metrics: ['bufferingratio'] });
    expect(r.isError, r.content[0]?.text).toBeFalsy();
    const found = r.structuredContent!;
    expect(found).toMatchObject({ ok: true, metric: 'bufferingratio', better: 'lower', requests: 14 });
    expect(found.causes[0]).toMatchObject({ dimension: 'country', value: 'BR' });
    expect(found.causes[0].within[0]).toMatchObject({ dimension: 'cdn', value: 'akamai' });
    expect(JSON.parse(r.content[0]!.text)).toEqual(found);
    const sessions = await call('run_query', { url: found.causes[0].url, recordBudget: 5 });
    expect(sessions.structuredContent).toMatchObject({ ok: true, totalrecords: found.causes[0].attempts });
    const latency = await call('find_causes', { ...week, metrics: 'latency', refine: false, maxCauses: 2 });
    expect(latency.structuredContent!.causes.map((c: { value: string }) => c.value)).toEqual([
      'avplayer-16',
      'ios',
    ]);
    expect(latency.structuredContent!.requests).toBe(8);
  });

  it('answers a query it cannot rank with problems, and sends nothing', async () => {
    const before = sent();
    const counted = await call('find_causes', { ...week, metrics: ['attempts'] });
    expect(counted.structuredContent).toMatchObject({ ok: false, causes: [], requests: 0 });
    expect(counted.structuredContent!.problems[0]).toMatchObject({
      code: 'unsupported_metric',
      param: 'metrics',
    });
    const typo = await call('find_causes', { ...week, metrics: ['latncy'] });
    expect(typo.structuredContent!.problems[0]).toMatchObject({ code: 'unknown_metric', hint: 'latency' });
    const broken = await call('find_causes', { ...week, metrics: ['latency'], aggby: ['cdn'] });
    expect(broken.structuredContent!.problems[0]).toMatchObject({ code: 'invalid_aggby' });
    const many = await call('find_causes', {
      ...week,
      metrics: ['latency'],
      dimensions: [
        'country',
        'platform',
        'device',
        'player',
        'cdn',
        'assetname',
        'subscribertag',
        'assetid',
        'subscriberid',
      ],
    });
    expect(many.structuredContent!.problems[0]).toMatchObject({ code: 'unsupported_parameter' });
    expect(many.structuredContent!.problems[0].message).toContain('more than maxRequests (16)');
    const bounds = await client.callTool({
      name: 'find_causes',
      arguments: { ...week, metrics: ['latency'], maxCauses: 500 },
    });
    expect(bounds.isError).toBe(true);
    expect(sent()).toBe(before);
  });
});
