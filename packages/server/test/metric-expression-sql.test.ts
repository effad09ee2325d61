// The SQL printed from a metric expression against an independent evaluation of the same tree in
// JS (SQL's NULL rules, three-valued conditions, linear-interpolation quantiles) over the v2
// fixture's population, for random well-formed expressions (on DuckDB in memory).
import {
  DEFAULT_CATALOGUE,
  expr,
  extendCatalogue,
  fromURL,
  type GroupExpr,
  type MetricExpression,
  type Predicate,
  type RowExpr,
} from '@playq/query';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { QueryExecutor } from '../src/exec/executor';
import { compileQuery } from '../src/sql/compile';
import { metricTable } from '../src/sql/metric-sql';
import { planContext } from './engine-under-test';
import { BYTES, openV2Dataset, PERIOD, SESSIONS } from './semantics-fixture';

const {
  add,
  and,
  avg,
  col,
  compare,
  count,
  flag,
  minutes,
  multiply,
  not,
  num,
  or,
  overSessions,
  present,
  absent,
} = expr;
const { quantile, ratio, seconds, sum, when } = expr;

/** The population S of the fixture's period (ended or dropped, ended within it). */
const S = SESSIONS.filter(
  (s) => (s.status === 'ENDED' || s.status === 'DROPPED') && s.end !== null && s.end < 7200,
);
type Row = Record<string, number | boolean | null>;
const ROWS: Row[] = S.map((s) => ({
  startup_ms: s.startup,
  watch_ms: s.watch,
  rebuffer_ms: s.rebuf,
  rebuffer_count: s.rc,
  cdn_changes: s.cc,
  bytes_downloaded: BYTES[s.id] ?? 0,
  business_failure: s.bf,
}));

type V = number | null;
const arith = (a: V, b: V, f: (x: number, y: number) => number): V =>
  a === null || b === null ? null : f(a, b);

function row(e: RowExpr, r: Row): V {
  switch (e.op) {
    case 'column':
      return r[e.name] as V;
    case 'number':
      return e.value;
    case 'add':
      return arith(row(e.left, r), row(e.right, r), (x, y) => x + y);
    case 'subtract':
      return arith(row(e.left, r), row(e.right, r), (x, y) => x - y);
    case 'multiply':
      return arith(row(e.left, r), row(e.right, r), (x, y) => x * y);
    case 'ratio': {
      const d = row(e.denominator, r);
      if (d === 0) return 0;
      return arith(row(e.numerator, r), d, (x, y) => x / y);
    }
    case 'scale':
      return arith(row(e.of, r), e.divisor, (x, y) => x / y);
    case 'when':
      return holds(e.if, r) === true ? row(e.then, r) : row(e.else, r);
    case 'name':
      return row(e.of, r);
    default:
      throw new Error(`no JS for ${e.op}`);
  }
}

/** SQL's three-valued truth of a condition: true, false or null (unknown). */
function holds(p: Predicate, r: Row): boolean | null {
  switch (p.op) {
    case 'present':
      return r[p.column] !== null;
    case 'absent':
      return r[p.column] === null;
    case 'flag':
      return r[p.column] === true;
    case 'compare': {
      const v = row(p.of, r);
      if (v === null) return null;
      return {
        '>': v > p.value,
        '>=': v >= p.value,
        '<': v < p.value,
        '<=': v <= p.value,
        '=': v === p.value,
        '!=': v !== p.value,
      }[p.operator];
    }
    case 'not': {
      const v = holds(p.of, r);
      return v === null ? null : !v;
    }
    case 'and': {
      const vs = p.items.map((i) => holds(i, r));
      return vs.includes(false) ? false : vs.includes(null) ? null : true;
    }
    case 'or': {
      const vs = p.items.map((i) => holds(i, r));
      return vs.includes(true) ? true : vs.includes(null) ? null : false;
    }
    default:
      throw new Error(`no JS for ${p.op}`);
  }
}

const values = (of: RowExpr, where: Predicate | undefined): number[] =>
  ROWS.filter((r) => where === undefined || holds(where, r) === true)
    .map((r) => row(of, r))
    .filter((v): v is number => v !== null);

function quantileCont(xs: number[], q: number): V {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const pos = q * (s.length - 1);
  const lo = Math.floor(pos);
  return s[lo]! + (pos - lo) * ((s[Math.ceil(pos)] ?? s[lo]!) - s[lo]!);
}

