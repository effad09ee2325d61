import { describe, expect, it } from 'vitest';
import { bundleForBrowser, evaluateInBrowserLikeContext } from '../../../test-support/browser-bundle';

describe('the public entry in a browser', () => {
  it('bundles for the browser platform and builds, prints and parses URLs without Node globals', async () => {
    const bundle = await bundleForBrowser(new URL('../src/index.ts', import.meta.url).pathname);
    expect(bundle.code).not.toMatch(/require\(["']node:/);
    const lib = evaluateInBrowserLikeContext(bundle.code) as typeof import('../src/index');
    const url = lib
      .metricQuery('demo')
      .period({ start: 1_700_000_000, end: 1_700_086_400 })
      .metrics('latency')
      .aggBy('country')
      .toURL('https://api.example.test/api/v1');
    const back = lib.fromURL(url);
    expect(back.ok).toBe(true);
    expect(back.ok && back.query.metrics).toEqual(['latency']);
  });
});

describe('the builder-only entry in a browser', () => {
  it('builds URLs without the chevrotain parsers, and says so when given text to parse', async () => {
    const bundle = await bundleForBrowser(new URL('../src/builder-only.ts', import.meta.url).pathname);
    expect(bundle.code).not.toMatch(/NoViableAltException|EarlyExitException/);
    const lib = evaluateInBrowserLikeContext(bundle.code) as typeof import('../src/builder-only');
    const b = lib.metricQuery('demo').between(0, 3600).metrics('latency').where('country', ['US']);
    expect(b.toURL('https://x.test/api/v1')).toBe(
      'https://x.test/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=latency&filter=%5Bcountry%3DUS%5D',
    );
    const text = lib.metricQuery('demo').where('[country=US]').toQuery().filter;
    expect(text).toMatchObject({ type: 'invalid', text: '[country=US]' });
    expect(text?.type === 'invalid' && text.errors[0]?.code).toBe('text_parsing_unavailable');
  });
});
