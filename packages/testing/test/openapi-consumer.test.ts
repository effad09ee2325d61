// A consumer of the served OpenAPI document with tools no one here wrote: `openapi-typescript`
// generates types from it, a small program typed by them queries the reference service on
// 127.0.0.1 with `openapi-fetch`, `tsc --strict` checks that program (a metric is a number, a name
// the catalogue lacks does not compile), and the records it gets have exactly the keys it typed.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, type TestService } from '../src/service/test-service';

const run = promisify(execFile);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// Under this package's node_modules, so the program resolves openapi-fetch as a consumer would.
const dir = join(import.meta.dirname, '../node_modules/.cache', `openapi-consumer-${process.pid}`);

const CONSUMER = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

type Row = components['schemas']['MetricqueryRecord'];
/** The keys the program asks for, each a key of the generated record type. */
export const KEYS = ['viewercount', 'latency', 'country'] as const satisfies readonly (keyof Row)[];

export async function query(baseUrl: string, period: string): Promise<Row[]> {
  const client = createClient<paths>({ baseUrl, querySerializer: { array: { style: 'form', explode: false } } });
  const { data, error } = await client.GET('/metricquery/{customerId}', {
    params: {
      path: { customerId: 'demo' },
      query: { period, metrics: ['viewercount', 'latency'], aggby: ['country'], order: 'desc', limit: 5 },
    },
    headers: { 'X-API-Key': 'demo-key' },
  });
  if (error !== undefined) throw new Error(\`\${error.code}: \${error.detail}\`);
  const first: number | undefined = data.response[0]?.viewercount;
  // @ts-expect-error a metric is a number, not a string
  const wrong: string | undefined = data.response[0]?.latency;
  void first;
  void wrong;
  return [...data.response];
}

export function misuse(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error a name the catalogue lacks is not a metric
  return client.GET('/metricquery/{customerId}', { params: { path: { customerId: 'demo' }, query: { period: 'p', metrics: ['nosuchmetric'] } } });
}
`;

let t: TestService;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestService({ seed: 5, sessions: 2_000 });
  ({ baseUrl } = await t.service.listen({ port: 0 }));
  mkdirSync(dir, { recursive: true });
}, 60_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe('openapi-typescript and openapi-fetch against the reference service', () => {
  it('generate types that type a strict program whose records have the typed keys', async () => {
    const doc = await (await fetch(`${baseUrl}/openapi.json`)).json();
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(doc)));
    writeFileSync(join(dir, 'consumer.ts'), CONSUMER);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    const flags = [
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
    ];
    const compiled = await run(process.execPath, [tsc, ...flags, '--skipLibCheck', 'consumer.ts'], {
      cwd: dir,
    }).catch((e: { stdout: string; code: number }) => e);
    expect('code' in compiled ? compiled.stdout : '').toBe('');
    const program = (await import(pathToFileURL(join(dir, 'consumer.js')).href)) as {
      KEYS: readonly string[];
      query: (base: string, period: string) => Promise<Record<string, unknown>[]>;
    };
    const rows = await program.query(baseUrl, `start=${t.period.start},end=${t.period.end}`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(program.KEYS);
      expect(typeof row.viewercount).toBe('number');
      expect(typeof row.country).toBe('string');
    }
  }, 60_000);

  it('makes tsc refuse the program once the document lacks a name it uses', async () => {
    const doc = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
      components: { schemas: { MetricqueryRecord: { properties: Record<string, unknown> } } };
    };
    delete doc.components.schemas.MetricqueryRecord.properties.latency;
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(doc as never)));
    writeFileSync(join(dir, 'consumer.ts'), CONSUMER);
    const flags = ['--strict', '--noEmit', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
    const compiled = await run(process.execPath, [tsc, ...flags, '--skipLibCheck', 'consumer.ts'], {
      cwd: dir,
    }).catch((e: { stdout: string }) => e);
    expect(compiled.stdout).toMatch(/latency/);
  }, 60_000);
});
