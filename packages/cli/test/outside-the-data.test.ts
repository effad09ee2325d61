// A period that misses the served data: the reference service answers an empty page with its data
// span, and the client (Page.dataSpan), the CLI (a note on stderr, exit 0) and MCP (`note`) say
// the same sentence; a period inside the data that matches nothing gets no note.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { apiKeyAuth, createClient } from '@playq/client';
import { DEFAULT_CATALOGUE, metricQuery, outsideTheData } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/index';
import { createContext } from '../src/io';
import { mcpService } from '../src/mcp/run-mcp';
import { createPlayqMcpServer } from '../src/mcp/server';
import { captured, liveService } from './in-process';

const live = liveService(5);
const YEAR_2000 = { start: 946_684_800, end: 946_684_800 + 86_400 };
const period = `start=${YEAR_2000.start},end=${YEAR_2000.end}`;

let mcp: Client;
beforeAll(async () => {
  const ctx = createContext({ stdout: { write: () => true }, stderr: { write: () => true }, env: {} });
  const service = mcpService(ctx, {
    baseUrl: live.baseUrl,
    catalogue: DEFAULT_CATALOGUE,
    connection: { apiKey: 'demo-key' },
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await createPlayqMcpServer(service).connect(a);
  mcp = new Client({ name: 'outside-the-data', version: '1.0.0' });
  await mcp.connect(b);
});
afterAll(() => mcp?.close());

async function expectedNote(): Promise<string> {
  const client = createClient({ baseUrl: live.baseUrl, auth: { metricquery: apiKeyAuth('demo-key') } });
  const page = await client.run(metricQuery('demo').between(YEAR_2000.start, YEAR_2000.end).metrics('views'));
  expect(page.totalrecords).toBe(0);
  expect(page.dataSpan).toBeDefined();
  const note = outsideTheData(YEAR_2000, page.dataSpan!);
  expect(note).toMatch(/^the period 2000-01-01T00:00:00Z to 2000-01-02T00:00:00Z lies outside the data/);
  return note!;
}

describe('a period outside the served data', () => {
  it('the client reads the span, the CLI notes it on stderr and exits 0', async () => {
    const note = await expectedNote();
    const t = captured({
      tty: false,
      columns: 80,
      env: { PLAYQ_BASE_URL: live.baseUrl, PLAYQ_API_KEY: 'demo-key' },
    });
    const args = [
      'query',
      'metricquery',
      'demo',
      '--period',
      period,
      '--metrics',
      'views',
      '--aggby',
      'country',
    ];
    expect(await run(args, t.io)).toBe(0);
    expect(t.err()).toContain(`note: ${note}\n`);
  });

  it('MCP run_query says the same sentence in `note`', async () => {
    const note = await expectedNote();
    const r = await mcp.callTool({
      name: 'run_query',
      arguments: { endpoint: 'metricquery', customerId: 'demo', period, metrics: ['views'] },
    });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { note: string | null; returned: number }).note).toBe(note);
  });

  it('a period inside the data that matches nothing gets no note', async () => {
    const t = captured({
      tty: false,
      columns: 80,
      env: { PLAYQ_BASE_URL: live.baseUrl, PLAYQ_API_KEY: 'demo-key' },
    });
    const args = [
      'query',
      'metricquery',
      'demo',
      '--last',
      '2d',
      '--metrics',
      'views',
      '--filter',
      '[country=ZZ]',
    ];
    expect(await run(args, t.io)).toBe(0);
    expect(t.err()).not.toContain('note:');
    const r = await mcp.callTool({
      name: 'run_query',
      arguments: {
        endpoint: 'metricquery',
        customerId: 'demo',
        last: '2d',
        metrics: ['views'],
        filter: '[country=ZZ]',
      },
    });
    expect((r.structuredContent as { note: string | null }).note).toBeNull();
  });
});
