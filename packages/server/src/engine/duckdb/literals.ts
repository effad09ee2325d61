// Plan statements for small data with their parameters written in as typed literals. DuckDB plans
// a prepared statement without its values and so cannot fold them (no filter pushed into the scan,
// no constant folding): on small data that costs more than parsing and planning the statement anew
// with the values in it. Every value is written as a literal of its parameter's exact type, escaped
// so that no value can end its literal: the statement means what the bound one meant, and nothing
// a request sends becomes SQL.
import type { PlanParameter } from '../../sql/params';

/** A placeholder of a plan compiled for DuckDB: `$1`, `$12`. */
const PLACEHOLDER = /\$(\d+)(?!\d)/g;

/** `text` as a DuckDB string literal (quotes doubled), or `undefined` for text a literal cannot hold (NUL). */
export function duckStringLiteral(text: string): string | undefined {
  if (text.includes('\u0000')) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}

function wholeNumber(value: number): string | undefined {
  return Number.isSafeInteger(value) ? String(value) : undefined;
}

function double(value: number): string {
  // Through text, so that NaN, the infinities and exponents read back as the same double.
  if (Number.isNaN(value)) return "'nan'";
  if (!Number.isFinite(value)) return value > 0 ? "'inf'" : "'-inf'";
  return `'${String(value)}'`;
}

function literal(p: PlanParameter): string | undefined {
  switch (p.type) {
    case 'bigint': {
      const n = wholeNumber(p.value);
      return n === undefined ? undefined : `CAST(${n} AS BIGINT)`;
    }
    case 'int': {
      const n = wholeNumber(p.value);
      return n === undefined || Math.abs(p.value) > 2_147_483_647 ? undefined : `CAST(${n} AS INTEGER)`;
    }
    case 'double':
      return `CAST(${double(p.value)} AS DOUBLE)`;
    case 'varchar': {
      const text = duckStringLiteral(p.value);
      return text === undefined ? undefined : `CAST(${text} AS VARCHAR)`;
    }
    case 'int[]': {
      const items = p.value.map(wholeNumber);
      return items.some((i) => i === undefined) ? undefined : `CAST([${items.join(', ')}] AS INTEGER[])`;
    }
    case 'varchar[]': {
      const items = p.value.map(duckStringLiteral);
      return items.some((i) => i === undefined) ? undefined : `CAST([${items.join(', ')}] AS VARCHAR[])`;
    }
  }
}

/**
 * `sql` with each `$n` placeholder replaced by `CAST(<literal> AS <type>)` of `parameters[n-1]`,
 * or `undefined` when a value has no literal (text with NUL, a number outside its type) or the
 * placeholders do not match the parameters one to one: the caller binds them instead.
 *
 * @example
 * ```ts
 * inlineDuckParameters('SELECT $1, $2', [{ type: 'varchar', value: "it's" }, { type: 'bigint', value: 3 }]);
 * // "SELECT CAST('it''s' AS VARCHAR), CAST(3 AS BIGINT)"
 * ```
 */
export function inlineDuckParameters(sql: string, parameters: readonly PlanParameter[]): string | undefined {
  const literals = parameters.map(literal);
  if (literals.some((l) => l === undefined)) return undefined;
  const seen = new Set<number>();
  let matches = true;
  const inlined = sql.replace(PLACEHOLDER, (_, digits: string) => {
    const n = Number(digits);
    const text = literals[n - 1];
    if (text === undefined) {
      matches = false;
      return '';
    }
    seen.add(n);
    return text;
  });
  return matches && seen.size === parameters.length ? inlined : undefined;
}
