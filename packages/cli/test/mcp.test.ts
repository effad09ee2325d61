// `playq mcp` driven by a client no one here wrote: the MCP SDK's own Client, over stdio and over
// streamable HTTP, against a `playq serve` on 127.0.0.1 behind a proxy that counts what reaches it.
// Tools, structured results, problems before any request, bounded runs, and no secret anywhere.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { apiKeyAuth, createClient } from '@playq/client';
import { fromURL } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_PACKAGES, needsOptional } from '../src/optional-part';
import { BIN, type CliProcess, runCli, startCli, tempDir } from './helpers';

const KEY = 'mcp-test-key-7f3a9c21e5b4';
const SECRET = 'mcp-test-secret-2b8d6e4f0a1c';
const PERIOD = { start: 1767139200 - 6 * 86400, end: 1767225600 };
const period = `start=${PERIOD.start},end=${PERIOD.end}`;

let serve: CliProcess;
let proxy: Server;
let base: string;
let forwarded: string[];
let client: Client;
let mcpLogs: () => string;
const seen: string[] = [];

/** A proxy on 127.0.0.1 that forwards to the service and records each request's path. */
async function countingProxy(target: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    forwarded.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
    ) as Record<string, string>;
    const answer = await fetch(new URL(req.url!, target), {
      method: req.method!,
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function mcpEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NO_COLOR: '1',
    PLAYQ_BASE_URL: base,
    PLAYQ_API_KEY: KEY,
    PLAYQ_CLIENT_ID: 'mcp-client',
    PLAYQ_CLIENT_SECRET: SECRET,
    ...extra,
  };
}

async function connectStdio(env: Record<string, string>): Promise<{ client: Client; logs: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    env,
    stderr: 'pipe',
  });
  let logs = '';
  (transport.stderr as Readable).on('data', (d: Buffer) => {
    logs += d.toString();
  });
  const c = new Client({ name: 'playq-test', version: '1.0.0' });
  await c.connect(transport);
  return { client: c, logs: () => logs };
}

async function call(name: string, args: Record<string, unknown>, on: Client = client) {
  const result = await on.callTool({ name, arguments: args });
  seen.push(JSON.stringify(result));
  return result as {
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields it checks
    structuredContent?: Record<string, any>;
    isError?: boolean;
    content: { text: string }[];
  };
}

