import { test } from '@fast-check/vitest';
import { fromURL, metricQuery, type QueryNode, sessionList, sessionQuery, toURL } from '@playq/query';
import { queryNode } from '@playq/query/arbitraries';
import { describe, expect, it } from 'vitest';
import { builderCode } from '../src/explain/builder-code';
import { describeQuery } from '../src/explain/describe-query';

// Runs the generated code with the real builder and returns the query it makes.
function evaluate(code: string): QueryNode {
  const body = code.replace(/^import .*\n/, '');
  const make = new Function('metricQuery', 'sessionQuery', `${body}\nreturn query.toQuery();`);
  return make(metricQuery, sessionQuery) as QueryNode;
}

describe('builder code', () => {
  test.prop([queryNode()], { numRuns: 150 })('builds exactly the query it was made from', (query) => {
    expect(evaluate(builderCode(query))).toEqual(query);
  });

  it('reads like hand-written code', () => {
    const parsed = fromURL(
      'http://h/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors&aggby=country&filter=%5Bcountry%3DUS%7CFR%5D&qoefilter=errors%3E2&orderby=errors&order=asc&limit=10&offset=20',
    );
    if (!parsed.ok) throw new Error('fixture URL should be valid');
    expect(builderCode(parsed.query)).toBe(
      [
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        '  .between(0, 3600)',
        "  .metrics('errors')",
        "  .aggBy('country')",
        "  .where('country', ['US', 'FR'])",
        "  .having('errors', '>', 2)",
        "  .orderBy('errors', 'asc')",
        '  .limit(10)',
        '  .offset(20);',
        '',
      ].join('\n'),
    );
  });

  it('escapes quotes and backslashes in values', () => {
    const q = metricQuery('demo').between(0, 60).metrics('errors').where('country', ["O'Brien\\x"]).toQuery();
    expect(evaluate(builderCode(q))).toEqual(q);
  });
});

describe('query summary', () => {
  const rows = (q: QueryNode) => Object.fromEntries(describeQuery(q));

  it('spells out the defaults the service applies', () => {
    const breakdown = rows(
      metricQuery('demo').between(0, 86400).metrics('latency', 'users').aggBy('platform').toQuery(),
    );
    expect(breakdown.order).toBe('latency desc (default)');
    expect(breakdown.page).toBe('limit 1000, offset 0 (records 1 to 1000)');
    expect(breakdown.period).toBe('1970-01-01 00:00 to 1970-01-02 00:00 UTC (1d, end excluded)');
    const series = rows(
      metricQuery('demo').between(0, 7200).metrics('errors').timeseries('minute').toQuery(),
    );
    expect(series.shape).toBe('time series, one record per minute with data (UTC buckets)');
    expect(series.order).toBe('timestamp asc (default)');
    const byDimension = rows(
      metricQuery('demo').between(0, 60).metrics('errors').aggBy('country').orderBy('country').toQuery(),
    );
    expect(byDimension.order).toBe('country asc (default direction)');
    const list = rows(sessionList('demo').between(0, 3600).metrics('bufferingratio', 'sessionid').toQuery());
    expect(list.shape).toBe('one record per session (the sessions behind the filter)');
    expect(list.order).toBe('bufferingratio desc (default)');
  });

  it('names the credential and the session parameters', () => {
    const s = rows(sessionQuery('demo').agg(2).between(0, 90).metrics('errors').toQuery());
    expect(s.endpoint).toMatch(/Bearer/);
    expect(s.agg).toBe('2: one record per error event');
    expect(s['plan level']).toBe('(looked up on the plan host)');
    expect(s.period).toMatch(/\(90s, end excluded\)/);
  });

  it('round-trips through the canonical URL it describes', () => {
    const q = sessionQuery('demo')
      .planLevel('2')
      .agg(1)
      .between(0, 3600)
      .metrics('errors', 'subscriberid')
      .aggBy('subscriberid')
      .toQuery();
    const url = toURL(q, { baseUrl: 'http://h/api/v1' });
    const back = fromURL(url);
    expect(back.ok && back.query).toEqual(q);
  });
});
