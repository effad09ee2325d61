// Bound parameters for compiled SQL: every value from a request reaches DuckDB only through here,
// with an explicit DuckDB type so that comparisons stay on the columns' integer types (a DOUBLE
// parameter would cast the column and defeat min/max pruning).
import {
  BIGINT,
  DOUBLE,
  type DuckDBType,
  type DuckDBValue,
  INTEGER,
  LIST,
  listValue,
  VARCHAR,
} from '@duckdb/node-api';

export class Params {
  readonly values: DuckDBValue[] = [];
  readonly types: DuckDBType[] = [];

  private add(value: DuckDBValue, type: DuckDBType): string {
    this.values.push(value);
    this.types.push(type);
    return `$${this.values.length}`;
  }

  bigint(value: number): string {
    return this.add(BigInt(value), BIGINT);
  }

  int(value: number): string {
    return this.add(value, INTEGER);
  }

  double(value: number): string {
    return this.add(value, DOUBLE);
  }

  intList(values: readonly number[]): string {
    return this.add(listValue([...values]), LIST(INTEGER));
  }

  stringList(values: readonly string[]): string {
    return this.add(listValue([...values]), LIST(VARCHAR));
  }

  /** A stable text of the parameters, for cache keys. */
  key(): string {
    return JSON.stringify(this.values, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
  }
}
