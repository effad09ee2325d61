// What `playq mcp`'s tools hand back to an agent: every result goes through the one redaction rule
// (a service that echoes the key in a record does not put it in the agent's context, whatever the
// encoding), and a page too large for a tool's result is cut off while it streams, not buffered.
// The MCP SDK's own client talks to the server in process; the "service" is a loopback listener.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { DEFAULT_CATALOGUE } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/io';
import { mcpService } from '../src/mcp/run-mcp';
import { createPlayqMcpServer } from '../src/mcp/server';
import { MAX_PAGE_BYTES } from '../src/mcp/tools/run-tool';

const KEY = 'sk+echo/KEY=0123456789';
let answer: (req: IncomingMessage, res: ServerResponse) => void;
let upstream: Server;
let base: string;

beforeAll(async () => {
  upstream = createServer((req, res) => answer(req, res));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

async function connect(env: Record<string, string>): Promise<Client> {
  const ctx = createContext({
    stdout: { write: () => true },
    stderr: { write: () => true },
    env,
  });
  const service = mcpService(ctx, { baseUrl: base, catalogue: DEFAULT_CATALOGUE, connection: {} });
  const server = createPlayqMcpServer(service);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'playq-test', version: '1.0.0' });
  await client.connect(b);
  return client;
}

const runQuery = {
  endpoint: 'metricquery',
  customerId: 'demo',
  period: 'start=1767139200,end=1767225600',
  metrics: ['errors'],
  aggby: ['country'],
};

const page = (records: object[]) =>
  JSON.stringify({
    totalcount: records.length,
    pagecount: 1,
    totalrecords: records.length,
    response: records,
  });

describe('run_query results', () => {
  it('never carry the key back, raw, JSON-escaped or percent-encoded in either case', async () => {
    answer = (req, res) => {
      const key = String(req.headers['x-api-key']);
      const lower = encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        page([
          { country: key, errors: 1 },
          { country: `key=${encodeURIComponent(key)}`, errors: 2 },
          { country: `key=${lower}`, errors: 3 },
        ]),
      );
    };
    const client = await connect({ PLAYQ_API_KEY: KEY });
    try {
      const r = await client.callTool({ name: 'run_query', arguments: runQuery });
      const seen = JSON.stringify(r);
      expect(r.isError).toBeFalsy();
      expect((r.structuredContent as { records: unknown[] }).records).toHaveLength(3);
      expect(seen).not.toContain(KEY);
      expect(seen).not.toContain(encodeURIComponent(KEY));
      expect(seen.toLowerCase()).not.toContain(encodeURIComponent(KEY).toLowerCase());
      expect(seen).toContain('[REDACTED]');
    } finally {
      await client.close();
    }
  });

  it('stop a page larger than the cap while it streams, keeping what came before', async () => {
    let sent = 0;
    let closedEarly = false;
    const total = 64 * MAX_PAGE_BYTES;
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.on('close', () => {
        if (sent < total) closedEarly = true;
      });
      const chunk = Buffer.alloc(64 * 1024, ' ');
      res.write('{"response":[');
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end(']}');
      };
      pump();
    };
    const client = await connect({ PLAYQ_API_KEY: KEY });
    try {
      const r = await client.callTool({ name: 'run_query', arguments: runQuery });
      expect(r.isError).toBeFalsy();
      expect(r.structuredContent).toMatchObject({ ok: true, returned: 0, truncatedBy: 'size' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(closedEarly).toBe(true);
      expect(sent).toBeLessThan(total / 2);
    } finally {
      await client.close();
    }
  });
});

describe('names as a URL spells them', () => {
  it('build_query takes metrics and aggby comma-separated, meaning what the lists mean', async () => {
    const client = await connect({ PLAYQ_API_KEY: KEY });
    try {
      const fields = { endpoint: 'metricquery', customerId: 'demo', period: runQuery.period };
      const listed = await client.callTool({
        name: 'build_query',
        arguments: { ...fields, metrics: ['latency', 'errors'], aggby: ['country', 'cdn'] },
      });
      const comma = await client.callTool({
        name: 'build_query',
        arguments: { ...fields, metrics: 'latency,errors', aggby: 'country,cdn' },
      });
      expect(comma.isError).toBeFalsy();
      expect(comma.structuredContent).toMatchObject({ ok: true });
      expect((comma.structuredContent as { url: string }).url).toBe(
        (listed.structuredContent as { url: string }).url,
      );
      const typo = await client.callTool({
        name: 'build_query',
        arguments: { ...fields, metrics: 'latency,erors' },
      });
      expect(
        (typo.structuredContent as { problems: { code: string; hint?: string }[] }).problems[0],
      ).toMatchObject({
        code: 'unknown_metric',
        hint: 'errors',
      });
    } finally {
      await client.close();
    }
  });
});
