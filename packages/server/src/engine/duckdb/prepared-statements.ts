// The statements a pooled connection has prepared, one per plan shape in use: the plan's SQL text is
// the same for every period, filter value or page, so it is parsed once, not at every request.
import type { DuckDBConnection, DuckDBPreparedStatement } from '@duckdb/node-api';

/** Prepared statements kept per pooled connection (one per plan shape in use). */
export const PREPARED_PER_CONNECTION = 64;

/** One connection's prepared statements by SQL text, least recently used dropped first. */
export class PreparedStatements {
  private readonly statements = new Map<string, DuckDBPreparedStatement>();

  /** The prepared statement of `sql` on `connection`, prepared on first use. */
  async get(connection: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement> {
    const statements = this.statements;
    const known = statements.get(sql);
    if (known) {
      statements.delete(sql);
      statements.set(sql, known);
      return known;
    }
    const statement = await connection.prepare(sql);
    statements.set(sql, statement);
    for (const [text, old] of statements) {
      if (statements.size <= PREPARED_PER_CONNECTION) break;
      statements.delete(text);
      old.destroySync();
    }
    return statement;
  }
}
