// A ClickHouse HTTP endpoint on 127.0.0.1 backed by chdb, for testing the @clickhouse/client engine
// without a ClickHouse server (Debian's clickhouse-server 18.16 predates the window functions and
// query parameters plans use). It speaks the part of the HTTP interface the client uses: the query
// in the body or the `query` parameter, `param_<name>` values bound by the engine, a `database`, and
// an INSERT … FORMAT Parquet whose rows are the body. Other settings are accepted and ignored.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'chdb';

export interface ClickHouseFixture {
  readonly url: string;
  /** Statements received, for assertions (text only, parameters apart). */
  readonly statements: string[];
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the fixture with database `database` (created empty). */
export async function startClickHouseFixture(database = 'playq'): Promise<ClickHouseFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'playq-ch-http-'));
  const session = new Session(join(dir, 'db'));
  session.query(`CREATE DATABASE IF NOT EXISTS ${database}`);
  session.query(`USE ${database}`);
  const statements: string[] = [];
  let inserts = 0;
  const server: Server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://fixture');
      const data = await body(request);
      const inUrl = url.searchParams.get('query');
      let sql = inUrl ?? data.toString('utf8');
      const params = Object.fromEntries(
        [...url.searchParams].filter(([k]) => k.startsWith('param_')).map(([k, v]) => [k.slice(6), v]),
      );
      const insert =
        inUrl !== null && /^\s*INSERT INTO (\w+)\s*\(([^)]*)\)\s*FORMAT Parquet\s*$/i.exec(inUrl);
      if (insert) {
        const file = join(dir, `insert-${inserts++}.parquet`);
        writeFileSync(file, data);
        sql = `INSERT INTO ${insert[1]} (${insert[2]}) SELECT ${insert[2]} FROM file('${file}', Parquet)`;
      }
      statements.push(sql);
      const out = session.queryBind(sql, params, 'TabSeparated');
      response.writeHead(200, { 'Content-Type': 'text/plain; charset=UTF-8', 'X-ClickHouse-Summary': '{}' });
      response.end(out);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const code = /Code: (\d+)/.exec(text)?.[1] ?? '1';
      response.writeHead(500, { 'Content-Type': 'text/plain', 'X-ClickHouse-Exception-Code': code });
      response.end(text);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    statements,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      session.cleanup?.();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
