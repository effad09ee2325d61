import { packageConfig } from '../../vitest.shared.ts';

/**
 * The suites that hold the service's semantics (hand-computed answers, properties, the session
 * list, agg=2 events): besides the default run on DuckDB in memory, they run again on each other
 * engine (test/engine-under-test.ts). The data is small, so each engine adds seconds, not minutes.
 */
const SEMANTICS = [
  'test/semantics-v2.test.ts',
  'test/semantics-v2-params.test.ts',
  'test/semantics-v3-metrics.test.ts',
  'test/semantics-v2-dictionary.test.ts',
  'test/compile.gaps.test.ts',
  'test/events.gaps.test.ts',
  'test/session-list.test.ts',
  'test/population-properties.test.ts',
  'test/session-list-properties.test.ts',
  'test/session-list-deep.test.ts',
  'test/own-value-conditions.test.ts',
  'test/large-dictionaries.test.ts',
  'test/startup-quantiles.test.ts',
  'test/active-hours.test.ts',
  'test/flat-plans.test.ts',
  'test/pro-rata.test.ts',
  'test/custom-metrics.test.ts',
];

const engine = (name: string) => ({
  extends: true as const,
  test: { name: name, include: SEMANTICS, env: { PLAYQ_TEST_ENGINE: name } },
});

// Generous timeouts: the suite builds real DuckDB data sets and runs beside other packages' suites
// on a 2-core machine under CI, where a hook that takes 1 s alone can take 10 s.
export default packageConfig('server', {
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // Under Stryker every mutant re-runs the test files that reach it, and re-importing DuckDB and
  // hono in each file costs more than the tests (the whole suite: 70 s isolated, 29 s shared). The
  // server keeps no mutable state at module level and Stryker switches mutants at run time, so the
  // test files share one module cache there (docs/mutation-testing.md, "The server's runs"), except
  // when `--retest-static` re-tests mutants of module-load code, which need each file isolated.
  ...(process.env.STRYKER_MUTATOR_WORKER === undefined || process.env.PLAYQ_STRYKER_ISOLATE === '1'
    ? {}
    : { isolate: false }),
  // Stryker mutates the compiler for the default engine only: the other engines' runs would only
  // repeat the same verdicts more slowly.
  ...(process.env.STRYKER_MUTATOR_WORKER === undefined
    ? {
        projects: [
          { extends: true as const, test: { name: 'duckdb-memory' } },
          engine('duckdb-file'),
          engine('duckdb-parquet'),
          engine('chdb'),
        ],
      }
    : {}),
});
