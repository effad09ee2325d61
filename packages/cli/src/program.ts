// The `playq` command tree and the one place where every outcome becomes an exit code: commander
// usage errors exit 2, CliErrors carry their own code, Ctrl-C exits 130, and anything unexpected
// is reported as a bug with exit 1 rather than a stack trace.
import { Command, CommanderError } from 'commander';
import { registerCatalogue } from './commands/catalogue';
import type { Finish, RegisterCommand } from './commands/command';
import { registerContract } from './commands/contract';
import { registerData } from './commands/data';
import { registerDemo } from './commands/demo';
import { registerExplain } from './commands/explain';
import { registerInsights } from './commands/insights';
import { registerMcp } from './commands/mcp';
import { registerOpenApi } from './commands/openapi';
import { registerQuery } from './commands/query';
import { registerServe } from './commands/serve';
import { registerUrl } from './commands/url';
import { registerValidate } from './commands/validate';
import { CliError, EXIT, isAbort } from './errors';
import { terminalText } from './format/terminal-text';
import { type CliIo, type Context, createContext, processStdin } from './io';
import { VERSION } from './version';

// In the order `playq --help` lists them.
const COMMANDS: readonly RegisterCommand[] = [
  registerValidate,
  registerUrl,
  registerExplain,
  registerCatalogue,
  registerOpenApi,
  registerQuery,
  registerInsights,
  registerContract,
  registerServe,
  registerData,
  registerDemo,
  registerMcp,
];

/** @internal */
export function createProgram(ctx: Context, finish: Finish): Command {
  const program = new Command('playq')
    .description(
      'Query the Playback Analytics Query Service: build, check, explain and run queries, serve and demo.',
    )
    .version(VERSION, '-V, --version')
    .exitOverride()
    .showHelpAfterError('(add --help for usage and examples)')
    .configureOutput({
      writeOut: (text) => ctx.out(text),
      writeErr: (text) => ctx.err(text),
      outputError: (text, write) => write(ctx.errColor.red(text)),
      getOutHelpWidth: () => ctx.io.stdout.columns ?? 100,
      getErrHelpWidth: () => ctx.io.stderr.columns ?? 100,
      getOutHasColors: () => ctx.color.enabled,
      getErrHasColors: () => ctx.errColor.enabled,
    });
  program.addHelpText(
    'after',
    `
Examples:
  $ playq demo
  $ playq validate filter '[country=US|FR][platform=ios]'
  $ playq url metricquery demo --last 24h --metrics errors,users --aggby country
  $ playq query metricquery demo --last 7d --metrics viewercount --aggby timestamp --granularity hour
  $ playq serve --port 8080
  $ playq mcp

Credentials and addresses come from flags or the environment: PLAYQ_BASE_URL, PLAYQ_PLAN_URL,
PLAYQ_API_KEY, PLAYQ_CLIENT_ID, PLAYQ_CLIENT_SECRET, PLAYQ_TOKEN. Secrets given as flags are
visible in the process list: prefer the environment or --api-key-file, --client-secret-file and
--token-file (a path, or - for stdin). Colours are used only on a
terminal and never when NO_COLOR is set. Exit codes: 0 ok, 1 invalid or failed, 2 bad usage,
130 interrupted.
`,
  );
  for (const register of COMMANDS) register(program, ctx, finish);
  return program;
}

const defaultIo = (): CliIo => ({
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: processStdin,
  env: process.env,
});

/**
 * Runs the CLI with `argv` (the arguments after the program name) and resolves to the exit code;
 * it never throws and never calls `process.exit`, so it can be embedded and tested in-process.
 *
 * @example
 * const code = await run(['validate', 'filter', '[country=US]'], {
 *   stdout: process.stdout,
 *   stderr: process.stderr,
 *   env: { NO_COLOR: '1' },
 * });
 * // prints "[country=US]" and resolves to 0
 */
export async function run(argv: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  const ctx = createContext(io);
  let code: number = EXIT.ok;
  const program = createProgram(ctx, (c) => {
    code = c;
  });
  if (argv.length === 0) {
    ctx.err(program.helpInformation());
    return EXIT.usage;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; every other commander error is bad usage and was already printed.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof CliError) {
      ctx.err(`${ctx.errColor.red('error:')} ${terminalText(error.message)}\n`);
      return error.exitCode;
    }
    if (isAbort(error, ctx.signal)) {
      ctx.err(`${ctx.errColor.yellow('interrupted')}\n`);
      return EXIT.interrupted;
    }
    const message = error instanceof Error ? error.message : String(error);
    ctx.err(`${ctx.errColor.red('error:')} ${terminalText(message)}\n`);
    return EXIT.failure;
  }
}