function group(e: GroupExpr): V {
  const zero = (v: V) => v ?? 0;
  switch (e.op) {
    case 'number':
      return e.value;
    case 'count':
      return ROWS.filter((r) => e.where === undefined || holds(e.where, r) === true).length;
    case 'sum': {
      const xs = values(e.of, e.where);
      return xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0);
    }
    case 'avg': {
      const xs = values(e.of, e.where);
      return xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;
    }
    case 'quantile':
      return quantileCont(values(e.of, e.where), e.q);
    case 'add':
      return zero(group(e.left)) + zero(group(e.right));
    case 'multiply':
      return zero(group(e.left)) * zero(group(e.right));
    case 'ratio': {
      const n = group(e.numerator);
      const d = group(e.denominator);
      return n === null || d === null || d === 0 ? 0 : n / d;
    }
    case 'scale': {
      const v = group(e.of);
      return v === null ? null : v / e.divisor;
    }
    default:
      throw new Error(`no JS for ${e.op}`);
  }
}

// (Products take a constant factor: the product of integer columns could overflow BIGINT.)
const NUMBERS = [
  'startup_ms',
  'watch_ms',
  'rebuffer_ms',
  'rebuffer_count',
  'cdn_changes',
  'bytes_downloaded',
];
const predicate: fc.Arbitrary<Predicate> = fc.letrec<{ p: Predicate }>((tie) => ({
  p: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(present('startup_ms'), absent('startup_ms'), flag('business_failure')),
    fc
      .tuple(
        fc.constantFrom(...NUMBERS),
        fc.constantFrom('>' as const, '<=' as const, '!=' as const),
        fc.integer({ min: 0, max: 3000 }),
      )
      .map(([c, op, v]) => compare(col(c), op, v)),
    tie('p').map(not),
    fc.array(tie('p'), { minLength: 1, maxLength: 3 }).map((items) => and(...items)),
    fc.array(tie('p'), { minLength: 1, maxLength: 3 }).map((items) => or(...items)),
  ),
})).p;
const rowValue: fc.Arbitrary<RowExpr> = fc.letrec<{ r: RowExpr }>((tie) => ({
  r: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...NUMBERS).map(col),
    fc.integer({ min: 0, max: 100 }).map(num),
    fc.tuple(tie('r'), tie('r')).map(([a, b]) => add(a, b)),
    fc.tuple(fc.integer({ min: 0, max: 100 }).map(num), tie('r')).map(([a, b]) => multiply(a, b)),
    fc.tuple(tie('r'), tie('r')).map(([a, b]) => ratio(a, b)),
    tie('r').map((r) => seconds(r)),
    fc.tuple(predicate, tie('r'), tie('r')).map(([p, a, b]) => when(p, a, b)),
  ),
})).r;
const where = fc.option(predicate, { nil: undefined });
const groupValue: fc.Arbitrary<GroupExpr> = fc.letrec<{ g: GroupExpr }>((tie) => ({
  g: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    where.map((w) => count(w)),
    fc.tuple(rowValue, where).map(([r, w]) => sum(r, w)),
    fc.tuple(rowValue, where).map(([r, w]) => avg(r, w)),
    fc.tuple(rowValue, fc.constantFrom(0.25, 0.5, 0.9), where).map(([r, q, w]) => quantile(r, q, w)),
    fc.tuple(tie('g'), tie('g')).map(([a, b]) => ratio(a, b)),
    fc.tuple(tie('g'), tie('g')).map(([a, b]) => add(a, b)),
    tie('g').map((g) => minutes(g)),
  ),
})).g;

let db: Engine;
beforeAll(async () => {
  db = await openV2Dataset();
});
afterAll(() => db.close());

async function answer(expression: MetricExpression): Promise<unknown> {
  const catalogue = extendCatalogue(DEFAULT_CATALOGUE, {
    metrics: { probe: { unit: 'count', level: 'group', expression } },
  });
  const parsed = fromURL(
    `http://svc.test/api/v1/metricquery/demo?period=${encodeURIComponent(PERIOD)}&metrics=probe`,
    {
      catalogue,
    },
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const plan = compileQuery(parsed.query, { ...planContext(db), metrics: metricTable(catalogue) });
  const executor = new QueryExecutor(db, { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
  const [record] = (await executor.page(plan, 10, 0)).records;
  return record?.probe;
}

describe('the SQL of a metric expression', () => {
  it('gives what the tree means, for random trees (with seed=20260415)', async () => {
    await fc.assert(
      fc.asyncProperty(groupValue, async (value) => {
        const expected = group(value) ?? 0;
        const actual = (await answer(overSessions(value))) as number;
        expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
      }),
      { seed: 20260415, numRuns: 60 },
    );
  });
});
