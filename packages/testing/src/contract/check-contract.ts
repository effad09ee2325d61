// The contract suite's entry: run the named checks in order against one deployment, sharing
// answers between checks, and turn each check's findings into pass / fail / info / skip.

import { redactSecrets } from '@playq/client';
import { isHttpUrl } from '@playq/query';
import { type CheckDefinition, FailCheck } from './check-kit';
import { AUTH_CHECKS } from './checks-auth';
import { CATALOGUE_CHECKS } from './checks-catalogue';
import { ERROR_CHECKS } from './checks-errors';
import { HTTP_CHECKS } from './checks-http';
import { LIST_CHECKS } from './checks-list';
import { PAGING_CHECKS } from './checks-paging';
import { GRANULARITY_CHECKS, POPULATION_CHECKS } from './checks-population';
import { SEMANTIC_CHECKS } from './checks-semantics';
import { SHAPE_CHECKS } from './checks-shape';
import { BudgetExhaustedError, ContractContext, SkipCheck } from './context';
import type { CheckStatus, ContractCheckResult, ContractOptions, ContractReport, Finding } from './types';

const CHECKS: readonly CheckDefinition[] = [
  ...SHAPE_CHECKS,
  ...CATALOGUE_CHECKS,
  ...PAGING_CHECKS,
  ...SEMANTIC_CHECKS,
  ...POPULATION_CHECKS,
  ...GRANULARITY_CHECKS,
  ...AUTH_CHECKS,
  ...ERROR_CHECKS,
  ...LIST_CHECKS,
  // Last, so that the rate-limit check sees every answer of the run.
  ...HTTP_CHECKS,
];

/**
 * The checks `checkContract` runs, in order, with a line on what each verifies.
 *
 * @example
 * CONTRACT_CHECKS.map((c) => c.name); // ['service.reachable', 'envelope.metricquery.breakdown', ...]
 */
export const CONTRACT_CHECKS: readonly { readonly name: string; readonly title: string }[] = CHECKS.map(
  ({ name, title }) => Object.freeze({ name, title }),
);

/**
 * Run the contract suite against a deployment of the API — the reference service or the real
 * one — and report each named check. Read-only and gentle: at most `maxRequests` requests, paced
 * to `requestsPerSecond`. Never throws for what the service answers; throws a `TypeError` only for
 * unusable options.
 *
 * @example
 * ```ts
 * // Against `playq serve` on its default port and demo customers:
 * import { checkContract, formatContractReport } from '@playq/testing';
 *
 * const report = await checkContract({
 *   baseUrl: 'http://127.0.0.1:8080/api/v1',
 *   planUrl: 'http://127.0.0.1:8080/plans',
 *   customerId: 'demo',
 *   apiKey: 'demo-key',
 *   clientCredentials: { clientId: 'demo', clientSecret: 'demo-secret' },
 *   otherCustomer: { customerId: 'other', apiKey: 'other-key' },
 * });
 * if (!report.ok) console.error(formatContractReport(report));
 * ```
 */
export async function checkContract(options: ContractOptions): Promise<ContractReport> {
  validateOptions(options);
  const started = Date.now();
  const ctx = new ContractContext(options);
  const strict = options.strict ?? false;
  const selected = CHECKS.filter((check) => selectedBy(options.only, check.name));
  const checks: ContractCheckResult[] = [];
  let unreachable: string | undefined;
  for (const check of selected) {
    if (unreachable) {
      checks.push({
        name: check.name,
        title: check.title,
        status: 'skip',
        detail: unreachable,
        findings: [],
        requests: 0,
      });
      continue;
    }
    const before = ctx.http.count;
    const result = await runOne(check, ctx, strict);
    checks.push({ ...result, requests: ctx.http.count - before });
    unreachable = stopReason(check.name, result.status, ctx);
  }
  const secrets = ctx.secrets;
  const scrub = (text: string) => redactSecrets(text, secrets);
  const scrubbed = checks.map((c) => ({
    ...c,
    detail: scrub(c.detail),
    findings: c.findings.map((f) => ({ ...f, message: scrub(f.message) })),
  }));
  return {
    ok: scrubbed.every((c) => c.status !== 'fail'),
    baseUrl: options.baseUrl,
    customerId: options.customerId,
    strict,
    ...(ctx.period ? { period: `start=${ctx.period.start},end=${ctx.period.end}` } : {}),
    checks: scrubbed,
    requests: ctx.http.count,
    durationMs: Date.now() - started,
  };
}

/**
 * Why no later check can judge the service, if so: nothing answered at all (every check would
 * fail with the same network error), or the first query's credential was rejected (every check
 * would fail with the same 401 or 403).
 */
