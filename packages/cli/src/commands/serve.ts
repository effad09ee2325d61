// `playq serve`: the reference service on loopback, on generated data or a directory of files,
// announcing its addresses and the demo credentials once it accepts connections, and closing
// cleanly on Ctrl-C or SIGTERM. Real data or a non-loopback host needs a credentials file.
import { resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { integerArg, parseHttpUrl, parseTime } from '../args';
import { catalogueOption, loadCatalogue } from '../catalogue-file';
import { checkPlantable, EFFECT_HELP, effectArg } from '../effect-flag';
import { usageError } from '../errors';
import type { Context } from '../io';
import { needsServer } from '../optional-part';
import { readCredentials } from '../serve/credentials-file';
import { type DataFlags, DEFAULT_SESSIONS, dataSourceOf } from '../serve/data-source';
import { corsOriginsArg, requireCredentials, trustedProxyArg } from '../serve/exposure';
import { readRowsFile } from '../serve/rows-file';
import type { Finish } from './command';

interface ServeFlags extends DataFlags {
  readonly port?: number;
  readonly host?: string;
  readonly credentials?: string;
  readonly accessLog?: boolean;
  readonly corsOrigin?: '*' | string[];
  readonly trustedProxy?: string[];
  readonly planUrl?: string;
  readonly publicUrl?: string;
  readonly memoryLimit?: string;
  readonly catalogue?: string;
}

/** @internal */
export function registerServe(program: Command, ctx: Context, finish: Finish): void {
  const command = program
    .command('serve')
    .description(
      'Run the reference service on generated data (default) or on files written by `playq data generate`.',
    );
  addDataOptions(command);
  addListenOptions(command);
  command.addHelpText('after', SERVE_HELP).action((flags: ServeFlags) => serve(flags, ctx, finish));
}

/** Where the data comes from and which engine answers: files, a database file, a server, or generated. */
function addDataOptions(command: Command): void {
  command
    .addOption(
      new Option('--data <dir>', 'serve sessions.* and errors.* from DIR (parquet, csv or ndjson)').conflicts(
        ['sessions', 'seed', 'days', 'end', 'db'],
      ),
    )
    .addOption(new Option('--in-place', 'with --data: query the Parquet files where they lie (no load)'))
    .addOption(
      new Option('--db <file>', 'serve a DuckDB database file built by `playq data load --db`').conflicts([
        'sessions',
        'seed',
        'days',
        'end',
      ]),
    )
    .addOption(
      new Option('--engine <engine>', 'engine answering the queries (default duckdb)').choices([
        'duckdb',
        'chdb',
        'clickhouse',
      ]),
    )
    .addOption(
      new Option(
        '--clickhouse-url <url>',
        'with --engine clickhouse: the server, e.g. http://127.0.0.1:8123',
      ),
    )
    .addOption(
      new Option('--clickhouse-database <name>', 'with --engine clickhouse: the database (default playq)'),
    )
    .addOption(
      new Option(
        '--memory-limit <size>',
        "DuckDB's memory (e.g. 2GB): beyond it queries spill to disk or fail; bounds loading --data too (default: DuckDB's, 80% of RAM)",
      ),
    )
    .addOption(
      new Option('--sessions <n>', `generate N sessions (default ${DEFAULT_SESSIONS})`).argParser(
        integerArg(1, 50_000_000),
      ),
    )
    .addOption(new Option('--seed <n>', 'generator seed (default 1)').argParser(integerArg(0, 2 ** 31 - 1)))
    .addOption(new Option('--days <n>', 'days of generated data (default 7)').argParser(integerArg(1, 366)))
    .addOption(
      new Option(
        '--end <time>',
        'end of generated data: epoch seconds or ISO-8601 (default: the next full UTC hour, as playq demo)',
      ).argParser(parseTime),
    )
    .addOption(new Option('--effect <spec>', EFFECT_HELP).argParser(effectArg))
    .addOption(
      new Option(
        '--rows <file>',
        'serve the exact rows of a JSON file { "sessions": [...], "errors": [...] }',
      ),
    );
}

/** Where the service listens, who may reach it, and what it logs. */
function addListenOptions(command: Command): void {
  command
    .addOption(
      new Option('--port <port>', 'TCP port; 0 picks a free one (default 8080)').argParser(
        integerArg(0, 65535),
      ),
    )
    .addOption(new Option('--host <host>', 'interface to listen on (default 127.0.0.1)'))
    .addOption(
      new Option(
        '--credentials <file>',
        'JSON list of { customerId, apiKey, clientId, clientSecret, planLevel } instead of the demo credentials',
      ),
    )
    .addOption(
      new Option(
        '--cors-origin <origins>',
        'origins a browser may read answers from: * or a comma-separated list (default: * on generated data, none with --data)',
      ).argParser(corsOriginsArg),
    )
    .addOption(
      new Option(
        '--trusted-proxy <list>',
        'proxies (addresses or CIDR ranges, comma-separated) whose X-Forwarded-For/Forwarded name the client',
      ).argParser(trustedProxyArg),
    )
    .addOption(
      new Option('--plan-url <url>', 'the plan host URL as clients reach it, named in planlevel errors'),
    )
    .addOption(
      new Option(
        '--public-url <url>',
        "the API's URL as clients reach it (e.g. behind a proxy), named as openapi.json's server instead of the request's Host",
      ).argParser(parseHttpUrl),
    )
    .addOption(new Option('--access-log', 'print one line per request on stderr'))
    .addOption(catalogueOption());
}

const SERVE_HELP = `
Prints the base URL, the plan URL and the demo credentials when ready (with --credentials, only
the customer ids: the secrets stay in the file); stops on Ctrl-C or SIGTERM.

--data and a --host other than loopback need --credentials FILE: the demo credentials are
published. FILE is a JSON array of { customerId, apiKey, clientId, clientSecret, planLevel }
with secrets of at least 16 characters (e.g. from \`openssl rand -hex 24\`).

Examples:
  $ playq serve
  $ playq serve --port 0 --sessions 20000 --seed 7
  $ playq serve --credentials ./customers.json --access-log
  $ playq data generate --sessions 100000 --seed 1 --out ./data
  $ playq serve --data ./data --credentials ./customers.json --cors-origin https://dash.example.com
  $ playq serve --data ./data --in-place --credentials ./customers.json
  $ playq serve --db ./playq.duckdb --memory-limit 2GB --credentials ./customers.json
  $ playq data load --db ./playq.duckdb ./data && playq serve --db ./playq.duckdb --credentials ./customers.json
  $ playq serve --engine chdb --data ./data --credentials ./customers.json
  $ PLAYQ_CLICKHOUSE_PASSWORD=… playq serve --engine clickhouse --clickhouse-url http://127.0.0.1:8123 --credentials ./customers.json

--engine chdb needs the package chdb, --engine clickhouse the package @clickhouse/client
(ClickHouse user and password from PLAYQ_CLICKHOUSE_USER and PLAYQ_CLICKHOUSE_PASSWORD).`;

async function serve(flags: ServeFlags, ctx: Context, finish: Finish): Promise<void> {
  const host = flags.host ?? '127.0.0.1';
  if (host.trim() === '') throw usageError('--host must not be empty');
  requireCredentials(flags, host);
  const cwd = ctx.io.cwd ?? process.cwd();
  const rows =
    flags.rows === undefined ? undefined : await readRowsFile(resolve(cwd, flags.rows), flags.rows);
  const data = dataSourceOf(flags, cwd, resolve, ctx.io.env, rows);
  const catalogue = flags.catalogue === undefined ? undefined : loadCatalogue(flags.catalogue);
  if (flags.memoryLimit !== undefined && flags.engine !== undefined && flags.engine !== 'duckdb')
    throw usageError(`--memory-limit bounds DuckDB: leave it out with --engine ${flags.engine}`);
  const { runServe } = await needsServer('serve', () => import('../serve/run-serve'));
  checkPlantable(flags.effect, (await import('@playq/server')).PLANTABLE_METRICS);
  const credentials =
    flags.credentials === undefined
      ? undefined
      : await readCredentials(resolve(ctx.io.cwd ?? process.cwd(), flags.credentials), flags.credentials);
  await runServe(
    ctx,
    data,
    { port: flags.port ?? 8080, host },
    {
      credentials,
      accessLog: flags.accessLog === true,
      ...(flags.corsOrigin !== undefined ? { corsOrigins: flags.corsOrigin } : {}),
      ...(flags.trustedProxy !== undefined ? { trustedProxies: flags.trustedProxy } : {}),
      ...(flags.planUrl !== undefined ? { planUrl: flags.planUrl } : {}),
      ...(flags.publicUrl !== undefined ? { publicUrl: flags.publicUrl } : {}),
      ...(flags.memoryLimit !== undefined ? { memoryLimit: flags.memoryLimit } : {}),
      ...(catalogue !== undefined ? { catalogue } : {}),
    },
  );
  finish(0);
}
