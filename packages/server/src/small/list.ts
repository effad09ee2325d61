// The small-data evaluator's session list: the population's rows (rows.ts), each one's sort key,
// the total, and only the page [offset, offset + limit) put in order (a bounded heap for a first
// page, a quickselect for a deep one; never a sort of all rows), with the page's fields. The order
// is the SQL list's: the key (a null code first ascending, last descending), then `sid_rank`.
import { SESSION_STATUSES } from '../data/schema';
import { listValues } from './list-values';
import type { SmallListField, SmallListPlan } from './plan';
import { sessionsRead } from './pro-rata';
import { populationRows } from './rows';
import type { SmallTables } from './tables';

/** Records [from, to) of a result as one array per record field, and the number of all records. */
export interface SmallPage {
  readonly columns: readonly (readonly (number | string | null)[])[];
  readonly from: number;
  readonly to: number;
  readonly total: number;
}

/**
 * Evaluates a list plan's page: the fields of records [offset, offset + limit) in order (the
 * columns hold those records only: `from` is 0) and the number of all records.
 *
 * @example
 * ```ts
 * const { columns, total } = evaluateList(plan, tables, 0, 100);
 * columns[0].length; // min(100, total)
 * ```
 */
export function evaluateList(
  plan: SmallListPlan,
  tables: SmallTables,
  offset: number,
  limit: number,
): SmallPage {
  const rows = populationRows(plan.population, tables);
  // (with concurrency=1, the fields read the time and bytes pro rata)
  const read = { ...tables, sessions: sessionsRead(plan.population, tables.sessions, rows) };
  const total = rows.length;
  const end = Math.min(total, offset + limit);
  if (end <= offset) return { columns: plan.fields.map(() => []), from: 0, to: 0, total };
  const keys = sortKeys(plan, read, rows);
  const ranks = new Int32Array(total);
  const sid = tables.sessions.sidRank;
  for (let i = 0; i < total; i++) ranks[i] = sid[rows[i]!]!;
  const at = pagePositions(keys, ranks, offset, end);
  const page = new Int32Array(at.length);
  for (let i = 0; i < at.length; i++) page[i] = rows[at[i]!]!;
  const business = plan.population.businesserror;
  return {
    columns: plan.fields.map((f) => fieldColumn(f, read, page, business)),
    from: 0,
    to: page.length,
    total,
  };
}

/** The status names' ranks in text order (the SQL list orders `status::VARCHAR`), by enum code. */
const STATUS_RANK = Int32Array.from(SESSION_STATUSES, (s) => [...SESSION_STATUSES].sort().indexOf(s));

/** A field's value per row as a number that orders as the field does (a null code as -1). */
function orderValues(field: SmallListField, tables: SmallTables, rows: Int32Array, business: boolean) {
  if (field.kind === 'number') return listValues(field.name, tables, rows, business);
  const out = new Float64Array(rows.length);
  const t = tables.sessions;
  if (field.kind === 'status') {
    for (let i = 0; i < rows.length; i++) out[i] = STATUS_RANK[t.status[rows[i]!]!]!;
    return out;
  }
  // (session ids order as their ranks: `sid_rank` is the id's rank among its customer's)
  const codes =
    field.kind === 'code' ? t.codes[field.name] : field.name === 'deviceid' ? t.codes.device_id : t.sidRank;
  for (let i = 0; i < rows.length; i++) out[i] = codes[rows[i]!]!;
  return out;
}

/** Each row's key, ascending in list order: descending negates it (a null code's -1 then sorts last). */
function sortKeys(plan: SmallListPlan, tables: SmallTables, rows: Int32Array): Float64Array {
  const keys = orderValues(plan.fields[plan.order.field]!, tables, rows, plan.population.businesserror);
  if (plan.order.desc) for (let i = 0; i < keys.length; i++) keys[i] = -keys[i]!;
  return keys;
}

/** A page field's values: numbers, codes (null for none), the status's name or a kept text ("" for none). */
function fieldColumn(
  field: SmallListField,
  tables: SmallTables,
  page: Int32Array,
  business: boolean,
): (number | string | null)[] {
  if (field.kind === 'number') return Array.from(listValues(field.name, tables, page, business));
  const t = tables.sessions;
  if (field.kind === 'status') return Array.from(page, (r) => SESSION_STATUSES[t.status[r]!]!);
  if (field.kind === 'text') {
    const text = tables.text[field.name];
    const key = (r: number) => (field.name === 'sessionid' ? r : t.codes.device_id[r]!);
    return Array.from(page, (r) => {
      const json = text.json(key(r));
      return json === undefined ? null : (JSON.parse(json) as string);
    });
  }
  const codes = t.codes[field.name];
  return Array.from(page, (r) => (codes[r]! < 0 ? null : codes[r]!));
}

