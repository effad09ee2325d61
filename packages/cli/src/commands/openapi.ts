// `playq openapi [--catalogue file.json] [--base-url url] [--plan-url url]`: prints the OpenAPI 3.1
// description of a deployment (its catalogue's names, its addresses), as @playq/query/openapi
// generates it and the reference service serves it at {base}/openapi.json.
import { openApiDocument } from '@playq/query/openapi';
import { type Command, Option } from 'commander';
import { parseHttpUrl } from '../args';
import { catalogueOption, loadCatalogue } from '../catalogue-file';
import { resolvePlanUrl } from '../connection';
import { EXIT } from '../errors';
import { safeJson } from '../format/terminal-text';
import type { Context } from '../io';
import { DEFAULT_BASE_URL, resolveBaseUrl } from '../query-flags';
import type { Finish } from './command';

interface OpenApiFlags {
  readonly catalogue?: string;
  readonly baseUrl?: string;
  readonly planUrl?: string;
}

/** @internal */
export function registerOpenApi(program: Command, ctx: Context, finish: Finish): void {
  program
    .command('openapi')
    .description("Print the service's OpenAPI 3.1 description (JSON) for a catalogue and base URL.")
    .addOption(catalogueOption())
    .addOption(
      new Option(
        '--base-url <url>',
        `the service base URL it describes (env PLAYQ_BASE_URL, default ${DEFAULT_BASE_URL})`,
      ).argParser(parseHttpUrl),
    )
    .addOption(
      new Option(
        '--plan-url <url>',
        'the plan host (env PLAYQ_PLAN_URL; default /plans beside the base)',
      ).argParser(parseHttpUrl),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ playq openapi > openapi.json
  $ playq openapi --base-url https://qoe.example.com/api/v1 --catalogue my-names.json
  $ npx openapi-typescript openapi.json -o playq-api.d.ts`,
    )
    .action((flags: OpenApiFlags) => {
      const catalogue = loadCatalogue(flags.catalogue);
      const baseUrl = resolveBaseUrl(flags, ctx.io.env);
      const planUrl = resolvePlanUrl(flags, ctx.io.env, baseUrl);
      const doc = openApiDocument(catalogue, { baseUrl, ...(planUrl === undefined ? {} : { planUrl }) });
      ctx.out(`${safeJson(doc, 2)}\n`);
      finish(EXIT.ok);
    });
}
