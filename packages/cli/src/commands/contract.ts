// `playq contract <baseUrl>`: run the testing toolkit's contract suite against any deployment of
// the API and print a pass/fail report; exit 1 when a check fails. A terminal's stderr shows the
// requests made so far, and the report says what to give in flags, not in library options.
import { parsePeriod } from '@playq/grammar';
import type { ContractOptions, ContractReport } from '@playq/testing';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { integerArg, parseHttpUrl, parseList } from '../args';
import { catalogueOption, loadCatalogue } from '../catalogue-file';
import {
  addConnectionOptions,
  type ConnectionFlags,
  readConnectionSecrets,
  resolvePlanUrl,
} from '../connection';
import { EXIT, usageError } from '../errors';
import { createStatusLine } from '../format/progress';
import { safeJson } from '../format/terminal-text';
import type { Context } from '../io';
import { readSecretPairs, secretFileOption } from '../secret-files';
import type { Finish } from './command';

interface ContractFlags extends ConnectionFlags {
  readonly customer: string;
  readonly otherCustomer?: string;
  readonly otherApiKey?: string;
  readonly otherApiKeyFile?: string;
  readonly planlevel?: string;
  readonly strict?: boolean;
  readonly only?: string[];
  readonly maxRequests?: number;
  readonly rate?: number;
  readonly json?: boolean;
  readonly catalogue?: string;
  readonly period?: string;
}

/** @internal */
export function registerContract(program: Command, ctx: Context, finish: Finish): void {
  const command = program
    .command('contract')
    .description("Check a deployment of the API against the specification and playq's design contract.")
    .argument('<baseUrl>', 'the service base URL, e.g. http://127.0.0.1:8080/api/v1', (v: string) =>
      parseHttpUrl(v),
    )
    .addOption(new Option('--customer <id>', 'customer id the credentials belong to').default('demo'))
    .addOption(
      new Option('--other-customer <id>', 'a second customer, to check that keys do not cross customers'),
    )
    .addOption(new Option('--other-api-key <key>', 'the API key of --other-customer'))
    .addOption(secretFileOption('other-api-key', 'the API key of --other-customer'))
    .addOption(new Option('--planlevel <level>', 'skip the plan lookup and use this plan level'))
    .addOption(
      new Option(
        '--period <period>',
        "the period the checks query, 'start=<epoch_s>,end=<epoch_s>' (default: the latest week with data)",
      ).argParser(periodArg),
    )
    .addOption(new Option('--strict', 'treat departures from the playq design contract as failures'))
    .addOption(
      new Option('--only <checks>', 'run only these checks (names or prefixes such as auth.)').argParser(
        parseList,
      ),
    )
    .addOption(
      new Option('--max-requests <n>', 'upper bound on HTTP requests (default 200)').argParser(
        integerArg(1, 100000),
      ),
    )
    .addOption(
      new Option(
        '--rate <n>',
        'requests per second at most (default 5, gentle on shared deployments)',
      ).argParser(integerArg(1, 10000)),
    )
    .addOption(catalogueOption())
    .addOption(new Option('--json', 'print the report as JSON'));
  addConnectionOptions(command)
    .addHelpText(
      'after',
      `
Credentials come from flags, files (--api-key-file, --client-secret-file, --token-file,
--other-api-key-file; - reads stdin) or PLAYQ_API_KEY, PLAYQ_CLIENT_ID + PLAYQ_CLIENT_SECRET or
PLAYQ_TOKEN.
Exit code 0 when every check passes, 1 when one fails, 2 on bad usage.

Examples:
  $ playq contract http://127.0.0.1:8080/api/v1 --api-key demo-key --client-id demo --client-secret demo-secret
  $ playq contract http://127.0.0.1:8080/api/v1 --api-key demo-key --other-customer other --other-api-key other-key --strict
  $ playq contract http://127.0.0.1:8080/api/v1 --api-key demo-key --catalogue names.json --only catalogue

With --catalogue, the catalogue.* checks ask for each of the file's names and a refused one fails;
without it they use the vendor's public dictionary and a refused name is reported as info.`,
    )
    .action(async (baseUrl: string, flags: ContractFlags) => {
      finish(await contractAction(ctx, baseUrl, flags));
    });
}

async function contractAction(ctx: Context, baseUrl: string, given: ContractFlags): Promise<number> {
  const source = { stdin: ctx.io.stdin, cwd: ctx.io.cwd };
  const [otherApiKey] = await readSecretPairs(
    [{ name: 'other-api-key', value: given.otherApiKey, file: given.otherApiKeyFile }],
    source,
  );
  const flags = await readConnectionSecrets({ ...given, otherApiKey }, source);
  const options = contractOptions(ctx, baseUrl, flags);
  const { checkContract, formatContractReport } = await import('@playq/testing');
  const report = inFlagWords(await withProgress(ctx, options, checkContract));
  ctx.out(flags.json ? `${safeJson(report, 2)}\n` : `${colourStatuses(formatContractReport(report), ctx)}\n`);
  return report.ok ? EXIT.ok : EXIT.failure;
}

