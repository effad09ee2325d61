// The one-source plans written as one SELECT (docs/server.md, "Performance design"): a groups plan
// whose metrics all come from the population (or all from the error events) aggregates, tests and
// counts its groups in the SELECT over the table, and a session list is computed, counted, ordered
// and paged in one SELECT.
// They must answer as the merged plan does: same records, order, total and pages.
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { generateDataset } from '../src/index';
import { asEngineUnderTest } from './engine-under-test';
import { run } from './v2-fixture';

const END = 1_767_225_600;
const HOUR = 3600;
let db: Engine;
beforeAll(async () => {
  db = await asEngineUnderTest(await generateDataset({ sessions: 3000, seed: 17, days: 2, end: END }));
});
afterAll(async () => {
  await db.close();
});

const periods = fc
  .tuple(fc.integer({ min: 1, max: 47 }), fc.integer({ min: 1, max: 30 }))
  .map(
    ([from, hours]) => `start=${END - from * HOUR},end=${Math.min(END, END - from * HOUR + hours * HOUR)}`,
  );
const metricSets = fc.constantFrom(
  'attempts,latency,bufferingratio',
  'viewercount,playdur',
  'playdur,viewercount,buffcount',
  'bufferingratio',
  'errors',
);
const groupings = fc.constantFrom<Record<string, string>>(
  {},
  { aggby: 'country' },
  { aggby: 'country,platform' },
  { aggby: 'timestamp', granularity: 'hour' },
  { aggby: 'timestamp', granularity: '10minute' },
);
/** Group-level conditions on population metrics (tested per record), or none. */
/** Metrics of the population and of the error events, each requested. */
const twoSources = fc.constantFrom('viewercount,errors', 'errors,latency', 'attempts,bufferingratio,errors');
const keyed = fc.constantFrom<Record<string, string>>(
  // Sessions and events without a subscriber tag: a group whose key is null in both sources.
  { aggby: 'subscribertag' },
  { aggby: 'country' },
  { aggby: 'country,platform' },
  { aggby: 'timestamp', granularity: 'hour' },
);
const conditions = fc.constantFrom(
  '',
  'viewercount>3',
  'attempts>=10 AND viewercount<40',
  'attempts>1000000',
);
const pages = fc.record({ limit: fc.integer({ min: 1, max: 40 }), offset: fc.integer({ min: 0, max: 30 }) });

describe('one-source plans in one SELECT', () => {
  test.prop([periods, metricSets, groupings, conditions, pages], { numRuns: 25 })(
    'a groups plan of one source answers as the merge of sources does',
    async (period, metrics, grouping, qoe, page) => {
      const p = { period, metrics, ...grouping, ...page };
      const flat = await run(db, { ...p, ...(qoe ? { qoefilter: qoe } : {}) });
      // A group-level condition on an active-sessions metric that every record passes adds a
      // second source (not requested): the plan merges the two, the population's groups the records.
      const always = `concurviewavg>=0${qoe ? ` AND ${qoe}` : ''}`;
      const merged = await run(db, { ...p, qoefilter: always });
      expect(merged.plan.sql).toContain('UNION ALL');
      expect(flat.records).toEqual(merged.records);
      expect(flat.totalrecords).toBe(merged.totalrecords);
    },
  );

  test.prop([periods, twoSources, keyed, conditions, pages], { numRuns: 20 })(
    'a groups plan of two requested sources joined by group answers as the merge of sources does',
    async (period, metrics, grouping, qoe, page) => {
      const p = { period, metrics, ...grouping, ...page };
      const joined = await run(db, { ...p, ...(qoe ? { qoefilter: qoe } : {}) });
      // A third source, not requested, makes the plan merge them all.
      const merged = await run(db, { ...p, qoefilter: `concurviewavg>=0${qoe ? ` AND ${qoe}` : ''}` });
      expect(merged.plan.sql).toContain('UNION ALL');
      if (db.target.dialect.name === 'duckdb') expect(joined.plan.sql).toContain('FULL OUTER JOIN');
      expect(joined.records).toEqual(merged.records);
      expect(joined.totalrecords).toBe(merged.totalrecords);
    },
  );

  it('a population-only groups plan aggregates, tests and counts its groups in the SELECT over the table', async () => {
    const { plan, records } = await run(db, {
      period: `start=${END - 24 * HOUR},end=${END}`,
      metrics: 'viewercount,playdur',
      aggby: 'timestamp',
      granularity: 'hour',
      qoefilter: 'viewercount>2',
    });
    expect(records.length).toBeGreaterThan(0);
    expect(plan.sql).not.toContain('UNION');
    expect(plan.sql).not.toContain('__req');
    // The SELECT with the GROUP BY reads the sessions table itself, and counts its groups there.
    expect(plan.sql).toMatch(/OVER \(\)[^()]* FROM sessions ss WHERE [^()]*(\([^()]*\)[^()]*)*GROUP BY/);
    expect(plan.sql).toMatch(/HAVING \(count\(startup_ms\)\)::DOUBLE > /);
  });

  it('a population-only groups plan without group keys has no record when no session matches', async () => {
    const empty = await run(db, { period: `start=${END + HOUR},end=${END + 2 * HOUR}`, metrics: 'attempts' });
    expect(empty.records).toEqual([]);
    expect(empty.totalrecords).toBe(0);
  });

  it('a session list of numbers is computed, counted, ordered and paged in one SELECT', async () => {
    const { plan, records, totalrecords } = await run(
      db,
      {
        period: `start=${END - 24 * HOUR},end=${END}`,
        metrics: 'bufferingratio,latency,playdur',
        limit: 5,
        offset: 3,
      },
      'listsessions',
    );
    expect(records).toHaveLength(5);
    expect(totalrecords).toBeGreaterThan(8);
    expect(plan.sql.startsWith('SELECT ')).toBe(true);
    expect(plan.sql).not.toMatch(/\) p ORDER BY/);
    expect(plan.sql).toMatch(/OVER \(\)::DOUBLE AS __total, \S+ AS __sid FROM sessions ss WHERE /);
  });
});
