// The contract suite, strictly, against the reference service on its other engines: chdb
// (ClickHouse in process) and DuckDB on Parquet files in place. Every check passes as it does on
// DuckDB in memory (contract-reference.test.ts), so a deployment on either answers the same API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createService,
  type Engine,
  generateDataset,
  openChdb,
  openParquetInPlace,
  type Service,
  writeDataset,
} from '@playq/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_CHECKS, checkContract, formatContractReport } from '../src/index';

const END = 1_767_225_600;
const DAY = 86_400;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'playq-contract-engines-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const engines: [string, () => Promise<Engine>][] = [
  [
    'chdb',
    async () => {
      const db = await generateDataset({ sessions: 20_000, seed: 3, days: 30, end: END });
      try {
        return await openChdb({ dataset: db });
      } finally {
        await db.close();
      }
    },
  ],
  [
    'duckdb-parquet',
    async () => {
      const db = await generateDataset({ sessions: 20_000, seed: 3, days: 30, end: END });
      try {
        await writeDataset(db, { dir: join(dir, 'parquet'), format: 'parquet' });
      } finally {
        await db.close();
      }
      return openParquetInPlace(join(dir, 'parquet'));
    },
  ],
];

describe.each(engines)('checkContract against the reference service on %s', (name, open) => {
  let engine: Engine;
  let service: Service;
  let urls: { baseUrl: string; planUrl: string };
  beforeAll(async () => {
    engine = await open();
    service = await createService({ data: { engine }, rateLimit: false, corsOrigins: '*' });
    urls = await service.listen({ port: 0 });
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await engine?.close();
  });

  it('passes every check, strictly', async () => {
    expect(engine.name).toBe(name);
    const report = await checkContract({
      baseUrl: urls.baseUrl,
      planUrl: urls.planUrl,
      customerId: 'demo',
      apiKey: 'demo-key',
      clientCredentials: { clientId: 'demo', clientSecret: 'demo-secret' },
      otherCustomer: { customerId: 'other', apiKey: 'other-key' },
      requestsPerSecond: Number.POSITIVE_INFINITY,
      period: { start: END - 7 * DAY, end: END },
      strict: true,
    });
    expect(
      report.checks.filter((c) => c.status !== 'pass' && c.name !== 'http.rate-limit-retry-after'),
      formatContractReport(report),
    ).toEqual([]);
    expect(report.checks.map((c) => c.name)).toEqual(CONTRACT_CHECKS.map((c) => c.name));
  }, 120_000);
});
