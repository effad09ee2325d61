// The Stryker settings every package shares (vitest runner, TypeScript checker, one test process,
// incremental results committed beside the package); each package's stryker.config.mjs adds its scope.

import { fileURLToPath } from 'node:url';

/** Files no package mutates: generators for tests, type-only modules, re-export lists. */
const NEVER_MUTATED = ['!src/**/arbitraries/**', '!src/**/index.ts'];

const PLUGINS = ['@stryker-mutator/vitest-runner', '@stryker-mutator/typescript-checker'].map((name) =>
  fileURLToPath(import.meta.resolve(name)),
);

/**
 * @param {{ mutate: string[], tsconfigFile?: string, timeoutMS?: number }} scope
 *   `mutate`: globs under `src/` (negations allowed) on top of the shared exclusions.
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function strykerConfig({ mutate, tsconfigFile = 'tsconfig.src.json', timeoutMS = 4_000 }) {
  return {
    packageManager: 'pnpm',
    // The plugins are root devDependencies; a package directory cannot find them by name.
    plugins: PLUGINS,
    testRunner: 'vitest',
    vitest: { configFile: 'vitest.config.ts' },
    checkers: ['typescript'],
    tsconfigFile,
    typescriptChecker: { prioritizePerformanceOverAccuracy: true },
    coverageAnalysis: 'perTest',
    mutate: [...mutate, ...NEVER_MUTATED],
    // The machine has two cores shared with other work: one test process, one checker.
    concurrency: 1,
    // Added to each mutant's expected test time (from the initial run, times timeoutFactor): a
    // mutant that loops costs this much before it counts as a timeout (detected), so keep it short.
    timeoutMS,
    incremental: true,
    incrementalFile: 'mutation/stryker-incremental.generated.json',
    reporters: ['json', 'html', 'clear-text', 'progress'],
    jsonReporter: { fileName: 'reports/mutation/mutation.json' },
    htmlReporter: { fileName: 'reports/mutation/mutation.html' },
    clearTextReporter: { reportScoreTable: true, reportMutants: false, skipFull: true },
    // The vitest configs import ../../vitest.shared.ts, which a sandbox copy of one package lacks:
    // mutate the sources in place (Stryker restores them when it ends, even on Ctrl-C).
    inPlace: true,
    // Only the mutated sources get `// @ts-nocheck`; tests and configs stay as written.
    disableTypeChecks: 'src/**/*.ts',
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    thresholds: { high: 90, low: 75, break: null },
  };
}
