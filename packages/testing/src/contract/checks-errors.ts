// Checks of bad input: a malformed query is refused (a 200 would be a silently wrong answer), and
// every refusal seen during the run is an RFC 9457 problem document that echoes no credential.
import { PROBLEM_CODES } from '@playq/query';
import { breakdown, sessionUsage, USAGE_TOTAL_ERRORS } from './base-queries';
import { type CheckDefinition, refusalFindings } from './check-kit';
import type { ContractContext, Params } from './context';
import { problemFindings } from './shape-rules';
import type { Finding } from './types';

const KNOWN_CODES: ReadonlySet<string> = new Set(PROBLEM_CODES);

/** The breakdown's parameters with some replaced (an empty string removes one). */
async function variant(ctx: ContractContext, change: Record<string, string | number>): Promise<Params> {
  const params: Record<string, string | number> = { ...(await breakdown(ctx)).params };
  for (const [name, value] of Object.entries(change)) {
    if (value === '') delete params[name];
    else params[name] = value;
  }
  return params;
}

function badInput(
  name: string,
  title: string,
  change: Record<string, string | number>,
  want: { status: number; code: string; param?: string; basis?: 'spec' | 'design'; offset?: boolean },
): CheckDefinition {
  return {
    name,
    title,
    async run(ctx) {
      const probe = await ctx.metric(await variant(ctx, change), { headers: {} });
      const findings = refusalFindings(probe, { ...want, why: title.replace(/ is refused.*$/, '') });
      const offset = (probe.json as { offset?: unknown } | undefined)?.offset;
      if (want.offset && probe.status === want.status && typeof offset !== 'number') {
        findings.push({ basis: 'design', message: 'the problem does not locate the error with an `offset`' });
      }
      return {
        findings,
        note: `answered ${probe.status} ${(probe.json as { code?: string } | undefined)?.code ?? ''}`,
      };
    },
  };
}

export const ERROR_CHECKS: readonly CheckDefinition[] = [
  badInput(
    'errors.missing-parameter',
    'a query without `period` is refused (400 missing_parameter)',
    { period: '' },
    {
      status: 400,
      code: 'missing_parameter',
      param: 'period',
    },
  ),
  badInput(
    'errors.invalid-filter',
    'an unterminated filter `[country=` is refused (400 invalid_filter)',
    {
      filter: '[country=',
    },
    { status: 400, code: 'invalid_filter', param: 'filter', offset: true },
  ),
  badInput(
    'errors.unknown-metric',
    'an unknown metric name is refused (400 unknown_metric)',
    {
      metrics: 'viewercount,playq_contract_bogus',
    },
    { status: 400, code: 'unknown_metric', param: 'metrics' },
  ),
  badInput(
    'errors.invalid-period',
    'a period ending before it starts is refused (400 invalid_period)',
    {
      period: 'start=1700003600,end=1700000000',
    },
    { status: 400, code: 'invalid_period', param: 'period' },
  ),
  badInput(
    'errors.invalid-limit',
    'limit=0 is refused (400 invalid_limit)',
    { limit: 0 },
    {
      status: 400,
      code: 'invalid_limit',
      param: 'limit',
    },
  ),
  badInput(
    'errors.unknown-parameter',
    'a misspelt parameter `oderby` is refused (400 unknown_parameter; the specification leaves this open)',
    { oderby: 'viewercount' },
    { status: 400, code: 'unknown_parameter', param: 'oderby', basis: 'design' },
  ),
  {
    name: 'errors.invalid-planlevel',
    title: "a session query with a plan level other than the customer's is refused (400 invalid_planlevel)",
    async run(ctx) {
      const { params } = await sessionUsage(ctx, USAGE_TOTAL_ERRORS);
      const probe = await ctx.session({ ...params, planlevel: 'playq-contract-bogus-plan' }, { headers: {} });
      const findings = refusalFindings(probe, {
        status: 400,
        code: 'invalid_planlevel',
        param: 'planlevel',
        why: 'a wrong plan level',
        basis: 'design',
      });
      return { findings, note: `answered ${probe.status}` };
    },
  },
  {
    name: 'errors.problem-details',
    title:
      'every refusal is application/problem+json with type, title, status, detail and code, echoing no credential',
    async run(ctx) {
      if (ctx.errorProbes.length === 0) {
        await ctx.metric(await variant(ctx, { period: '' }), { headers: {} });
      }
      const findings: Finding[] = [];
      for (const probe of ctx.errorProbes) {
        for (const finding of problemFindings(probe.status, probe.headers, probe.json ?? probe.text, {
          secrets: ctx.secrets,
          knownCodes: KNOWN_CODES,
        })) {
          if (findings.length < 8)
            findings.push({ ...finding, message: `${probe.status} answer: ${finding.message}` });
        }
      }
      return { findings, note: `${ctx.errorProbes.length} error answers are problem documents` };
    },
  },
];