/** Pages ending this far in (and a twentieth of the rows at most) are selected by a heap. */
const HEAP_PAGE_END = 4096;

/**
 * The positions [offset, end) of the rows in list order: by key ascending, then rank ascending
 * (ranks are distinct, so the order is total). A deep page reorders `keys` and `ranks` in place.
 */
export function pagePositions(
  keys: Float64Array,
  ranks: Int32Array,
  offset: number,
  end: number,
): Int32Array {
  const n = keys.length;
  if (end <= offset) return new Int32Array(0);
  if (end <= HEAP_PAGE_END && end * 20 <= n) {
    const before = (a: number, b: number) => keys[a]! - keys[b]! || ranks[a]! - ranks[b]!;
    return bestPositions(keys, ranks, end).sort(before).slice(offset, end);
  }
  // Positions, keys and ranks move together, so that the partitions read them in sequence.
  const at = new Int32Array(n);
  for (let i = 0; i < n; i++) at[i] = i;
  const rows = { at, keys, ranks };
  selectFirst(rows, 0, n, offset);
  selectFirst(rows, offset, n, end - offset);
  const page = Array.from(at.subarray(offset, end), (_, i) => offset + i);
  page.sort((a, b) => keys[a]! - keys[b]! || ranks[a]! - ranks[b]!);
  return Int32Array.from(page, (i) => at[i]!);
}

/** The positions of the `k` first rows in list order (in no order): a max-heap of the best so far. */
function bestPositions(keys: Float64Array, ranks: Int32Array, k: number): Int32Array {
  const heap = new Int32Array(k);
  // a after b in list order
  const after = (a: number, b: number) =>
    keys[a]! > keys[b]! || (keys[a] === keys[b] && ranks[a]! > ranks[b]!);
  for (let p = 0; p < k; p++) {
    let at = p;
    heap[at] = p;
    while (at > 0) {
      const up = (at - 1) >> 1;
      if (!after(heap[at]!, heap[up]!)) break;
      const x = heap[at]!;
      heap[at] = heap[up]!;
      heap[up] = x;
      at = up;
    }
  }
  let topKey = keys[heap[0]!]!;
  let topRank = ranks[heap[0]!]!;
  for (let p = k; p < keys.length; p++) {
    const key = keys[p]!;
    if (key > topKey || (key === topKey && ranks[p]! > topRank)) continue;
    siftDown(heap, p, after);
    topKey = keys[heap[0]!]!;
    topRank = ranks[heap[0]!]!;
  }
  return heap;
}

/** Replaces the heap's top (its last in list order) with position `p` and restores the heap. */
function siftDown(heap: Int32Array, p: number, after: (a: number, b: number) => boolean): void {
  const size = heap.length;
  let at = 0;
  for (;;) {
    const l = 2 * at + 1;
    if (l >= size) break;
    const r = l + 1;
    const child = r < size && after(heap[r]!, heap[l]!) ? r : l;
    if (!after(heap[child]!, p)) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = p;
}

/** Row positions with their keys and ranks, index by index. */
interface Keyed {
  readonly at: Int32Array;
  readonly keys: Float64Array;
  readonly ranks: Int32Array;
}

/**
 * Reorders `[from, to)` of the keyed rows so that its first `n` are the `n` first in list order
 * (in no order): quickselect with Hoare's partition, as select.ts, on typed arrays.
 */
function selectFirst({ at, keys, ranks }: Keyed, from: number, to: number, n: number): void {
  const k = from + n - 1;
  let lo = from;
  let hi = to - 1;
  while (n > 0 && k >= lo && k < hi) {
    const mid = (lo + hi) >>> 1;
    const pk = keys[mid]!;
    const pr = ranks[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keys[i]! < pk || (keys[i] === pk && ranks[i]! < pr)) i++;
      while (keys[j]! > pk || (keys[j] === pk && ranks[j]! > pr)) j--;
      if (i <= j) {
        const x = at[i]!;
        at[i] = at[j]!;
        at[j] = x;
        const y = keys[i]!;
        keys[i] = keys[j]!;
        keys[j] = y;
        const z = ranks[i]!;
        ranks[i] = ranks[j]!;
        ranks[j] = z;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}