beforeAll(async () => {
  const dir = tempDir();
  const credentials = join(dir, 'credentials.json');
  writeFileSync(
    credentials,
    JSON.stringify([
      { customerId: 'demo', apiKey: KEY, clientId: 'mcp-client', clientSecret: SECRET, planLevel: '2' },
    ]),
    { mode: 0o600 },
  );
  serve = startCli(
    [
      'serve',
      '--port',
      '0',
      '--sessions',
      '3000',
      '--end',
      '2026-01-01T00:00:00Z',
      '--credentials',
      credentials,
    ],
    { timeoutMs: 240_000 },
  );
  const [, serveBase] = await serve.waitFor(/base URL\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/, 90_000);
  await serve.waitFor(/Press Ctrl-C to stop/);
  forwarded = [];
  proxy = await countingProxy(new URL(serveBase!).origin);
  base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/v1`;
  const connected = await connectStdio(mcpEnv());
  client = connected.client;
  mcpLogs = connected.logs;
}, 120_000);

afterAll(async () => {
  await client?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  if (serve && serve.child.exitCode === null) serve.child.kill('SIGKILL');
});

describe('playq mcp over stdio', () => {
  it('lists its tools, each with an input and an output schema, and its resources', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'build_query',
      'drill_down',
      'find_causes',
      'list_catalogue',
      'run_query',
      'validate_text',
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.description!.length, tool.name).toBeGreaterThan(60);
    }
    const run = tools.find((t) => t.name === 'run_query')!;
    expect(run.description).toMatch(/recordBudget[\s\S]*deadlineSeconds[\s\S]*256 KiB/);
    expect(Object.keys(run.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['url', 'endpoint', 'metrics', 'filter', 'recordBudget', 'deadlineSeconds']),
    );
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([
      'playq://catalogue',
      'playq://docs/catalogue',
      'playq://docs/query-languages',
    ]);
  });

  it('lists the catalogue with units, levels and definitions', async () => {
    const r = await call('list_catalogue', {});
    const metric = r.structuredContent!.metrics.find((m: { name: string }) => m.name === 'bufferingratio');
    expect(metric).toMatchObject({ unit: 'percent', level: 'session', better: 'lower' });
    const group = await call('list_catalogue', { level: 'group', endpoint: 'metricquery' });
    expect(group.structuredContent!.metrics.every((m: { level: string }) => m.level === 'group')).toBe(true);
    expect(JSON.parse(r.content[0]!.text)).toEqual(r.structuredContent);
  });

  it('checks a filter text with a did-you-mean at its offset, and gives the canonical form of a valid one', async () => {
    const bad = await call('validate_text', { kind: 'filter', text: '[contry=US]' });
    expect(bad.structuredContent).toMatchObject({ ok: false, canonical: null });
    expect(bad.structuredContent!.errors[0]).toMatchObject({
      code: 'unknown_dimension',
      offset: 1,
      length: 6,
    });
    expect(bad.structuredContent!.errors[0].message).toContain('did you mean "country"?');
    const good = await call('validate_text', {
      kind: 'qoefilter',
      text: 'bufferingratio>5.0 and latency<=2.5',
    });
    expect(good.structuredContent).toMatchObject({
      ok: true,
      canonical: 'bufferingratio>5 AND latency<=2.5',
    });
  });

  it('builds a query into its canonical URL, its meaning in words and its TypeScript', async () => {
    const r = await call('build_query', {
      endpoint: 'metricquery',
      customerId: 'demo',
      period,
      metrics: ['bufferingratio', 'viewercount'],
      aggby: ['country'],
      filter: '[platform=ios|android]',
      limit: 5,
    });
    expect(r.structuredContent!.ok).toBe(true);
    expect(r.structuredContent!.url).toBe(
      `${base}/metricquery/demo?period=start%3D${PERIOD.start}%2Cend%3D${PERIOD.end}&metrics=bufferingratio%2Cviewercount&aggby=country&filter=%5Bplatform%3Dios%7Candroid%5D&limit=5`,
    );
    expect(r.structuredContent!.explanation).toMatch(/shape\s+breakdown by country/);
    expect(r.structuredContent!.typescript).toContain("metricQuery('demo')");
  });

  it('answers a misspelled metric with a did-you-mean, and sends nothing to the service', async () => {
    const before = forwarded.length;
    const r = await call('run_query', {
      endpoint: 'metricquery',
      customerId: 'demo',
      period,
      metrics: ['bufferingration'],
    });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ ok: false, url: null, returned: 0 });
    expect(r.structuredContent!.problems[0]).toMatchObject({ code: 'unknown_metric', param: 'metrics' });
    expect(r.structuredContent!.problems[0].message).toContain('did you mean "bufferingratio"?');
    const filter = await call('run_query', {
      url: `/api/v1/metricquery/demo?period=${encodeURIComponent(period)}&metrics=errors&filter=%5Bcontry%3DUS%5D`,
    });
    expect(filter.structuredContent!.problems[0]).toMatchObject({
      code: 'unknown_dimension',
      param: 'filter',
      offset: 1,
    });
    expect(forwarded.length).toBe(before);
  });

  it('returns the same records as the client library for the same URL, and the URL it ran', async () => {
    const r = await call('run_query', {
      endpoint: 'metricquery',
      customerId: 'demo',
      period,
      metrics: ['viewercount', 'errors', 'bufferingratio'],
      aggby: ['country'],
      recordBudget: 1000,
    });
    expect(r.structuredContent!.ok).toBe(true);
    const url = r.structuredContent!.url as string;
    const parsed = fromURL(url);
    if (!parsed.ok) throw new Error('not a valid URL');
    const library = createClient({ baseUrl: base, auth: { metricquery: apiKeyAuth(KEY) } });
    const page = await library.run(parsed.query);
    expect(r.structuredContent!.records).toEqual(page.records);
    expect(r.structuredContent).toMatchObject({
      totalrecords: page.totalrecords,
      returned: page.records.length,
      truncatedBy: null,
    });
  });

  it('runs a session list: one record per session, keyed by the requested fields in order', async () => {
    const r = await call('run_query', {
      endpoint: 'listsessions',
      customerId: 'demo',
      period,
      metrics: ['sessionid', 'bufferingratio', 'country'],
      orderby: 'bufferingratio',
      recordBudget: 20,
    });
    expect(r.structuredContent!.ok).toBe(true);
    expect(r.structuredContent!.url).toMatch(/\/listsessions\/demo\?/);
    const records = r.structuredContent!.records as Record<string, unknown>[];
    expect(records).toHaveLength(20);
    for (const record of records)
      expect(Object.keys(record)).toEqual(['sessionid', 'bufferingratio', 'country']);
    const ratios = records.map((x) => Number(x.bufferingratio));
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
  });

  it('drills from a breakdown record to the sessions behind it: as many as its attempts', async () => {
    const breakdown = {
      endpoint: 'metricquery',
      customerId: 'demo',
      period,
      metrics: ['attempts', 'bufferingratio'],
      aggby: ['country'],
      orderby: 'attempts',
    };
    const rows = await call('run_query', { ...breakdown, recordBudget: 3 });
    const record = rows.structuredContent!.records[1] as Record<string, string | number>;
    const built = await call('drill_down', { ...breakdown, record });
    expect(built.structuredContent).toMatchObject({ ok: true, returned: 0, totalrecords: null });
    expect(built.structuredContent!.url).toMatch(/\/listsessions\/demo\?/);
    expect(built.structuredContent!.explanation).toContain('listsessions');
    const ran = await call('drill_down', {
      ...breakdown,
      record,
      fields: ['sessionid', 'country', 'bufferingratio'],
      run: true,
      recordBudget: 5000,
    });
    expect(ran.structuredContent).toMatchObject({
      ok: true,
      totalrecords: record.attempts,
      truncatedBy: null,
    });
    for (const s of ran.structuredContent!.records) expect(s.country).toBe(record.country);
  });

  it('refuses a record drillDown cannot select, and a group-level field, with problems and nothing sent', async () => {
    const before = forwarded.length;
    const byCategory = {
      endpoint: 'metricquery',
      customerId: 'demo',
      period,
      metrics: ['errors'],
      aggby: ['category'],
    };
    const refused = await call('drill_down', { ...byCategory, record: { category: 'network', errors: 3 } });
    expect(refused.structuredContent).toMatchObject({ ok: false, url: null });
    expect(refused.structuredContent!.problems.length).toBeGreaterThan(0);
    const byCountry = { ...byCategory, aggby: ['country'] };
    const group = await call('drill_down', {
      ...byCountry,
      record: { country: 'France', errors: 3 },
      fields: ['sessionid', 'viewercount'],
      run: true,
    });
    expect(group.structuredContent).toMatchObject({ ok: false, url: null });
    expect(group.structuredContent!.problems[0]).toMatchObject({ code: 'unsupported_on_endpoint' });
    expect(forwarded.length).toBe(before);
  });

  it('stops at the record budget and says so', async () => {
    const r = await call('run_query', {
      endpoint: 'metricquery',
      customerId: 'demo',
      period,
      metrics: ['viewercount'],
      aggby: ['country'],
      limit: 2,
      recordBudget: 5,
    });
    expect(r.structuredContent).toMatchObject({ ok: true, returned: 5, truncatedBy: 'budget' });
    expect(r.structuredContent!.records).toHaveLength(5);
    expect(r.structuredContent!.totalrecords).toBeGreaterThan(5);
  });

  it('looks up the plan level of a session query, with the token grant, and names both in the URL it ran', async () => {
    const r = await call('run_query', {
      endpoint: 'session',
      customerId: 'demo',
      period,
      agg: 1,
      metrics: ['errors', 'subscriberid'],
      aggby: ['subscriberid'],
      orderby: 'errors',
      recordBudget: 3,
    });
    expect(r.structuredContent!.ok).toBe(true);
    expect(r.structuredContent!.url).toContain('/session/demo?planlevel=2&');
    expect(r.structuredContent!.records.length).toBeLessThanOrEqual(3);
  });

  it('refuses to send a query, and its credentials, to another service', async () => {
    const before = forwarded.length;
    const r = await call('run_query', {
      url: `http://127.0.0.1:9/api/v1/metricquery/demo?period=${encodeURIComponent(period)}&metrics=errors`,
    });
    expect(r.structuredContent!.problems[0]).toMatchObject({ code: 'forbidden', param: 'url' });
    const beside = await call('run_query', { url: '/api/v1/metricquery/demo?metrics=errors', limit: 5 });
    expect(beside.structuredContent!.problems[0]).toMatchObject({
      code: 'duplicate_parameter',
      param: 'limit',
    });
    expect(forwarded.length).toBe(before);
  });

  it("reports the service's refusal as a tool error without any credential", async () => {
    const r = await call('run_query', {
      url: `/api/v1/metricquery/other?period=${encodeURIComponent(period)}&metrics=errors`,
    });
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toMatch(/^the service answered 404 not_found/);
  });

  it('serves the catalogue and the query-language docs as resources', async () => {
    const catalogue = await client.readResource({ uri: 'playq://catalogue' });
    expect(JSON.parse((catalogue.contents[0] as { text: string }).text).metrics.length).toBeGreaterThan(20);
    const languages = (await client.readResource({ uri: 'playq://docs/query-languages' })).contents[0] as {
      text: string;
    };
    expect(languages.text).toMatch(/^## The languages/);
    expect(languages.text).toContain('### qoefilter');
    expect(languages.text).toContain('## Diagnostic codes');
    expect(languages.text).not.toContain('## Implementation');
  });

  it('never shows a credential in a result or a log line', async () => {
    const logs = mcpLogs();
    expect(logs).toContain(`playq mcp: answering for ${base} over stdio`);
    for (const text of [...seen, logs]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(SECRET);
    }
  });

  it('says which credential is missing when a tool needs it', async () => {
    const bare = await connectStdio(mcpEnv({ PLAYQ_API_KEY: '' }));
    try {
      const r = await call(
        'run_query',
        { url: `/api/v1/metricquery/demo?period=${encodeURIComponent(period)}&metrics=errors` },
        bare.client,
      );
      expect(r.isError).toBe(true);
      expect(r.content[0]!.text).toContain(
        'the metricquery endpoint needs an API key: give --api-key-file or set PLAYQ_API_KEY',
      );
    } finally {
      await bare.client.close();
    }
  });
});

