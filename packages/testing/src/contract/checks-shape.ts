// Checks of form: does each endpoint answer a valid query with a well-formed envelope holding the
// records asked for (spec 2.1, 2.2), for both endpoints and both session usages.
import {
  breakdown,
  requireRecords,
  series,
  sessionUsage,
  totals,
  USAGE_ERROR_INSIGHTS,
  USAGE_TOTAL_ERRORS,
} from './base-queries';
import { type CheckDefinition, envelopeOf, label, redirectNote } from './check-kit';
import { readPlanLevel } from './context';
import { envelopeFindings } from './shape-rules';
import type { Finding } from './types';

export const SHAPE_CHECKS: readonly CheckDefinition[] = [
  {
    name: 'service.reachable',
    title: 'the metric endpoint answers a valid query with 200 and JSON',
    async run(ctx) {
      const { probe } = await breakdown(ctx);
      const findings: Finding[] = [];
      if (probe.status !== 200) {
        findings.push({
          basis: 'spec',
          message: `${label(probe)} answered ${probe.networkError ? `a network error (${probe.networkError})` : `${probe.status}${redirectNote(probe)}`}, expected 200`,
        });
      } else if (probe.json === undefined) {
        findings.push({
          basis: 'spec',
          message: `${label(probe)} answered 200 with a body that is not JSON`,
        });
      } else if (!(probe.headers['content-type'] ?? '').includes('json')) {
        findings.push({
          basis: 'design',
          message: `content-type is \`${probe.headers['content-type'] ?? ''}\`, not JSON`,
        });
      }
      return { findings, note: `${label(probe)} answered 200` };
    },
  },
  {
    name: 'envelope.metricquery.breakdown',
    title: 'a breakdown answers the envelope with one record per group holding the requested fields',
    async run(ctx) {
      const { probe, expected } = await breakdown(ctx);
      envelopeOf(probe);
      const findings = envelopeFindings(probe.json, expected);
      const env = envelopeOf(probe);
      requireRecords(env.response.length, 1, 'the country breakdown');
      const countries = env.response.map((r) => r.country);
      if (new Set(countries).size !== countries.length) {
        findings.push({ basis: 'spec', message: 'a country appears on two records of one breakdown' });
      }
      return {
        findings,
        note: `${env.totalrecords} countries, fields ${expected.metrics.join(', ')}, country`,
      };
    },
  },
  {
    name: 'envelope.metricquery.totals',
    title: 'a query without aggby answers one record holding exactly the requested metrics',
    async run(ctx) {
      const { probe, expected } = await totals(ctx);
      envelopeOf(probe);
      const findings = envelopeFindings(probe.json, expected);
      const env = envelopeOf(probe);
      requireRecords(env.response.length, 1, 'the totals query');
      if (env.response.length !== 1) {
        findings.push({
          basis: 'design',
          message: `a query without aggby answered ${env.response.length} records, not 1`,
        });
      }
      return { findings, note: `one record with ${expected.metrics.length} metrics` };
    },
  },
  {
    name: 'envelope.metricquery.timeseries',
    title: 'aggby=timestamp&granularity=hour answers aligned buckets within the period',
    async run(ctx) {
      const { probe, expected } = await series(ctx);
      envelopeOf(probe);
      const findings = envelopeFindings(probe.json, expected);
      const env = envelopeOf(probe);
      requireRecords(env.response.length, 1, 'the hourly series');
      const stamps = env.response.map((r) => r.timestamp);
      if (new Set(stamps).size !== stamps.length) {
        findings.push({ basis: 'spec', message: 'two records of the time series share a timestamp' });
      }
      return { findings, note: `${env.totalrecords} hourly buckets` };
    },
  },
  {
    name: 'plan.lookup',
    title: 'the plan host answers the customer plan level',
    async run(ctx) {
      if (ctx.options.planLevel && !ctx.planUrl) {
        return { findings: [], note: `plan level ${ctx.options.planLevel} given; no plan host to ask` };
      }
      const probe = await ctx.lookupPlanProbe(ctx.options.customerId);
      const findings: Finding[] = [];
      const level = readPlanLevel(probe.json ?? probe.text);
      if (probe.status !== 200 || level === undefined) {
        findings.push({
          basis: 'spec',
          message:
            `${label(probe)} answered ${probe.status} ${level === undefined ? 'without a readable plan level' : ''}`.trim(),
        });
      } else {
        const body = probe.json as Record<string, unknown> | undefined;
        if (typeof body !== 'object' || body === null || typeof body.planLevel !== 'string') {
          findings.push({
            basis: 'design',
            message: 'the plan host does not answer {"customerId", "planLevel": "<string>"}',
          });
        } else if (body.customerId !== ctx.options.customerId) {
          findings.push({ basis: 'design', message: 'the plan answer names another customerId' });
        }
        if (ctx.options.planLevel && level !== ctx.options.planLevel) {
          findings.push({
            basis: 'spec',
            message: `the plan host says plan ${level}, the given planLevel is ${ctx.options.planLevel}`,
          });
        }
      }
      return { findings, note: `plan level ${level}` };
    },
  },
  {
    name: 'envelope.session.total-errors',
    title: 'session usage "total errors for all users": errors, subscriberid and totalpages on every record',
    async run(ctx) {
      const { probe, expected } = await sessionUsage(ctx, USAGE_TOTAL_ERRORS);
      envelopeOf(probe);
      const findings = envelopeFindings(probe.json, expected);
      const env = envelopeOf(probe);
      requireRecords(env.response.length, 1, 'the errors-per-subscriber query');
      return { findings, note: `${env.totalrecords} subscribers with errors, ${env.pagecount} pages` };
    },
  },
  {
    name: 'envelope.session.error-insights',
    title: 'session usage "error insights": category, key, errors, player and totalpages on every record',
    async run(ctx) {
      const { probe, expected } = await sessionUsage(ctx, USAGE_ERROR_INSIGHTS);
      envelopeOf(probe);
      const findings = envelopeFindings(probe.json, expected);
      const env = envelopeOf(probe);
      requireRecords(env.response.length, 1, 'the error-insights query');
      return { findings, note: `${env.totalrecords} classifications, ${env.pagecount} pages` };
    },
  },
];
