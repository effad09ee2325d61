// A small fixed data set whose answers are computed by hand in semantics.test.ts.
import type { ErrorRecord, SessionRecord } from '../src/index';

/** An hour-aligned start: 2023-11-14T22:00:00Z. */
export const T0 = 1_699_999_200;
export const PERIOD = `start=${T0},end=${T0 + 7200}`;

const s = (
  customer_id: string,
  session_id: string,
  subscriber_id: string,
  country: string,
  platform: string,
  player: string,
  start: number,
  end: number,
  startup_ms: number | null,
  watch_ms: number,
  rebuffer_ms: number,
): SessionRecord => ({
  customer_id,
  session_id,
  subscriber_id,
  country,
  platform,
  player,
  start_ts: T0 + start,
  end_ts: T0 + end,
  startup_ms,
  watch_ms,
  rebuffer_ms,
});

const e = (
  customer_id: string,
  ts: number,
  session_id: string | null,
  subscriber_id: string,
  country: string,
  platform: string,
  player: string,
  category: string,
  key: string,
): ErrorRecord => ({
  customer_id,
  ts: T0 + ts,
  session_id,
  subscriber_id,
  country,
  platform,
  player,
  category,
  key,
});

export const SESSIONS: SessionRecord[] = [
  s('demo', 's1', 'u1', 'US', 'web', 'html5', 0, 600, 1000, 500_000, 20_000),
  s('demo', 's2', 'u2', 'US', 'ios', 'avplayer', 1800, 4200, 3000, 2_000_000, 0),
  s('demo', 's3', 'u1', 'GB', 'web', 'html5', 3600, 3700, null, 0, 0),
  s('demo', 's4', 'u3', 'GB', 'web', 'html5', 5400, 9000, 2000, 3_000_000, 60_000),
  // Starts exactly at the period's end: outside the half-open period.
  s('demo', 's5', 'u4', 'FR', 'web', 'html5', 7200, 7300, 1500, 100_000, 0),
  // Another customer's data must never show up in demo's answers.
  s('other', 'o1', 'u1', 'US', 'web', 'html5', 100, 200, 500, 100_000, 50_000),
  s('other', 'o2', 'u9', 'JP', 'tvos', 'avplayer', 200, 300, 700, 100_000, 0),
];

export const ERRORS: ErrorRecord[] = [
  e('demo', 100, 's1', 'u1', 'US', 'web', 'html5', 'network', 'CDN_5XX'),
  e('demo', 200, 's1', 'u1', 'US', 'web', 'html5', 'network', 'SEGMENT_TIMEOUT'),
  e('demo', 3650, 's3', 'u1', 'GB', 'web', 'html5', 'startup', 'MANIFEST_404'),
  // A group (DE) that exists only through an error event.
  e('demo', 7000, null, 'u5', 'DE', 'android', 'exo', 'network', 'CDN_5XX'),
  e('demo', 7200, 's5', 'u4', 'FR', 'web', 'html5', 'network', 'CDN_5XX'),
  e('other', 150, 'o1', 'u1', 'US', 'web', 'html5', 'network', 'CDN_5XX'),
];
