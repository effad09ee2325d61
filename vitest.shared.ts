// Shared vitest settings for every package: resolve sibling packages to their sources (the
// `@playq/source` export condition) and, under CI, write a JSON report per package that
// `scripts/test-summary.mjs` sums into the one-line total CI reads.
import { defineConfig, type ViteUserConfig } from 'vitest/config';

export function packageConfig(name: string, test: NonNullable<ViteUserConfig['test']> = {}): ViteUserConfig {
  const reportDir = process.env.PLAYQ_TEST_REPORT_DIR;
  // Vite's default server conditions, with ours first.
  const conditions = ['@playq/source', 'module', 'node', 'development|production'];
  return defineConfig({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['@playq/source'] } },
    test: {
      // Generous limits: property tests and DuckDB-backed suites share 2 cores with other packages.
      testTimeout: 30_000,
      hookTimeout: 120_000,
      reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/${name}.json` }]] : ['default'],
      ...test,
    },
  });
}
