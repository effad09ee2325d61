// The per-session quality-of-experience score (0..100) of the reference service, as SQL over one
// session's own columns. Its formula and rationale are in docs/server.md ("QoE score").

/** Startup time forgiven before it costs anything, seconds. */
export const QOE_STARTUP_GRACE_S = 2;
/** Points lost per second of startup beyond the grace, and the most startup can cost. */
export const QOE_STARTUP_POINTS_PER_S = 2.5;
export const QOE_STARTUP_MAX_PENALTY = 25;
/** Points lost per percent of buffering ratio, and the most buffering can cost. */
export const QOE_BUFFERING_POINTS_PER_PCT = 3;
export const QOE_BUFFERING_MAX_PENALTY = 75;

/** The session's buffering ratio in percent (0 when it has no playing or stalled time). */
export const SESSION_BUFFERING_RATIO =
  'CASE WHEN watch_ms + rebuffer_ms = 0 THEN 0.0::DOUBLE ELSE 100.0::DOUBLE * rebuffer_ms / (watch_ms + rebuffer_ms) END';

/**
 * `100 - startup penalty - buffering penalty`, 0 for a session without a first frame. The two
 * penalties together are at most 100, so the score stays in 0..100.
 */
export const QOE_SCORE = `(CASE WHEN startup_ms IS NULL THEN 0.0::DOUBLE ELSE 100.0::DOUBLE
  - least(${QOE_STARTUP_MAX_PENALTY}::DOUBLE, ${QOE_STARTUP_POINTS_PER_S}::DOUBLE * greatest(0.0::DOUBLE, startup_ms / 1000.0::DOUBLE - ${QOE_STARTUP_GRACE_S}::DOUBLE))
  - least(${QOE_BUFFERING_MAX_PENALTY}::DOUBLE, ${QOE_BUFFERING_POINTS_PER_PCT}::DOUBLE * (${SESSION_BUFFERING_RATIO})) END)`;

/** The same score in JS, for documentation examples and tests' independent computation. */
export function qoeScore(startupMs: number | null, watchMs: number, rebufferMs: number): number {
  if (startupMs === null) return 0;
  const ratio = watchMs + rebufferMs === 0 ? 0 : (100 * rebufferMs) / (watchMs + rebufferMs);
  const startup = Math.min(
    QOE_STARTUP_MAX_PENALTY,
    QOE_STARTUP_POINTS_PER_S * Math.max(0, startupMs / 1000 - QOE_STARTUP_GRACE_S),
  );
  return 100 - startup - Math.min(QOE_BUFFERING_MAX_PENALTY, QOE_BUFFERING_POINTS_PER_PCT * ratio);
}