describe('playq mcp --http', () => {
  let http: CliProcess;
  let url: string;
  let token: string;
  beforeAll(async () => {
    http = startCli(['mcp', '--http', '0'], { env: mcpEnv(), timeoutMs: 120_000 });
    const started = Date.now();
    while (!/at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.test(http.stderr())) {
      if (Date.now() - started > 30_000 || http.child.exitCode !== null)
        throw new Error(`no URL: ${http.stderr()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    url = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(http.stderr())![1]!;
    token = /Authorization: Bearer (\S+)/.exec(http.stderr())![1]!;
  });
  afterAll(async () => {
    http.child.kill('SIGTERM');
    const r = await http.done;
    expect(r.code).toBe(0);
  });

  it('answers the SDK client over streamable HTTP on 127.0.0.1', async () => {
    const c = new Client({ name: 'playq-test', version: '1.0.0' });
    await c.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    try {
      expect((await c.listTools()).tools).toHaveLength(6);
      const r = await call('validate_text', { kind: 'period', text: 'end=2,start=1' }, c);
      expect(r.structuredContent).toMatchObject({ ok: true, canonical: 'start=1,end=2' });
    } finally {
      await c.close();
    }
  });

  it('refuses another Host or Origin (DNS rebinding) and other paths', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    // node:http, not fetch: fetch sets the Host header itself.
    const post = (headers: Record<string, string>, path = '/mcp') =>
      new Promise<number>((resolve, reject) => {
        const target = new URL(url);
        const req = request(
          {
            host: target.hostname,
            port: target.port,
            path,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              authorization: `Bearer ${token}`,
              ...headers,
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    expect(await post({})).toBe(200);
    expect(await post({ authorization: '' })).toBe(401);
    expect(await post({ host: 'evil.example' })).toBe(403);
    expect(await post({ origin: 'http://evil.example' })).toBe(403);
    expect(await post({}, '/other')).toBe(404);
  });
});

describe('the MCP inspector in CLI mode (@modelcontextprotocol/inspector-cli)', () => {
  const inspector = fileURLToPath(import.meta.resolve('@modelcontextprotocol/inspector-cli/build/index.js'));
  const inspect = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      // Its own package.json is looked up relative to the working directory: run it from a
      // directory whose parent holds a package.json, as it expects.
      const child = spawn(process.execPath, [inspector, process.execPath, BIN, 'mcp', ...args], {
        cwd: fileURLToPath(new URL('.', import.meta.url)),
        env: mcpEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
      });
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });

  it('lists the tools', async () => {
    const r = await inspect(['--method', 'tools/list']);
    expect(r.code, r.stderr).toBe(0);
    const names = (JSON.parse(r.stdout).tools as { name: string }[]).map((t) => t.name);
    expect(names.sort()).toEqual([
      'build_query',
      'drill_down',
      'find_causes',
      'list_catalogue',
      'run_query',
      'validate_text',
    ]);
  });

  it('calls run_query with a misspelled metric and gets the did-you-mean', async () => {
    const r = await inspect([
      '--method',
      'tools/call',
      '--tool-name',
      'run_query',
      '--tool-arg',
      'endpoint=metricquery',
      'customerId=demo',
      `period=${period}`,
      'metrics=["latncy"]',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.structuredContent.problems[0]).toMatchObject({ code: 'unknown_metric', hint: 'latency' });
  });
});

describe('the mcp command itself', () => {
  it('shows an MCP host configuration in --help, and where credentials come from', async () => {
    const r = await runCli(['mcp', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"mcpServers": { "playq": { "command": "npx",');
    expect(r.stdout).toContain(
      '"args": ["-y", "-p", "@playq/cli", "-p", "@modelcontextprotocol/sdk", "-p", "zod", "playq", "mcp"]',
    );
    expect(r.stdout).toContain("never from a tool's arguments");
    expect(r.stdout).not.toMatch(/--api-key </);
    expect(r.stdout).toContain('Authorization: Bearer <token>');
  });

  it('lists in --help every tool the server registers', async () => {
    const tools = (await client.listTools()).tools.map((t) => t.name);
    const help = (await runCli(['mcp', '--help'])).stdout;
    const listed = /Tools: ([^.]+)\./.exec(help.replace(/\s+/g, ' '))![1]!.split(', ');
    expect(listed.sort()).toEqual(tools.sort());
  });

  it('refuses to read a secret from stdin over stdio, where stdin is the protocol', async () => {
    const r = await runCli(['mcp', '--api-key-file', '-']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('over stdio, stdin carries the MCP protocol');
  });

  it('names the packages to install when the SDK is missing', async () => {
    const missing = Object.assign(
      new Error("Cannot find package '@modelcontextprotocol/sdk' imported from x"),
      {
        code: 'ERR_MODULE_NOT_FOUND',
      },
    );
    await expect(needsOptional('mcp', MCP_PACKAGES, () => Promise.reject(missing))).rejects.toThrow(
      'playq mcp needs the optional package @modelcontextprotocol/sdk (the Model Context Protocol SDK), which is not installed: npm install @modelcontextprotocol/sdk zod',
    );
    const other = new Error('something else');
    await expect(needsOptional('mcp', MCP_PACKAGES, () => Promise.reject(other))).rejects.toBe(other);
  });
});
