// The session-list benchmark queries (i)-(iii) of issue 26 and their plain-JS typed-array full-scan
// baselines: each scans every session, keeps those of the list's population and selects the page
// with a bounded heap (a top-k, no full sort), in the service's order (docs/server.md, "The session list").

import type { Dataset } from '@playq/server';
import { alternate } from './alternate';
import type { Window } from './v2-queries';

/** The columns the baselines read; `rank` orders session ids (the list's tie-break) as integers. */
export interface ListColumns {
  n: number;
  cust: Int32Array;
  /** NaN while running or loading. */
  end: Float64Array;
  /** 1 when the status is ENDED or DROPPED. */
  ok: Int32Array;
  country: Int32Array;
  /** NaN without a first frame. */
  startup: Float64Array;
  watch: Float64Array;
  rebuf: Float64Array;
  rank: Int32Array;
}

/** A session's own buffering ratio (%) and startup time (s, 0 without a first frame), as the list's fields. */
const ratioOf = (s: ListColumns) => (i: number) => {
  const played = s.watch[i]! + s.rebuf[i]!;
  return played === 0 ? 0 : (100 * s.rebuf[i]!) / played;
};
const latencyOf = (s: ListColumns) => (i: number) => (Number.isNaN(s.startup[i]!) ? 0 : s.startup[i]! / 1000);

