// The per-session quality-of-experience score (0..100) of the reference service in JS, for
// documentation examples and tests' independent computation; the service's SQL is printed from the
// score's expression in the default catalogue. Its formula and rationale are in docs/server.md ("QoE score").

/** Startup time forgiven before it costs anything, seconds. */
export const QOE_STARTUP_GRACE_S = 2;
/** Points lost per second of startup beyond the grace, and the most startup can cost. */
export const QOE_STARTUP_POINTS_PER_S = 2.5;
export const QOE_STARTUP_MAX_PENALTY = 25;
/** Points lost per percent of buffering ratio, and the most buffering can cost. */
export const QOE_BUFFERING_POINTS_PER_PCT = 3;
export const QOE_BUFFERING_MAX_PENALTY = 75;

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
