import { describe, expect, it } from 'vitest';
import { bundleForBrowser, evaluateInBrowserLikeContext } from '../../../test-support/browser-bundle';

describe('the public entry in a browser', () => {
  it('bundles for the browser platform and constructs a client without Node globals', async () => {
    const bundle = await bundleForBrowser(new URL('../src/index.ts', import.meta.url).pathname);
    expect(bundle.code).not.toMatch(/require\(["']node:/);
    const lib = evaluateInBrowserLikeContext(bundle.code) as typeof import('../src/index');
    const client = lib.createClient({
      baseUrl: 'https://api.example.test/api/v1',
      auth: { metricquery: lib.apiKeyAuth('k-123') },
    });
    expect(typeof client.run).toBe('function');
    expect(lib.PlayqHttpError.isInstance(new Error('x'))).toBe(false);
  });
});