function periodArg(value: string): string {
  const parsed = parsePeriod(value);
  if (!parsed.ok) {
    throw new InvalidArgumentError(`Expected 'start=<epoch_s>,end=<epoch_s>': ${parsed.errors[0]?.message}.`);
  }
  return value;
}

// The suite is quiet for several seconds; a terminal's stderr shows the requests made so far.
async function withProgress(
  ctx: Context,
  options: ContractOptions,
  check: (options: ContractOptions) => Promise<ContractReport>,
): Promise<ContractReport> {
  const line = createStatusLine(ctx.io.stderr);
  const started = performance.now();
  let requests = 0;
  const inner = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const counting = (request: Request) => {
    requests++;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    line.update(`contract: ${requests} ${requests === 1 ? 'request' : 'requests'}, ${seconds} s`);
    return inner(request);
  };
  try {
    return await check({ ...options, fetch: counting });
  } finally {
    line.done();
  }
}

// The flags that set each option the suite's skip reasons name (\`token\`, \`planUrl\`, …).
const FLAGS_OF_OPTION: Readonly<Record<string, string>> = {
  token: '--token-file (or --token, PLAYQ_TOKEN)',
  clientCredentials: '--client-id with --client-secret-file (or PLAYQ_CLIENT_ID and PLAYQ_CLIENT_SECRET)',
  planUrl: '--plan-url',
  planLevel: '--planlevel',
  period: '--period',
};

/**
 * The report with "pass \`option\`" in each check's detail said as the flag that sets it: the
 * suite is a library and names its options, the CLI user types flags.
 *
 * @example
 * inFlagWords(report).checks[0].detail; // 'no plan host: give --plan-url or --planlevel'
 */
export function inFlagWords(report: ContractReport): ContractReport {
  const word = (name: string) => FLAGS_OF_OPTION[name];
  const reword = (detail: string) =>
    detail.replace(/\bpass (an? )?`(\w+)`(?: or `(\w+)`)?/g, (all, _article, a: string, b?: string) => {
      const first = word(a);
      const second = b === undefined ? undefined : word(b);
      if (first === undefined || (b !== undefined && second === undefined)) return all;
      return `give ${first}${second === undefined ? '' : ` or ${second}`}`;
    });
  return { ...report, checks: report.checks.map((c) => ({ ...c, detail: reword(c.detail) })) };
}

// The suite's options from flags and PLAYQ_* variables; every usage error before any request.
function contractOptions(ctx: Context, baseUrl: string, flags: ContractFlags): ContractOptions {
  const env = ctx.io.env;
  const fromEnv = (name: string) => env[name] || undefined;
  const apiKey = flags.apiKey ?? fromEnv('PLAYQ_API_KEY');
  if (apiKey === undefined) {
    throw usageError(
      'the contract suite needs an API key: give --api-key-file, --api-key or set PLAYQ_API_KEY',
    );
  }
  if ((flags.otherCustomer === undefined) !== (flags.otherApiKey === undefined)) {
    throw usageError('--other-customer and --other-api-key go together');
  }
  const token = flags.token ?? fromEnv('PLAYQ_TOKEN');
  const clientId = flags.clientId ?? fromEnv('PLAYQ_CLIENT_ID');
  const clientSecret = flags.clientSecret ?? fromEnv('PLAYQ_CLIENT_SECRET');
  const planUrl = resolvePlanUrl(flags, env, baseUrl);
  // Read before any request: a bad file is a usage error, not a failed run.
  const catalogue = flags.catalogue === undefined ? undefined : loadCatalogue(flags.catalogue);
  return {
    baseUrl,
    customerId: flags.customer,
    apiKey,
    ...(planUrl === undefined ? {} : { planUrl }),
    ...(token === undefined ? {} : { token }),
    ...(clientId !== undefined && clientSecret !== undefined
      ? {
          clientCredentials: {
            clientId,
            clientSecret,
            ...(flags.tokenUrl ? { tokenUrl: flags.tokenUrl } : {}),
          },
        }
      : {}),
    ...(flags.otherCustomer !== undefined && flags.otherApiKey !== undefined
      ? { otherCustomer: { customerId: flags.otherCustomer, apiKey: flags.otherApiKey } }
      : {}),
    ...(flags.planlevel === undefined ? {} : { planLevel: flags.planlevel }),
    ...(flags.strict ? { strict: true } : {}),
    ...(flags.only ? { only: flags.only } : {}),
    ...(flags.maxRequests === undefined ? {} : { maxRequests: flags.maxRequests }),
    ...(flags.rate === undefined ? {} : { requestsPerSecond: flags.rate }),
    ...(catalogue === undefined ? {} : { catalogue }),
    ...(flags.period === undefined ? {} : { period: flags.period }),
  };
}

// The toolkit's report is plain text for logs; on a terminal the status labels get colours.
function colourStatuses(text: string, ctx: Context): string {
  const c = ctx.color;
  const paint: Record<string, (s: string) => string> = {
    PASS: c.green,
    FAIL: c.red,
    INFO: c.cyan,
    SKIP: c.dim,
  };
  return text.replace(
    /^(\s+)(PASS|FAIL|INFO|SKIP)\b/gm,
    (_, space: string, label: string) => space + paint[label]!(label),
  );
}
