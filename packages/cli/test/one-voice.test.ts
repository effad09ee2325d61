// One voice: the same bad query through the library (`fromURL`), the CLI (`playq explain --json`),
// the MCP server (`build_query` with the URL) and the reference service (its problem's `errors`)
// gets the same problems: code, parameter, message, offset and hint, in the same order.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { checkText, DEFAULT_CATALOGUE, fromURL } from '@playq/query';
import { createService, type Service } from '@playq/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/io';
import { mcpService } from '../src/mcp/run-mcp';
import { createPlayqMcpServer } from '../src/mcp/server';
import { runCli } from './helpers';

const BASE = 'http://127.0.0.1:8080/api/v1';
const PERIOD = 'period=start%3D1767139200%2Cend%3D1767225600';

/** Bad queries, each a URL of the service: a misspelt dimension, an unclosed clause, … */
const BAD = {
  'a misspelt dimension': `metrics=latency&filter=${encodeURIComponent('[contry=US]')}`,
  'an unclosed clause': `metrics=latency&filter=${encodeURIComponent('[country=US|FR')}`,
  'a misspelt metric': 'metrics=latncy',
  'a misspelt metric in a qoefilter': `metrics=latency&qoefilter=${encodeURIComponent('latncy>2')}`,
  'a metric in a filter': `metrics=latency&filter=${encodeURIComponent('[latency=2]')}`,
  'a limit out of range': 'metrics=latency&limit=0',
  'two problems at once': `metrics=errros&filter=${encodeURIComponent('[country=]')}`,
} as const;

const urlOf = (query: string) => `${BASE}/metricquery/demo?${PERIOD}&${query}`;

/** What every layer must agree on. */
type Said = {
  code: string;
  param: string | null;
  message: string;
  offset: number | null;
  hint: string | null;
};
const said = (p: Record<string, unknown>): Said => ({
  code: String(p.code),
  param: (p.param as string | undefined) ?? null,
  message: String(p.message),
  offset: (p.offset as number | undefined) ?? null,
  hint: (p.hint as string | undefined) ?? null,
});

let service: Service;
let mcp: Client;
beforeAll(async () => {
  service = await createService({ data: { generate: { sessions: 200, seed: 1, days: 2, end: 1767225600 } } });
  const ctx = createContext({ stdout: { write: () => true }, stderr: { write: () => true }, env: {} });
  const server = createPlayqMcpServer(
    mcpService(ctx, { baseUrl: BASE, catalogue: DEFAULT_CATALOGUE, connection: {} }),
  );
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  mcp = new Client({ name: 'one-voice', version: '1.0.0' });
  await mcp.connect(b);
}, 60_000);
afterAll(async () => {
  await mcp?.close();
  await service?.close();
});

describe.each(Object.entries(BAD))('%s', (_, query) => {
  const url = urlOf(query);
  let library: Said[];
  beforeAll(() => {
    const parsed = fromURL(url);
    expect(parsed.ok).toBe(false);
    library = parsed.ok ? [] : parsed.errors.map((d) => said({ ...d }));
    expect(library.length).toBeGreaterThan(0);
  });

  it('the CLI says what the library says', async () => {
    const r = await runCli(['explain', '--json', url]);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as { ok: boolean; problems: Record<string, unknown>[] };
    expect(json.ok).toBe(false);
    expect(json.problems.map(said)).toEqual(library);
  });

  it('the MCP server says what the library says', async () => {
    const r = await mcp.callTool({ name: 'build_query', arguments: { url } });
    const out = r.structuredContent as { ok: boolean; problems: Record<string, unknown>[] };
    expect(out.ok).toBe(false);
    expect(out.problems.map(said)).toEqual(library);
  });

  it('the service says what the library says', async () => {
    const res = await service.fetch(
      new Request(url.replace(BASE, 'http://127.0.0.1/api/v1'), { headers: { 'X-API-Key': 'demo-key' } }),
    );
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { code: string; errors: Record<string, unknown>[] };
    expect(problem.code).toBe(library[0]!.code);
    expect(problem.errors.map(said)).toEqual(library);
  });
});

/** Bad texts of the query languages, as an editor, `playq validate` and `validate_text` check them. */
const BAD_TEXTS = [
  ['filter', '[contry=US]'],
  ['filter', '[country=US|FR'],
  ['filter', '[contry=US'],
  ['qoefilter', 'latncy>2'],
  ['period', 'start=5'],
] as const;

describe.each(BAD_TEXTS)('the %s %s', (kind, text) => {
  const library = checkText(kind, text).map((d) => ({ ...said({ ...d }), cause: d.cause?.code ?? null }));
  const withCause = (p: Record<string, unknown>) => ({
    ...said(p),
    cause: (p.cause as string | null) ?? null,
  });

  it('playq validate --json says what checkText says', async () => {
    const r = await runCli(['validate', kind, text, '--json']);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as {
      errors: Record<string, unknown>[];
      warnings: Record<string, unknown>[];
    };
    expect([...json.errors, ...json.warnings].map(withCause)).toEqual(library);
  });

  it('validate_text says what checkText says', async () => {
    const r = await mcp.callTool({ name: 'validate_text', arguments: { kind, text } });
    const out = r.structuredContent as {
      errors: Record<string, unknown>[];
      warnings: Record<string, unknown>[];
    };
    expect([...out.errors, ...out.warnings].map(withCause)).toEqual(library);
  });
});

it('a rendered problem names its parameter once and points into its text', async () => {
  const r = await runCli(['explain', urlOf(BAD['a misspelt dimension'])]);
  expect(r.stderr).toContain(
    'error[unknown_dimension]: filter: Unknown dimension "contry"; did you mean "country"?',
  );
  expect(r.stderr).not.toMatch(/filter: filter:|\(filter\)/);
  expect(r.stderr).toContain(' --> filter, line 1, column 2');
  expect(r.stderr).toContain('  |  ^^^^^^');
});
