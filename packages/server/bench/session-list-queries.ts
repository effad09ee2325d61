// The session-list benchmark queries (i)-(iii), each against its hand-written DuckDB SQL
// (hand-written-sql.ts): the same population, order (the key descending, then session id) and page.

import type { Dataset } from '@playq/server';
import { alternate } from './alternate';
import { handWrittenSql, runHandWritten } from './hand-written-sql';
import type { Window } from './v2-queries';

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

/** A list's answer through the service, or why it refused it. */
export type ListAnswer =
  | {
      readonly records: Record<string, unknown>[];
      readonly totalrecords: number;
      readonly run: () => Promise<unknown>;
    }
  | { readonly error: string };

/** The field each list orders by, and its column in the hand-written SQL's rows. */
const KEYS = { i: ['bufferingratio', 1], j: ['latency', 2], k: ['bufferingratio', 1] } as const;

/**
 * (i)-(iii) against their hand-written SQL, each with whether it found the same total and the same
 * page (the key value of each record; ties may differ only in session ids of equal rank).
 */
export async function listFigures(
  db: Dataset,
  answers: Record<string, ListAnswer>,
  p7: Window,
  rounds: number,
) {
  const sql = handWrittenSql(p7, p7);
  const connection = await db.connect();
  const figures: Record<string, unknown> = {};
  try {
    for (const name of ['i', 'j', 'k'] as const) {
      const svc = answers[name];
      if (svc === undefined) continue;
      const baseline = () => runHandWritten(connection, sql[name]!);
      if ('error' in svc) {
        const alone = await alternate(async () => undefined, baseline, 1);
        figures[name] = { ...svc, handWrittenSqlMs: alone.handWrittenSqlMs };
        continue;
      }
      const { value: rows, ...timing } = await alternate(svc.run, baseline, rounds);
      const [field, column] = KEYS[name];
      const expected = rows.map((r) => Number(r[column]));
      const got = svc.records.map((r) => Number(r[field]));
      const total = rows.length === 0 ? 0 : Number(rows[0]![4]);
      figures[name] = {
        ...timing,
        handWrittenTotal: total,
        records: svc.records.length,
        totalrecords: svc.totalrecords,
        sameTotal: svc.totalrecords === total,
        samePage: got.length === expected.length && got.every((v, i) => Math.abs(v - expected[i]!) < 1e-9),
      };
    }
  } finally {
    connection.closeSync();
  }
  return figures;
}
