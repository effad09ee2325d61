// The v2 benchmark queries (e)-(h) of issue 11 and their plain-JS typed-array full-scan baselines,
// each computing the same answer as the service under docs/server.md#query-semantics-v2 (population S by end_ts
// and status, active-session windows, pro-rata time, session-level conditions).
import type { Dataset } from '@playq/server';

export interface Window {
  readonly start: number;
  readonly end: number;
}

export interface V2Columns {
  n: number;
  cust: Int32Array;
  start: Float64Array;
  /** NaN while running or loading. */
  end: Float64Array;
  /** 1 when the status is ENDED or DROPPED. */
  ok: Int32Array;
  /** -1 for a null value. */
  cdn: Int32Array;
  device: Int32Array;
  country: Int32Array;
  /** NaN without a first frame. */
  startup: Float64Array;
  watch: Float64Array;
  rebuf: Float64Array;
}

/** Reads the columns the baselines need into typed arrays (codes as in the encoded table). */
export async function extractV2(db: Dataset): Promise<V2Columns> {
  const n = Number((await db.all('SELECT count(*)::DOUBLE FROM sessions'))[0]![0]);
  const ints = ['cust', 'ok', 'cdn', 'device', 'country'] as const;
  const floats = ['start', 'end', 'startup', 'watch', 'rebuf'] as const;
  const out = { n } as V2Columns;
  for (const k of ints) out[k] = new Int32Array(n);
  for (const k of floats) out[k] = new Float64Array(n);
  const conn = await db.connect();
  const result = await conn.stream(
    `SELECT cust, (status IN ('ENDED', 'DROPPED'))::INTEGER, coalesce(cdn, -1), coalesce(device, -1), coalesce(country, -1),
            start_ts, end_ts, startup_ms, watch_ms, rebuffer_ms FROM sessions`,
  );
  const cols = [...ints, ...floats];
  let at = 0;
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    cols.forEach((k, c) => {
      const values = chunk.getColumnValues(c);
      const col = out[k];
      for (let r = 0; r < values.length; r++)
        col[at + r] = values[r] === null ? Number.NaN : Number(values[r]);
    });
    at += chunk.rowCount;
  }
  conn.closeSync();
  return out;
}

export function v2Queries(p7: Window, p1: Window) {
  const period = (w: Window) => `start=${w.start},end=${w.end}`;
  return {
    e: {
      path: 'metricquery/demo',
      params: { period: period(p7), metrics: 'p95_latency,median_latency', aggby: 'cdn' },
    },
    f: {
      path: 'metricquery/demo',
      params: {
        period: period(p7),
        metrics: 'concurviewavg',
        aggby: 'timestamp',
        granularity: 'hour',
        limit: '1000',
      },
    },
    g: {
      path: 'metricquery/demo',
      params: { period: period(p1), metrics: 'playdur', aggby: 'device', concurrency: '1' },
    },
    h: {
      path: 'metricquery/demo',
      params: {
        period: period(p7),
        metrics: 'viewercount,playdur',
        aggby: 'country',
        qoefilter: 'bufferingratio>2 AND latency>1',
      },
    },
  } as const;
}

const inS = (s: V2Columns, i: number, w: Window) => {
  const e = s.end[i]!;
  return s.cust[i] === 0 && s.ok[i] === 1 && e >= w.start && e < w.end;
};

const quantile = (sorted: Float64Array, q: number) => {
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
};

/** Each baseline returns the records in the service's order (so their count can be compared). */
export function v2Baselines(s: V2Columns, p7: Window, p1: Window) {
  return {
    e: () => {
      const groups = new Map<number, number[]>();
      for (let i = 0; i < s.n; i++) {
        if (!inS(s, i, p7)) continue;
        const k = s.cdn[i]!;
        let g = groups.get(k);
        if (!g) {
          g = [];
          groups.set(k, g);
        }
        if (!Number.isNaN(s.startup[i]!)) g.push(s.startup[i]! / 1000);
      }
      return [...groups]
        .map(([k, xs]) => {
          const sorted = Float64Array.from(xs).sort();
          const none = sorted.length === 0;
          return { k, p95: none ? 0 : quantile(sorted, 0.95), median: none ? 0 : quantile(sorted, 0.5) };
        })
        .sort((a, b) => b.p95 - a.p95 || a.k - b.k);
    },
    f: () => {
      const hours = Math.ceil((p7.end - p7.start) / 3600);
      const counts = new Float64Array(hours + 1);
      const base = Math.floor(p7.start / 3600) * 3600;
      for (let i = 0; i < s.n; i++) {
        if (s.cust[i] !== 0) continue;
        const st = s.start[i]!;
        const en = Number.isNaN(s.end[i]!) ? p7.end : s.end[i]!;
        if (st >= p7.end || en <= p7.start) continue;
        const first = Math.floor(Math.max(st, p7.start) / 3600);
        const last = Math.floor((Math.min(en, p7.end) - 1) / 3600);
        for (let b = first; b <= last; b++) counts[b - base / 3600]!++;
      }
      const out: { timestamp: number; concurviewavg: number }[] = [];
      counts.forEach((c, j) => {
        if (c > 0) out.push({ timestamp: base + j * 3600, concurviewavg: c });
      });
      return out;
    },
    g: () => {
      const sums = new Map<number, number>();
      for (let i = 0; i < s.n; i++) {
        if (s.cust[i] !== 0) continue;
        const st = s.start[i]!;
        const en = Number.isNaN(s.end[i]!) ? p1.end : s.end[i]!;
        if (st >= p1.end || !(Number.isNaN(s.end[i]!) || en > p1.start)) continue;
        const share = en <= st ? 1 : (Math.min(en, p1.end) - Math.max(st, p1.start)) / (en - st);
        const k = s.device[i]!;
        sums.set(k, (sums.get(k) ?? 0) + (s.watch[i]! * share) / 60_000);
      }
      return [...sums]
        .map(([k, playdur]) => ({ k, playdur }))
        .sort((a, b) => b.playdur - a.playdur || a.k - b.k);
    },
    h: () => {
      const groups = new Map<number, { plays: number; watch: number }>();
      for (let i = 0; i < s.n; i++) {
        if (!inS(s, i, p7)) continue;
        const w = s.watch[i]!;
        const r = s.rebuf[i]!;
        const ratio = w + r === 0 ? 0 : (100 * r) / (w + r);
        if (!(ratio > 2 && s.startup[i]! / 1000 > 1)) continue; // NaN startup fails
        const k = s.country[i]!;
        let g = groups.get(k);
        if (!g) {
          g = { plays: 0, watch: 0 };
          groups.set(k, g);
        }
        g.plays++;
        g.watch += w;
      }
      return [...groups]
        .map(([k, g]) => ({ k, viewercount: g.plays, playdur: g.watch / 60_000 }))
        .sort((a, b) => b.viewercount - a.viewercount || a.k - b.k);
    },
  };
}
