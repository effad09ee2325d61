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
