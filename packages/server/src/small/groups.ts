// Groups of a small plan: each source row's group (its dimension codes and time bucket), found
// through one map from a numeric key, and each group's rows of one source in table order (a
// stable counting sort), which the metrics aggregate.
import type { SmallPlan } from './plan';
import type { SmallTables } from './tables';

/** The groups seen so far: their codes per dimension and their bucket, by key. */
export class GroupIndex {
  readonly codes: number[][];
  readonly buckets: number[] = [];
  private readonly ids = new Map<string | number, number>();

  constructor(private readonly plan: SmallPlan) {
    this.codes = plan.dims.map(() => []);
  }

  get size(): number {
    return this.buckets.length;
  }

  /** The group of each row (codes read from `codes`, the bucket from `times`). */
  assign(rows: Int32Array, codes: (dim: number) => Int32Array, times: Float64Array): Int32Array {
    const { plan } = this;
    const columns = plan.dims.map((_, d) => codes(d));
    const g = plan.bucket;
    const out = new Int32Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const time = times[r]!;
      const bucket = g === undefined ? 0 : time - (time % g);
      let key: string | number = bucket;
      if (columns.length === 1) {
        const c = columns[0]![r]! + 1;
        key = c < 65536 ? bucket * 65536 + c : `${bucket},${c}`;
      } else if (columns.length > 1) {
        key = String(bucket);
        for (const c of columns) key += `,${c[r]}`;
      }
      let id = this.ids.get(key);
      if (id === undefined) {
        id = this.buckets.length;
        this.ids.set(key, id);
        this.buckets.push(bucket);
        for (let d = 0; d < columns.length; d++) this.codes[d]!.push(columns[d]![r]!);
      }
      out[i] = id;
    }
    return out;
  }
}

/** Rows of one source grouped: group k's rows are `rows[start[k]..start[k + 1])`, in table order. */
export interface Grouped {
  readonly rows: Int32Array;
  readonly start: Int32Array;
}

export function groupRows(rows: Int32Array, groupOf: Int32Array, groups: number): Grouped {
  const start = new Int32Array(groups + 1);
  for (let i = 0; i < groupOf.length; i++) start[groupOf[i]! + 1]!++;
  for (let k = 0; k < groups; k++) start[k + 1]! += start[k]!;
  const at = start.slice(0, groups);
  const out = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[at[groupOf[i]!]!++] = rows[i]!;
  return { rows: out, start };
}

/** The time column a source's rows are bucketed by. */
export function sessionTimes(plan: SmallPlan, tables: SmallTables): Float64Array {
  return plan.sessiontype === 'started' ? tables.sessions.startTs : tables.sessions.endTs;
}
