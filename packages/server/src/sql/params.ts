// Bound parameters for compiled SQL: every value from a request reaches DuckDB only through here,
// with an explicit type so that comparisons stay on the columns' integer types (a DOUBLE parameter
// would cast the column and defeat min/max pruning). Plans hold them as plain data.
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

export type PlanParameter =
  | { readonly type: 'bigint' | 'int' | 'double'; readonly value: number }
  | { readonly type: 'int[]'; readonly value: readonly number[] }
  | { readonly type: 'varchar[]'; readonly value: readonly string[] };

/** Collects the parameters of one statement; each `add` returns its `$n` reference. */
export class Params {
  readonly list: PlanParameter[] = [];

  private add(p: PlanParameter): string {
    this.list.push(p);
    return `$${this.list.length}`;
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