/** Reads the baselines' columns into typed arrays; the session id's rank is computed in SQL. */
export async function extractList(db: Dataset): Promise<ListColumns & { brazil: number }> {
  const n = Number((await db.all('SELECT count(*)::DOUBLE FROM sessions'))[0]![0]);
  const ints = ['cust', 'ok', 'country', 'rank'] as const;
  const floats = ['end', 'startup', 'watch', 'rebuf'] as const;
  const out = { n } as ListColumns;
  for (const k of ints) out[k] = new Int32Array(n);
  for (const k of floats) out[k] = new Float64Array(n);
  const conn = await db.connect();
  const result = await conn.stream(
    `SELECT cust, (status IN ('ENDED', 'DROPPED'))::INTEGER, coalesce(country, -1),
            (row_number() OVER (ORDER BY session_id))::INTEGER, end_ts, startup_ms, watch_ms, rebuffer_ms
     FROM sessions`,
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
  const brazil = (await db.all(`SELECT code FROM dict_country WHERE value = 'BR'`))[0]?.[0];
  return { ...out, brazil: Number(brazil) };
}

/**
 * The lists ask for numbers only (a drill-down adds `sessionid`, a text field decoded for the
 * page's rows alone): the figures measure finding, ordering and paging the sessions.
 */
export function listQueries(p7: Window) {
  const period = `start=${p7.start},end=${p7.end}`;
  return {
    i: {
      path: 'listsessions/demo',
      params: {
        period,
        metrics: 'bufferingratio,latency,playdur',
        filter: '[country=BR]',
        orderby: 'bufferingratio',
        limit: '100',
      },
    },
    j: {
      path: 'listsessions/demo',
      params: {
        period,
        metrics: 'latency,bufferingratio,playdur',
        orderby: 'latency',
        limit: '1000',
        offset: '49000',
      },
    },
    k: {
      path: 'listsessions/demo',
      params: {
        period,
        metrics: 'bufferingratio,latency,playdur',
        orderby: 'bufferingratio',
        qoefilter: 'bufferingratio>1 AND latency>2',
        limit: '100',
      },
    },
  } as const;
}

/**
 * The rows at [offset, offset + limit) of the passing sessions ordered by key desc, then session id
 * asc: a max-heap of the `offset + limit` best rows (the worst on top), one pass, then its sorted
 * tail. Returns the page's row indexes and the number of passing sessions.
 */
function topPage(
  s: ListColumns,
  pass: (i: number) => boolean,
  key: (i: number) => number,
  limit: number,
  offset: number,
) {
  const k = limit + offset;
  const heap = new Int32Array(k);
  const keys = new Float64Array(k);
  let size = 0;
  let total = 0;
  // a before b in list order
  const before = (ka: number, a: number, kb: number, b: number) =>
    ka > kb || (ka === kb && s.rank[a]! < s.rank[b]!);
  const swap = (x: number, y: number) => {
    const i = heap[x]!;
    heap[x] = heap[y]!;
    heap[y] = i;
    const v = keys[x]!;
    keys[x] = keys[y]!;
    keys[y] = v;
  };
  const down = (from: number) => {
    let at = from;
    for (;;) {
      const l = 2 * at + 1;
      const r = l + 1;
      let worst = at;
      if (l < size && before(keys[worst]!, heap[worst]!, keys[l]!, heap[l]!)) worst = l;
      if (r < size && before(keys[worst]!, heap[worst]!, keys[r]!, heap[r]!)) worst = r;
      if (worst === at) return;
      swap(at, worst);
      at = worst;
    }
  };
  for (let i = 0; i < s.n; i++) {
    if (!pass(i)) continue;
    total++;
    const v = key(i);
    if (size < k) {
      heap[size] = i;
      keys[size] = v;
      let at = size++;
      while (at > 0) {
        const up = (at - 1) >> 1;
        if (!before(keys[up]!, heap[up]!, keys[at]!, heap[at]!)) break;
        swap(at, up);
        at = up;
      }
    } else if (before(v, i, keys[0]!, heap[0]!)) {
      heap[0] = i;
      keys[0] = v;
      down(0);
    }
  }
  const order = Array.from(heap.subarray(0, size)).sort((a, b) => (before(key(a), a, key(b), b) ? -1 : 1));
  return { rows: order.slice(offset, offset + limit), total };
}

/** Each baseline returns the page's row indexes (in the service's order) and the list's total. */
export function listBaselines(s: ListColumns & { brazil: number }, p7: Window) {
  const inS = (i: number) => {
    const e = s.end[i]!;
    return s.cust[i] === 0 && s.ok[i] === 1 && e >= p7.start && e < p7.end;
  };
  const ratio = ratioOf(s);
  const latency = latencyOf(s);
  return {
    i: () => topPage(s, (i) => inS(i) && s.country[i] === s.brazil, ratio, 100, 0),
    j: () => topPage(s, inS, latency, 1000, 49_000),
    // NaN startup fails `latency > 2`, as NULL does in SQL.
    k: () => topPage(s, (i) => inS(i) && ratio(i) > 1 && s.startup[i]! / 1000 > 2, ratio, 100, 0),
  };
}

/** The service's answer to one list query: its page and total and how to ask again, or why it refused. */
export type ListAnswer =
  | { records: Record<string, unknown>[]; totalrecords: number; run: () => Promise<unknown> }
  | { error: string };

const KEYS = { i: 'bufferingratio', j: 'latency', k: 'bufferingratio' } as const;

/**
 * (i)-(iii) against their baselines, each with whether the baseline found the same total and the
 * same page (the key value of each record; ties may differ only in session ids of equal rank).
 */
export async function listFigures(
  db: Dataset,
  answers: Record<string, ListAnswer>,
  p7: Window,
  rounds: number,
) {
  const columns = await extractList(db);
  const baselines = listBaselines(columns, p7);
  const key = { i: ratioOf(columns), j: latencyOf(columns), k: ratioOf(columns) };
  const figures: Record<string, unknown> = {};
  for (const name of ['i', 'j', 'k'] as const) {
    const svc = answers[name]!;
    if ('error' in svc) {
      const typed = await alternate(async () => undefined, baselines[name], 1);
      figures[name] = { ...svc, typedArrayScanMs: typed.typedArrayScanMs, baselineTotal: typed.value.total };
      continue;
    }
    const { value: typed, ...timing } = await alternate(svc.run, baselines[name], rounds);
    const expected = typed.rows.map(key[name]);
    const got = svc.records.map((r) => Number(r[KEYS[name]]));
    figures[name] = {
      ...timing,
      baselineTotal: typed.total,
      records: svc.records.length,
      totalrecords: svc.totalrecords,
      sameTotal: svc.totalrecords === typed.total,
      samePage: got.length === expected.length && got.every((v, i) => Math.abs(v - expected[i]!) < 1e-9),
    };
  }
  return figures;
}
