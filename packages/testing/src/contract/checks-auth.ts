// Checks of authentication: missing, wrong and cross-customer credentials are refused on both
// endpoints. Refusing is the specification's floor (and plain safety for cross-customer reads);
// the exact statuses and codes are playq's design.
import { breakdown, sessionUsage, USAGE_TOTAL_ERRORS } from './base-queries';
import { type CheckDefinition, label, refusalFindings } from './check-kit';
import type { ContractContext } from './context';
import type { Probe } from './gentle-fetch';
import type { Finding } from './types';

const INVALID_KEY = 'playq-contract-invalid-key';
const INVALID_TOKEN = 'playq.contract.invalid-token';
const PROBE_CUSTOMER = 'playq-contract-probe';

async function metricParams(ctx: ContractContext) {
  return (await breakdown(ctx)).params;
}

async function sessionParams(ctx: ContractContext) {
  return (await sessionUsage(ctx, USAGE_TOTAL_ERRORS)).params;
}

function bearerChallenge(probe: Probe): Finding[] {
  if (probe.status !== 401) return [];
  const challenge = probe.headers['www-authenticate'] ?? '';
  return /^bearer\b/i.test(challenge)
    ? []
    : [
        {
          basis: 'design',
          message: `401 on the session endpoint without a \`WWW-Authenticate: Bearer\` challenge`,
        },
      ];
}

export const AUTH_CHECKS: readonly CheckDefinition[] = [
  {
    name: 'auth.metricquery.missing-key',
    title: 'the metric endpoint refuses a request without X-API-Key (401)',
    async run(ctx) {
      const probe = await ctx.metric(await metricParams(ctx), { apiKey: null });
      const findings = refusalFindings(probe, { status: 401, code: 'unauthenticated', why: 'no X-API-Key' });
      return { findings, note: `answered ${probe.status}` };
    },
  },
  {
    name: 'auth.metricquery.invalid-key',
    title: 'the metric endpoint refuses an unknown API key (401)',
    async run(ctx) {
      const probe = await ctx.metric(await metricParams(ctx), { apiKey: INVALID_KEY });
      const findings = refusalFindings(probe, {
        status: 401,
        code: 'unauthenticated',
        why: 'an unknown API key',
      });
      return { findings, note: `answered ${probe.status}` };
    },
  },
  {
    name: 'auth.metricquery.cross-customer',
    title: "one customer's API key cannot read another customer's metrics (403)",
    async run(ctx) {
      const params = await metricParams(ctx);
      const other = ctx.options.otherCustomer;
      if (!other) {
        const probe = await ctx.metric(params, { customerId: PROBE_CUSTOMER });
        const findings = refusalFindings(probe, {
          status: [403, 404],
          why: `the key used on an unknown customer id (pass \`otherCustomer\` for a real cross-customer probe)`,
          basis: 'design',
        });
        return { findings, note: `an unknown customer id answered ${probe.status}` };
      }
      const mine = await ctx.metric(params, { customerId: other.customerId });
      const theirs = await ctx.metric(params, { apiKey: other.apiKey });
      const findings = [
        ...refusalFindings(mine, {
          status: 403,
          code: 'forbidden',
          why: "our key on the other customer's id",
        }),
        ...refusalFindings(theirs, {
          status: 403,
          code: 'forbidden',
          why: "the other customer's key on our id",
        }),
      ];
      return { findings, note: `answered ${mine.status} and ${theirs.status}` };
    },
  },
  {
    name: 'auth.session.missing-token',
    title: 'the session endpoint refuses a request without a bearer token (401 with a Bearer challenge)',
    async run(ctx) {
      const probe = await ctx.session(await sessionParams(ctx), { token: null });
      const findings = [
        ...refusalFindings(probe, { status: 401, code: 'unauthenticated', why: 'no Authorization header' }),
        ...bearerChallenge(probe),
      ];
      return { findings, note: `answered ${probe.status}` };
    },
  },
  {
    name: 'auth.session.invalid-token',
    title: 'the session endpoint refuses a malformed or unknown bearer token (401)',
    async run(ctx) {
      const probe = await ctx.session(await sessionParams(ctx), { token: INVALID_TOKEN });
      const findings = [
        ...refusalFindings(probe, { status: 401, code: 'unauthenticated', why: 'an invalid bearer token' }),
        ...bearerChallenge(probe),
      ];
      return { findings, note: `answered ${probe.status}` };
    },
  },
  {
    name: 'auth.session.cross-customer',
    title: "one customer's token cannot read another customer's sessions (403)",
    async run(ctx) {
      const params = await sessionParams(ctx);
      const other = ctx.options.otherCustomer;
      const customerId = other?.customerId ?? PROBE_CUSTOMER;
      let planlevel = params.planlevel;
      if (other) planlevel = await ctx.planLevel(other.customerId).catch(() => params.planlevel);
      const probe = await ctx.session({ ...params, planlevel: String(planlevel) }, { customerId });
      const findings = refusalFindings(
        probe,
        other
          ? { status: 403, code: 'forbidden', why: "our token on the other customer's id" }
          : { status: [403, 404], why: 'our token on an unknown customer id', basis: 'design' },
      );
      return { findings, note: `answered ${probe.status}` };
    },
  },
  {
    name: 'auth.credential-swap',
    title: "neither endpoint accepts the other's credential (the specification leaves this open)",
    async run(ctx) {
      const token = await ctx.token();
      const keyOnSession = await ctx.session(await sessionParams(ctx), {
        token: null,
        headers: { 'x-api-key': ctx.options.apiKey },
      });
      const tokenOnMetric = await ctx.metric(await metricParams(ctx), {
        apiKey: null,
        headers: { authorization: `Bearer ${token}` },
      });
      const findings = [
        ...refusalFindings(keyOnSession, {
          status: 401,
          why: 'the API key on the session endpoint',
          basis: 'design',
        }),
        ...refusalFindings(tokenOnMetric, {
          status: 401,
          why: 'the bearer token on the metric endpoint',
          basis: 'design',
        }),
      ];
      return {
        findings,
        note: `${label(keyOnSession)} → ${keyOnSession.status}; metric with a token → ${tokenOnMetric.status}`,
      };
    },
  },
];
