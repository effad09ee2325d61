// How a dataset serves its statements, by its size: small data (what test suites run on) on one
// thread with the optimizers that pay off only on large data skipped; large data with DuckDB's defaults.

/** Below this many sessions, queries are served by the small-data profile (see `ServingProfile`). */
export const SINGLE_THREAD_SESSIONS = 500_000;

/**
 * How the dataset serves statements. `small` (under 500,000 sessions, what test suites run on): one
 * DuckDB thread, the optimizers of `SMALL_DATA_SKIPPED_OPTIMIZERS` skipped, and each result read
 * whole rather than streamed. `large`: DuckDB's defaults and streamed results.
 */
export type ServingProfile = 'small' | 'large';

/**
 * Optimizers a small dataset's statements skip. DuckDB plans a statement with parameters that
 * reads a table again at every execution (it wants the values to plan with), so at 20,000
 * sessions planning costs more than running: these rewrites pay off only for large joins, sorts
 * and CTEs, and skipping them took about 0.35 ms off a breakdown's 3 ms. They never change an answer.
 */
export const SMALL_DATA_SKIPPED_OPTIMIZERS = [
  'join_order',
  'build_side_probe_side',
  'join_filter_pushdown',
  'join_elimination',
  'compressed_materialization',
  'common_subplan',
  'late_materialization',
  'sampling_pushdown',
  'materialized_cte',
  'cte_inlining',
  'cte_filter_pusher',
  'empty_result_pullup',
  'filter_pullup',
  'deliminator',
  'window_self_join',
].join(',');

/** The profile of data of `sessions` sessions. */
export function profileFor(sessions: number): ServingProfile {
  return sessions < SINGLE_THREAD_SESSIONS ? 'small' : 'large';
}

/** The settings statements that make a database serve by `profile`. */
export function profileSettings(profile: ServingProfile): readonly string[] {
  return profile === 'small'
    ? ['SET threads = 1', `SET GLOBAL disabled_optimizers = '${SMALL_DATA_SKIPPED_OPTIMIZERS}'`]
    : ['RESET threads', 'RESET GLOBAL disabled_optimizers'];
}
