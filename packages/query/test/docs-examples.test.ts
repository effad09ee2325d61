// The URLs docs/query.md shows, checked against the builder so the documentation cannot drift.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATALOGUE,
  DIMENSIONS,
  fromURL,
  isDimension,
  isErrorDimension,
  listFieldType,
  METRICS,
  metricQuery,
  validate,
} from '../src/index';

const B = 'https://analytics.example.com/api/v1';
const P = 'period=start%3D1704067200%2Cend%3D1704153600';

describe('docs/query.md examples', () => {
  it('time series', () => {
    const q = metricQuery('demo')
      .between('2024-01-01', '2024-01-02')
      .metrics('viewercount', 'concurviewavg')
      .timeseries('minute');
    expect(q.toURL(B)).toBe(
      `${B}/metricquery/demo?${P}&metrics=viewercount%2Cconcurviewavg&aggby=timestamp&granularity=minute`,
    );
  });

  it('raw texts', () => {
    const q = metricQuery('demo')
      .period('start=1704067200,end=1704153600')
      .metrics('errors')
      .where('[country=US|DE][platform=web]')
      .having('errors>=10 and latency<2.5');
    expect(q.toURL(B)).toBe(
      `${B}/metricquery/demo?${P}&metrics=errors&filter=%5Bcountry%3DUS%7CDE%5D%5Bplatform%3Dweb%5D` +
        '&qoefilter=errors%3E%3D10%20AND%20latency%3C2.5',
    );
  });

  it('quoting', () => {
    const q = metricQuery('demo')
      .between(1704067200, 1704153600)
      .metrics('errors')
      .aggBy('key')
      .where('key', ['a|b', 'United States']);
    expect(q.toURL(B)).toBe(
      `${B}/metricquery/demo?${P}&metrics=errors&aggby=key&filter=%5Bkey%3D%22a%7Cb%22%7CUnited%20States%5D`,
    );
  });

  it('paging', () => {
    const q = metricQuery('demo')
      .between(1704067200, 1704153600)
      .metrics('users')
      .aggBy('subscriberid')
      .orderBy('users')
      .page(3, 50);
    expect(q.toURL(B)).toBe(
      `${B}/metricquery/demo?${P}&metrics=users&aggby=subscriberid&orderby=users&limit=50&offset=100`,
    );
  });

  it('validation and fromURL messages', () => {
    const d = validate(
      metricQuery('demo')
        .last(1, 'day')
        // @ts-expect-error the misspelling the docs show
        .metrics('bufferingration')
        .where('[contry=US]'),
    );
    expect(d[0]).toMatchObject({
      code: 'unknown_metric',
      param: 'metrics',
      hint: 'bufferingratio',
      message: 'Unknown metric "bufferingration"; did you mean "bufferingratio"?',
    });
    expect(d[1]).toMatchObject({
      code: 'unknown_dimension',
      offset: 1,
      length: 6,
      line: 1,
      column: 2,
      hint: 'country',
    });
    const r = fromURL(`${B}/metricquery/demo?metrics=errors&oderby=errors&${P}`);
    expect(r).toEqual({
      ok: false,
      warnings: [],
      errors: [
        {
          code: 'unknown_parameter',
          param: 'oderby',
          hint: 'orderby',
          message: 'Unknown query parameter "oderby"; did you mean "orderby"?',
          severity: 'error',
        },
      ],
    });
  });
});

describe('docs/catalogue.md', () => {
  const text = readFileSync(new URL('../../../docs/catalogue.md', import.meta.url), 'utf8');

  it('gives every metric with its unit, level, concurrency support and which way is better', () => {
    for (const name of DEFAULT_CATALOGUE.metricNames) {
      const m = METRICS[name];
      const row = `| \`${name}\` | ${m.unit} | ${m.level} | ${m.concurrency ? 'yes' : 'no'} | ${m.better ?? ''} | ${m.description} |`;
      expect(text, name).toContain(row);
    }
  });

  it('gives every list field of the session list with its type', () => {
    const dimensions = DEFAULT_CATALOGUE.dimensionNames.filter((d) => !isErrorDimension(d));
    expect(text).toContain('| every dimension but `category` and `key` | string |');
    expect(DEFAULT_CATALOGUE.listFieldNames.filter((n) => isDimension(n))).toEqual(dimensions);
    for (const name of DEFAULT_CATALOGUE.listFieldNames.filter((n) => !isDimension(n))) {
      expect(text, name).toContain(`| \`${name}\` | ${listFieldType(name)} |`);
    }
  });

  it('gives every dimension with its definition', () => {
    for (const name of DEFAULT_CATALOGUE.dimensionNames) {
      expect(text, name).toContain(`| \`${name}\` |`);
      expect(text, name).toContain(DIMENSIONS[name].description);
    }
  });
});