function stopReason(name: string, status: CheckStatus, ctx: ContractContext): string | undefined {
  if (ctx.http.count > 0 && ctx.http.count === ctx.http.networkErrors) {
    return 'the service did not answer any request (see the first failure)';
  }
  const rejected = ctx.http.lastStatus === 401 || ctx.http.lastStatus === 403;
  if (name === 'service.reachable' && status === 'fail' && rejected) {
    return `not run: the service rejected the credential with ${ctx.http.lastStatus} (see service.reachable)`;
  }
  return undefined;
}

async function runOne(
  check: CheckDefinition,
  ctx: ContractContext,
  strict: boolean,
): Promise<Omit<ContractCheckResult, 'requests'>> {
  const base = { name: check.name, title: check.title };
  try {
    const { findings, note } = await check.run(ctx);
    return { ...base, ...judge(findings, note, strict) };
  } catch (error) {
    if (error instanceof FailCheck) return { ...base, ...judge(error.findings, '', strict) };
    if (error instanceof SkipCheck || error instanceof BudgetExhaustedError) {
      return {
        ...base,
        status: 'skip',
        detail: error.message.replace(/^@playq\/testing: /, ''),
        findings: [],
      };
    }
    // A bug in a check (or a wildly malformed answer that slipped past the shape rules) must not
    // sink the whole run; it fails this check and says why.
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return {
      ...base,
      status: 'fail',
      detail: `the check could not evaluate the answers: ${message}`,
      findings: [{ basis: 'spec', message }],
    };
  }
}

function judge(
  findings: readonly Finding[],
  note: string,
  strict: boolean,
): { status: CheckStatus; detail: string; findings: readonly Finding[] } {
  if (findings.length === 0) return { status: 'pass', detail: note, findings };
  const specFailure = findings.some((f) => f.basis === 'spec');
  const status: CheckStatus = specFailure || strict ? 'fail' : 'info';
  const first = findings.find((f) => f.basis === 'spec') ?? findings[0]!;
  const more = findings.length > 1 ? ` (+${findings.length - 1} more)` : '';
  return { status, detail: `${first.message}${more}`, findings };
}

function selectedBy(only: readonly string[] | undefined, name: string): boolean {
  if (!only || only.length === 0) return true;
  // A group may be named with or without its dot: `auth`, `auth.` and `auth.session` all select by prefix.
  return only.some((pattern) => {
    const group = pattern.endsWith('.') ? pattern : `${pattern}.`;
    return name === pattern || name.startsWith(group);
  });
}

function validateOptions(options: ContractOptions): void {
  const problem = (message: string) => new TypeError(`@playq/testing: checkContract: ${message}`);
  if (typeof options !== 'object' || options === null) throw problem('options must be an object');
  for (const field of ['baseUrl', 'customerId', 'apiKey'] as const) {
    if (typeof options[field] !== 'string' || options[field].length === 0) {
      throw problem(`\`${field}\` must be a non-empty string`);
    }
  }
  for (const field of ['baseUrl', 'planUrl'] as const) {
    const value = options[field];
    if (value === undefined) continue;
    if (!isHttpUrl(value)) {
      throw problem(`\`${field}\` must be an absolute http(s) URL, got ${JSON.stringify(value)}`);
    }
  }
  if (
    options.maxRequests !== undefined &&
    !(Number.isInteger(options.maxRequests) && options.maxRequests > 0)
  ) {
    throw problem('`maxRequests` must be a positive integer');
  }
  if (options.requestsPerSecond !== undefined && !(options.requestsPerSecond > 0)) {
    throw problem('`requestsPerSecond` must be positive (Infinity for no pacing)');
  }
  const period = options.period;
  if (period !== undefined) {
    const p =
      typeof period === 'string'
        ? /^\s*start=(\d+)\s*,\s*end=(\d+)\s*$/.exec(period)?.slice(1).map(Number)
        : [period.start, period.end];
    if (!p || !Number.isInteger(p[0]) || !Number.isInteger(p[1]) || p[0]! >= p[1]!) {
      throw problem(
        '`period` must be { start, end } (or `start=…,end=…`) in integer epoch seconds with start < end',
      );
    }
  }
  if (options.only) {
    const unknown = options.only.filter((pattern) => !CHECKS.some((c) => selectedBy([pattern], c.name)));
    if (unknown.length > 0)
      throw problem(`no check is named ${unknown.map((u) => JSON.stringify(u)).join(', ')}`);
  }
  const catalogue = options.catalogue as { metrics?: unknown; metricNames?: unknown } | undefined;
  if (
    catalogue !== undefined &&
    (typeof catalogue !== 'object' ||
      catalogue === null ||
      typeof catalogue.metrics !== 'object' ||
      !Array.isArray(catalogue.metricNames))
  ) {
    throw problem('`catalogue` must be made by defineCatalogue or extendCatalogue of @playq/query');
  }
  if (options.clientCredentials) {
    const { clientId, clientSecret } = options.clientCredentials;
    if (!clientId || !clientSecret) throw problem('`clientCredentials` needs `clientId` and `clientSecret`');
  }
}
