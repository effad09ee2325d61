// The MCP server's parts as values: a tool's query fields turned into a URL or problems, the rule
// that keeps credentials on the configured service, and the docs sections served as resources.
import { fc, test } from '@fast-check/vitest';
import { DEFAULT_CATALOGUE, fromURL } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { fieldsBesideUrl, fieldsToUrl } from '../src/mcp/query-input';
import { sectionOf } from '../src/mcp/resources';
import { isServiceUrl } from '../src/mcp/tool-query';

const BASE = 'http://127.0.0.1:8080/api/v1';
const at = {
  baseUrl: BASE,
  now: 1767225600,
  endpoints: ['metricquery', 'session'],
  catalogue: DEFAULT_CATALOGUE,
};

describe('fieldsToUrl', () => {
  it('writes the URL the CLI flags of the same names would', () => {
    const r = fieldsToUrl(
      {
        endpoint: 'metricquery',
        customerId: 'demo',
        last: '24h',
        metrics: ['errors'],
        aggby: ['country'],
        limit: 5,
      },
      at,
    );
    expect(r).toEqual({
      url: `${BASE}/metricquery/demo?period=start%3D1767139200%2Cend%3D1767225600&metrics=errors&aggby=country&limit=5`,
    });
  });

  it('reads last and end as the CLI does, and concurrency as concurrency=1', () => {
    const r = fieldsToUrl(
      {
        endpoint: 'metricquery',
        customerId: 'demo',
        last: '1h',
        end: '2026-01-01T00:00:00Z',
        metrics: ['attempts'],
        concurrency: true,
      },
      at,
    );
    expect('url' in r && fromURL(r.url).ok && r.url).toContain(
      'period=start%3D1767222000%2Cend%3D1767225600',
    );
    expect('url' in r && r.url).toContain('concurrency=1');
  });

  it('names every missing or conflicting field with a library code', () => {
    const r = fieldsToUrl({ endpoint: 'metrics', period: 'start=0,end=60', last: '1h' }, at);
    expect('problems' in r && r.problems.map((p) => [p.code, p.param])).toEqual([
      ['not_found', 'endpoint'],
      ['missing_parameter', 'customerId'],
      ['missing_parameter', 'metrics'],
      ['duplicate_parameter', 'period'],
    ]);
    const noPeriod = fieldsToUrl({ endpoint: 'session', customerId: 'd', metrics: ['errors'] }, at);
    expect('problems' in noPeriod && noPeriod.problems[0]).toMatchObject({
      code: 'missing_parameter',
      param: 'period',
    });
  });

  it('says which last and end mean a period written with dates, and refuses a span it cannot read', () => {
    const dates = fieldsToUrl(
      {
        endpoint: 'metricquery',
        customerId: 'd',
        metrics: ['errors'],
        period: 'start=2025-12-25,end=2026-01-01',
      },
      at,
    );
    expect('problems' in dates && dates.problems[0]).toMatchObject({
      code: 'invalid_period',
      param: 'period',
    });
    expect('problems' in dates && dates.problems[0]!.message).toContain(
      'for dates use last 1w end 2026-01-01',
    );
    const span = fieldsToUrl(
      { endpoint: 'metricquery', customerId: 'd', metrics: ['errors'], last: 'a while' },
      at,
    );
    expect('problems' in span && span.problems[0]!.message).toContain(
      'Expected a span like 15m, 24h, 7d or 2w',
    );
  });

  it('refuses fields beside a url, one problem each', () => {
    expect(fieldsBesideUrl({ url: '/api/v1/metricquery/d?metrics=errors' })).toEqual([]);
    expect(fieldsBesideUrl({ url: '/x', limit: 5, metrics: ['a'] }).map((p) => p.param)).toEqual([
      'metrics',
      'limit',
    ]);
  });
});

describe('isServiceUrl', () => {
  it('holds for URLs under the base path of the same origin only', () => {
    expect(isServiceUrl(`${BASE}/metricquery/demo?metrics=errors`, BASE)).toBe(true);
    expect(isServiceUrl(`${BASE}/`, BASE)).toBe(true);
    expect(isServiceUrl('http://127.0.0.1:8080/api/v10/metricquery/demo', BASE)).toBe(false);
    expect(isServiceUrl('http://127.0.0.1:8080/metricquery/demo', BASE)).toBe(false);
    expect(isServiceUrl('https://127.0.0.1:8080/api/v1/metricquery/demo', BASE)).toBe(false);
    expect(isServiceUrl('http://127.0.0.1:8080@evil.example/api/v1/metricquery/demo', BASE)).toBe(false);
    expect(isServiceUrl('not a url', BASE)).toBe(false);
  });

  test.prop([fc.webUrl({ withQueryParameters: true })])('holds for no other origin', (url) => {
    fc.pre(new URL(url).origin !== 'http://127.0.0.1:8080');
    expect(isServiceUrl(url, BASE)).toBe(false);
  });
});

describe('sectionOf', () => {
  it('cuts a page from its ## heading to the next one, or keeps the page when the heading is not there', () => {
    const page = '# T\n\n## A\na\n### a1\n\n## B\nb\n';
    expect(sectionOf(page, 'A')).toBe('## A\na\n### a1');
    expect(sectionOf(page, 'B')).toBe('## B\nb');
    expect(sectionOf(page, 'C')).toBe(page);
  });
});
