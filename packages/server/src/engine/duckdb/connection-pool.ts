// A few DuckDB connections shared by a dataset's statements: one is lent per statement and handed to
// the next waiting statement when it is done; closing the pool closes every connection.
import type { DuckDBConnection } from '@duckdb/node-api';

export class ConnectionPool {
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: ((c: DuckDBConnection) => void)[] = [];
  private open = 0;
  private isClosed = false;

  constructor(
    private readonly size: number,
    private readonly connect: () => Promise<DuckDBConnection>,
  ) {}

  /** Whether `close` was called. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** Runs `fn` on a lent connection, waiting for one when all are lent. */
  async with<T>(fn: (c: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.isClosed) throw new Error('@playq/server: the dataset is closed');
    const connection = await this.acquire();
    try {
      return await fn(connection);
    } finally {
      this.release(connection);
    }
  }

  /** Closes the idle connections now, and each lent one when it comes back. */
  close(): void {
    this.isClosed = true;
    for (const c of this.idle.splice(0)) c.closeSync();
  }

  private async acquire(): Promise<DuckDBConnection> {
    const ready = this.idle.pop();
    if (ready) return ready;
    if (this.open < this.size) {
      this.open += 1;
      try {
        return await this.connect();
      } catch (error) {
        this.open -= 1;
        throw error;
      }
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(connection: DuckDBConnection): void {
    if (this.isClosed) {
      connection.closeSync();
      return;
    }
    const next = this.waiting.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }
}
