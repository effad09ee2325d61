// Shared vitest settings for every package: resolve sibling packages to their sources (the
// `@playq/source` export condition), fix the property-test seed and, under CI, write a JSON report per package that
// `scripts/test-summary.mjs` sums into the one-line total CI reads.
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';

// Every property test runs with one fixed seed (overridable by FUZZ_SEED): stable test names.
const propertySeed = fileURLToPath(new URL('./test-support/property-seed.ts', import.meta.url));

// The tests that judge the sources themselves: what the TypeScript language service shows of
// their types (query/test/support/language-service.ts) and what their text defines (one owner per
// list and fact). Under Stryker the sources are instrumented in place and marked `// @ts-nocheck`,
// so the types and text these tests read are not the package's.
const SOURCE_TESTS = [
  '**/editor-types.test.ts',
  '**/closest-name.test.ts',
  '**/run-types.test.ts',
  '**/one-list-of-names.test.ts',
  '**/one-owner-facts.test.ts',
];

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
      // Under Stryker (its workers carry STRYKER_MUTATOR_WORKER) every mutant re-runs the tests:
      // type tests judge declarations, which mutants never change (the TypeScript checker judges
      // each mutant's types), so they are left out there, and so are the tests of the sources.
      ...(process.env.STRYKER_MUTATOR_WORKER === undefined
        ? {}
        : {
            typecheck: { enabled: false },
            exclude: [...configDefaults.exclude, ...(test.exclude ?? []), ...SOURCE_TESTS],
          }),
      setupFiles: [propertySeed, ...[test.setupFiles ?? []].flat()],
    },
  });
}
