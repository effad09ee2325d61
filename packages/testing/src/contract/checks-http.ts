// Checks of HTTP behaviour around the one GET the specification defines: HEAD, other methods, CORS
// preflights and the shape of rate-limit answers. The specification is silent on all of them;
// docs/decisions.md fixes them, so every finding here is design-level (information unless strict).
import { CREDENTIAL_HEADER } from '@playq/query';
import { breakdown } from './base-queries';
import { type CheckDefinition, label, refusalFindings } from './check-kit';
import { type ContractContext, SkipCheck } from './context';
import type { Probe } from './gentle-fetch';
import { problemFindings } from './shape-rules';
import type { Finding } from './types';

/** A made-up browser origin: nothing is sent from it, it only asks the service what it would allow. */
const PROBE_ORIGIN = 'https://contract-check.playq.invalid';
const AUTH_HEADERS = Object.values(CREDENTIAL_HEADER).map((h) => h.toLowerCase());
const REFUSED_METHODS = ['POST', 'DELETE'] as const;

const design = (message: string): Finding => ({ basis: 'design', message });

async function metricUrl(ctx: ContractContext): Promise<string> {
  return ctx.url('metricquery', ctx.options.customerId, (await breakdown(ctx)).params);
}

const listed = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item.length > 0);

function allowHeaderFindings(probe: Probe, method: string): Finding[] {
  if (probe.status !== 405) return [];
  const allow = probe.headers.allow;
  if (allow === undefined) return [design(`405 to ${method} without an \`Allow\` header`)];
  const methods = listed(allow).map((m) => m.toUpperCase());
  const findings: Finding[] = [];
  if (!methods.includes('GET')) findings.push(design(`405 to ${method}: \`Allow: ${allow}\` omits GET`));
  if (methods.includes(method))
    findings.push(design(`405 to ${method}: \`Allow: ${allow}\` lists ${method}`));
  return findings;
}

export const HTTP_CHECKS: readonly CheckDefinition[] = [
  {
    name: 'http.head',
    title: 'HEAD on a query URL answers like GET (status and content type) without a body',
    async run(ctx) {
      const get = (await breakdown(ctx)).probe;
      const head = await ctx.raw(await metricUrl(ctx), { 'x-api-key': ctx.options.apiKey }, 'HEAD');
      const findings: Finding[] = [];
      if (head.networkError) {
        findings.push({ basis: 'spec', message: `${label(head)} failed with a network error` });
      } else {
        if (head.status !== get.status) {
          findings.push(design(`${label(head)} answered ${head.status}; GET answered ${get.status}`));
        }
        const [headType, getType] = [head.headers['content-type'] ?? '', get.headers['content-type'] ?? ''];
        if (head.status === get.status && headType !== getType) {
          findings.push(
            design(`HEAD's content-type is \`${headType || '(none)'}\`; GET's is \`${getType}\``),
          );
        }
        if (head.text.length > 0)
          findings.push(design(`HEAD answered a body of ${head.text.length} characters`));
      }
      return { findings, note: `HEAD answered ${head.status} without a body, like GET` };
    },
  },
  {
    name: 'http.method-not-allowed',
    title: 'POST and DELETE on the metric URL answer 405 method_not_allowed with an Allow header',
    async run(ctx) {
      const url = await metricUrl(ctx);
      const findings: Finding[] = [];
      const statuses: string[] = [];
      for (const method of REFUSED_METHODS) {
        const probe = await ctx.raw(
          url,
          { 'x-api-key': ctx.options.apiKey, accept: 'application/json' },
          method,
        );
        statuses.push(`${method} → ${probe.status}`);
        findings.push(
          ...refusalFindings(probe, {
            status: 405,
            code: 'method_not_allowed',
            why: `${method} on a read-only query URL`,
            basis: 'design',
          }),
          ...allowHeaderFindings(probe, method),
        );
        if (probe.status === 405) {
          findings.push(
            ...problemFindings(probe.status, probe.headers, probe.json ?? probe.text, {
              secrets: ctx.secrets,
            }),
          );
        }
      }
      return { findings, note: statuses.join(', ') };
    },
  },
  {
    name: 'http.cors-preflight',
    title:
      'a CORS preflight for GET with X-API-Key and Authorization is allowed, and GET answers carry Access-Control-Allow-Origin',
    async run(ctx) {
      const url = await metricUrl(ctx);
      const preflight = await ctx.raw(
        url,
        {
          origin: PROBE_ORIGIN,
          'access-control-request-method': 'GET',
          'access-control-request-headers': AUTH_HEADERS.join(', '),
        },
        'OPTIONS',
      );
      const findings: Finding[] = [];
      if (preflight.networkError) {
        findings.push({ basis: 'spec', message: `${label(preflight)} failed with a network error` });
        return { findings, note: '' };
      }
      const allowOrigin = preflight.headers['access-control-allow-origin'];
      if (preflight.status < 200 || preflight.status >= 300) {
        findings.push(design(`the preflight answered ${preflight.status}, expected 2xx`));
      }
      if (allowOrigin !== '*' && allowOrigin !== PROBE_ORIGIN) {
        findings.push(
          design(
            `the preflight's Access-Control-Allow-Origin is ${allowOrigin === undefined ? 'missing' : `\`${allowOrigin}\``}`,
          ),
        );
      }
      const methods = listed(preflight.headers['access-control-allow-methods']);
      if (!methods.includes('get') && !methods.includes('*')) {
        findings.push(design('the preflight does not allow GET (Access-Control-Allow-Methods)'));
      }
      // `*` in Access-Control-Allow-Headers never covers Authorization (Fetch standard), so both are named.
      const headers = listed(preflight.headers['access-control-allow-headers']);
      for (const header of AUTH_HEADERS) {
        const covered = headers.includes(header) || (header !== 'authorization' && headers.includes('*'));
        if (!covered) findings.push(design(`the preflight does not allow the \`${header}\` header`));
      }
      const get = await ctx.raw(url, {
        'x-api-key': ctx.options.apiKey,
        accept: 'application/json',
        origin: PROBE_ORIGIN,
      });
      const getOrigin = get.headers['access-control-allow-origin'];
      if (getOrigin !== '*' && getOrigin !== PROBE_ORIGIN) {
        findings.push(
          design(`a GET from an Origin answered ${get.status} without Access-Control-Allow-Origin`),
        );
      }
      return { findings, note: `preflight answered ${preflight.status}, allowing ${headers.join(', ')}` };
    },
  },
  {
    name: 'http.rate-limit-retry-after',
    title: 'every 429 seen during the run carries Retry-After (the suite never provokes one)',
    async run(ctx) {
      // Asking for the shared breakdown costs nothing after the other checks and gives a run of this
      // check alone one ordinary request during which a 429 could arrive.
      await breakdown(ctx).catch(() => undefined);
      const seen = ctx.http.rateLimited;
      if (seen.length === 0) {
        throw new SkipCheck('no 429 arrived during the run; the suite does not provoke rate limiting');
      }
      const findings: Finding[] = [];
      for (const probe of seen) {
        const value = (probe.headers['retry-after'] ?? '').trim();
        const valid = /^\d+$/.test(value) || (value.length > 0 && !Number.isNaN(Date.parse(value)));
        if (!valid) {
          findings.push(
            design(
              `${label(probe)} answered 429 with ${value ? `an invalid Retry-After \`${value}\`` : 'no Retry-After'}`,
            ),
          );
        }
      }
      return { findings, note: `${seen.length} 429 answer(s), each with Retry-After` };
    },
  },
];
