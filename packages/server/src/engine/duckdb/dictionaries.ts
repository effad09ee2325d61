// The coded tables' dictionaries as the service keeps them: every small dimension's in memory, and
// each large one small enough to decode in JS read packed on first use (else plans join it).
import { PackedValues } from '../../data/packed-values';
import {
  DIMENSION_SQL,
  LARGE_DIMENSIONS,
  type ServerDimension,
  SMALL_DIMENSIONS,
  type SmallDimension,
} from '../../sql/dimension-sql';
import type { Dictionary, LargeDictionary } from '../engine';
import type { RunOptions } from './time-budget';

/**
 * Large dictionaries of at most this many codes are decoded in JS (`Dataset.largeDictionary`):
 * 4M codes of ids like `u0001234` take about 56 MB. Generated data has n/8 subscribers: decoded up to
 * 32M sessions, joined at 100M.
 */
export const MAX_DECODED_CODES = 4_000_000;

/** What reading the dictionaries needs of a dataset: its rows whole, or chunk by chunk. */
export interface DictionaryReader {
  all(sql: string): Promise<unknown[][]>;
  read(
    sql: string,
    params: [],
    options: RunOptions,
    visit: (columns: unknown[][], rows: number) => void,
  ): Promise<void>;
}

/** The dictionaries of the coded tables, and the range of the subscriber codes. */
export interface Dictionaries {
  readonly small: Map<SmallDimension, Dictionary>;
  readonly large: Map<ServerDimension, LargeDictionary>;
  readonly subscribers: { readonly min: number; readonly max: number } | undefined;
}

/** Reads the small dictionaries, sizes the large ones (their values read when first asked for). */
export async function readDictionaries(db: DictionaryReader): Promise<Dictionaries> {
  const small = new Map<SmallDimension, Dictionary>();
  for (const dim of SMALL_DIMENSIONS) {
    const rows = await db.all(`SELECT code, value FROM dict_${dim} ORDER BY code`);
    const codes = new Map<string, number>();
    const values: string[] = [];
    for (const [code, value] of rows) {
      codes.set(value as string, code as number);
      values[code as number] = value as string;
    }
    small.set(dim, { codes, values });
  }
  const large = await largeDictionaries(db);
  const [range] = await db.all('SELECT min(code)::DOUBLE, max(code)::DOUBLE FROM dict_subscriberid');
  const subscribers =
    range?.[0] == null || range[1] == null ? undefined : { min: Number(range[0]), max: Number(range[1]) };
  return { small, large, subscribers };
}

/** The large dictionaries small enough to decode in JS, each read when first asked for. */
async function largeDictionaries(db: DictionaryReader): Promise<Map<ServerDimension, LargeDictionary>> {
  const tables = LARGE_DIMENSIONS.map((d) => DIMENSION_SQL[d].dictionary);
  const [sizes] = await db.all(
    `SELECT ${tables.map((t) => `(SELECT coalesce(max(code) + 1, 0) FROM ${t})::DOUBLE`).join(', ')}`,
  );
  const large = new Map<ServerDimension, LargeDictionary>();
  for (const [i, dimension] of LARGE_DIMENSIONS.entries()) {
    const size = Number(sizes?.[i] ?? 0);
    if (size > MAX_DECODED_CODES) continue;
    let values: Promise<PackedValues> | undefined;
    const read = async () => {
      const packed = PackedValues.builder();
      await db.read(`SELECT code, value FROM ${tables[i]} ORDER BY code`, [], {}, (columns, rows) => {
        for (let r = 0; r < rows; r++) packed.add(Number(columns[0]![r]), String(columns[1]![r] ?? ''));
      });
      return packed.finish();
    };
    large.set(
      dimension,
      Object.freeze({
        size,
        values: () => {
          values ??= read().catch((error: unknown) => {
            values = undefined;
            throw error;
          });
          return values;
        },
      }),
    );
  }
  return large;
}
