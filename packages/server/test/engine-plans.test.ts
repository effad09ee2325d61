// Plans for each engine are data: the same query compiles to DuckDB (`$n`) and ClickHouse
// (`{pn:Type}`) statements whose every request value is a bound parameter, never SQL text; the raw
// layout binds customer ids and filter values as text where the coded one binds codes.
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../src/sql/compile';
import { CLICKHOUSE, CLICKHOUSE_RAW, DUCKDB, DUCKDB_CODED, DUCKDB_RAW } from '../src/sql/dialect';
import { emptyPlan } from '../src/sql/plan';
import { node, T0 } from './semantics-fixture';

const QUERY = {
  metrics: 'p95_latency,errors,concurviewavg',
  aggby: 'cdn',
  filter: "[country=O'Brien|GB][cdn=x]",
  qoefilter: 'errors>=1 AND bufferingratio>2',
};

const refsOf = (sql: string, dialect: typeof DUCKDB) =>
  new Set(sql.match(dialect === DUCKDB ? /\$\d+/g : /\{p\d+:[A-Za-z0-9()]+\}/g));

describe('one query, three targets', () => {
  const coded = compileQuery(node(QUERY), {
    customerCode: 0,
    dictionary: (d) => (d === 'country' ? { codes: new Map([['GB', 3]]), values: [] } : undefined),
    target: DUCKDB_CODED,
  });
  const raw = compileQuery(node(QUERY), {
    customerCode: 'demo',
    dictionary: () => undefined,
    target: DUCKDB_RAW,
  });
  const ch = compileQuery(node(QUERY), {
    customerCode: 'demo',
    dictionary: () => undefined,
    target: CLICKHOUSE_RAW,
  });

  it('binds the customer and filter values as codes (coded) or text (raw), the same in both raw dialects', () => {
    expect(coded.parameters.slice(0, 3)).toEqual([
      { type: 'int', value: 0 },
      { type: 'bigint', value: T0 },
      { type: 'bigint', value: T0 + 7200 },
    ]);
    expect(coded.parameters).toContainEqual({ type: 'int', value: 3 });
    expect(raw.parameters[0]).toEqual({ type: 'varchar', value: 'demo' });
    expect(raw.parameters).toContainEqual({ type: 'varchar', value: "O'Brien" });
    expect(raw.parameters).toContainEqual({ type: 'varchar', value: 'GB' });
    expect(ch.parameters).toEqual(raw.parameters);
  });

  it('names every parameter, and the page size and offset after them, in its dialect; no value in the text', () => {
    for (const [plan, dialect] of [
      [coded, DUCKDB],
      [raw, DUCKDB],
      [ch, CLICKHOUSE],
    ] as const) {
      expect(refsOf(plan.sql, dialect).size).toBe(plan.parameters.length + 2);
      expect(plan.sql).not.toContain("O'Brien");
      expect(plan.sql).not.toContain("'demo'");
    }
    expect(ch.sql).not.toMatch(/\$\d/);
    expect(ch.sql).toContain('{p1:String}');
    expect(ch.sql).toContain(`{p${ch.parameters.length + 1}:Int64}`);
  });

  it('spells what differs: quantiles, the statuses, and session error counts without correlation on ClickHouse', () => {
    expect(coded.sql).toContain('quantile_cont(startup_ms, 0.95)');
    expect(ch.sql).toContain('quantileExactInclusive(0.95)(startup_ms)');
    expect(coded.sql).toMatch(/status <= 'DROPPED'::ENUM/);
    expect(raw.sql).toContain("status IN ('ENDED', 'DROPPED')");
    expect(coded.sql).toContain('x.session_id = ss.session_id');
    expect(ch.sql).not.toContain('x.session_id = ss.session_id');
    expect(ch.sql).toContain('ss.session_id IN (SELECT x.session_id FROM errors x');
  });

  it('joins an error event to its session only where events lack the session dimension read (Parquet in place)', () => {
    expect(raw.sql).toContain('LEFT JOIN sessions es ON es.cust = ev.cust AND es.session_id = ev.session_id');
    expect(ch.sql).not.toContain('LEFT JOIN sessions es');
    const byCountry = compileQuery(node({ metrics: 'errors', aggby: 'country' }), {
      customerCode: 'demo',
      dictionary: () => undefined,
      target: DUCKDB_RAW,
    });
    expect(byCountry.sql).not.toContain('LEFT JOIN sessions es');
  });
});

describe('session error-count conditions without a correlated subquery', () => {
  const compile = (qoefilter: string) =>
    compileQuery(node({ metrics: 'attempts', qoefilter }), {
      customerCode: 'demo',
      dictionary: () => undefined,
      target: CLICKHOUSE_RAW,
    }).sql;

  it('keeps sessions with passing counts when a session without events fails, else drops those with failing counts', () => {
    expect(compile('errors>=1')).toContain('ss.session_id IN (SELECT x.session_id FROM errors x');
    expect(compile('errors<1')).toContain('ss.session_id NOT IN (SELECT x.session_id FROM errors x');
    expect(compile('errors<1')).toContain('HAVING NOT (count(*) <');
    expect(compile('fatalerrors=0')).toContain(
      'AND coalesce(x.fatal, false) GROUP BY x.session_id HAVING NOT (count(*) =',
    );
    expect(compile('errors!=0')).toContain('ss.session_id IN (');
  });
});

describe('the empty plan', () => {
  it('pages in either dialect', () => {
    expect(emptyPlan([]).sql).toBe('SELECT NULL WHERE FALSE LIMIT $1 OFFSET $2');
    expect(emptyPlan([], CLICKHOUSE).sql).toBe('SELECT NULL WHERE FALSE LIMIT {p1:Int64} OFFSET {p2:Int64}');
  });
});
