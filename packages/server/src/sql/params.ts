// Bound parameters for compiled SQL: every value from a request reaches an engine only through
// here, with an explicit type so that comparisons stay on the columns' integer types (a DOUBLE
// parameter would cast the column and defeat min/max pruning). Plans hold them as plain data.
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
import { DUCKDB_CODED, type PlanTarget } from './dialect';

export type PlanParameter =
  | { readonly type: 'bigint' | 'int' | 'double'; readonly value: number }
  | { readonly type: 'varchar'; readonly value: string }
  | { readonly type: 'int[]'; readonly value: readonly number[] }
  | { readonly type: 'varchar[]'; readonly value: readonly string[] };

/**
 * Collects the parameters of one statement for its target (default: the embedded DuckDB
 * database); each `add` returns its reference in the target's dialect (`$n`, `{pn:Type}`).
 */
export class Params {
  readonly list: PlanParameter[] = [];

  constructor(readonly target: PlanTarget = DUCKDB_CODED) {}

  private add(p: PlanParameter): string {
    this.list.push(p);
    return this.target.dialect.parameter(this.list.length, p.type);
  }

  /** The reference of the parameter that would come `ahead` places after the last one added. */
  next(ahead: number, type: PlanParameter['type']): string {
    return this.target.dialect.parameter(this.list.length + ahead, type);
  }

  /** A customer: its code in the coded layout, its id in the raw one. */
  customer(code: number | string): string {
    return typeof code === 'number' ? this.int(code) : this.varchar(code);
  }

  varchar(value: string): string {
    return this.add({ type: 'varchar', value });
  }

  bigint(value: number): string {
    return this.add({ type: 'bigint', value });
  }

  int(value: number): string {
    return this.add({ type: 'int', value });
  }

  double(value: number): string {
    return this.add({ type: 'double', value });
  }

  intList(value: readonly number[]): string {
    return this.add({ type: 'int[]', value: [...value] });
  }

  stringList(value: readonly string[]): string {
    return this.add({ type: 'varchar[]', value: [...value] });
  }
}

/** The DuckDB values and types of a plan's parameters, in order. */
export function duckParameters(parameters: readonly PlanParameter[]): {
  values: DuckDBValue[];
  types: DuckDBType[];
} {
  const values: DuckDBValue[] = [];
  const types: DuckDBType[] = [];
  for (const p of parameters) {
    switch (p.type) {
      case 'bigint':
        values.push(BigInt(p.value));
        types.push(BIGINT);
        break;
      case 'int':
        values.push(p.value);
        types.push(INTEGER);
        break;
      case 'double':
        values.push(p.value);
        types.push(DOUBLE);
        break;
      case 'varchar':
        values.push(p.value);
        types.push(VARCHAR);
        break;
      case 'int[]':
        values.push(listValue([...p.value]));
        types.push(LIST(INTEGER));
        break;
      case 'varchar[]':
        values.push(listValue([...p.value]));
        types.push(LIST(VARCHAR));
        break;
    }
  }
  return { values, types };
}
