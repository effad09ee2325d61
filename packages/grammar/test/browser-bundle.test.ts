import { describe, expect, it } from 'vitest';
import { bundleForBrowser, evaluateInBrowserLikeContext } from '../../../test-support/browser-bundle';

describe('the public entry in a browser', () => {
  it('bundles for the browser platform and parses without Node globals', async () => {
    const bundle = await bundleForBrowser(new URL('../src/index.ts', import.meta.url).pathname);
    expect(bundle.code).not.toMatch(/require\(["']node:/);
    const lib = evaluateInBrowserLikeContext(bundle.code) as typeof import('../src/index');
    const parsed = lib.parseFilter('[country=United States|DE][platform=ios]');
    expect(parsed.ok && lib.serializeFilter(parsed.value)).toBe('[country=United States|DE][platform=ios]');
    const bad = lib.parseQoeFilter('latency>>2');
    expect(bad.ok).toBe(false);
  });
});
