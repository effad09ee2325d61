// Checks of the session list (`listsessions`, docs/decisions.md): the envelope with one key per
// requested field in order, the order by the first field or `orderby` (ties by `sessionid`),
// paging that visits each record once, the count of the metric endpoint's `attempts`, its
// refusals and its credential.
import { breakdown, HOUR, LIST_FIELDS, listBase, metricBase, requireRecords } from './base-queries';
import {
  type CheckDefinition,
  envelopeOf,
  label,
  num,
  type Row,
  refusalFindings,
  sameValues,
} from './check-kit';
import type { ContractContext } from './context';
import { envelopeFindings } from './shape-rules';
import type { Finding } from './types';

const spec = (message: string): Finding => ({ basis: 'spec', message });
const design = (message: string): Finding => ({ basis: 'design', message });

/** A field with many ties (most sessions never rebuffer), so the tie-break shows. */
const TIED = 'buffcount';
/** The fields a paging walk compares. */
const PAGED = ['latency', 'bufferingratio', 'playdur', 'buffcount'];
/** Pages a paging walk fetches at most. */
const WALK_PAGES = 4;
/** The largest page a paging walk asks for. */
const MAX_LIMIT = 10_000;

/** Findings for records not in `field` order (`desc` or `asc`). */
function orderFindings(rows: readonly Row[], field: string, order: 'asc' | 'desc'): Finding[] {
  for (let i = 1; i < rows.length; i++) {
    const a = num(rows[i - 1], field);
    const b = num(rows[i], field);
    if (order === 'desc' ? a < b : a > b) {
      return [design(`records ${i - 1} and ${i} are not ordered by ${field} ${order} (${a}, then ${b})`)];
    }
  }
  return [];
}

/** Findings for records equal in `field` whose `sessionid`s are not ascending. */
function tieFindings(rows: readonly Row[], field: string): Finding[] {
  for (let i = 1; i < rows.length; i++) {
    const [x, y] = [String(rows[i - 1]!.sessionid), String(rows[i]!.sessionid)];
    if (num(rows[i - 1], field) === num(rows[i], field) && x >= y) {
      return [design(`records ${i - 1} and ${i} tie on ${field} but sessionid ${x} comes before ${y}`)];
    }
  }
  return [];
}

/**
 * Pages of a quarter of the list (at most `WALK_PAGES`) against the same records fetched in one
 * page: with ties broken by `sessionid` the order is total, so the pages must add up to it exactly.
 */
async function walk(ctx: ContractContext, total: number): Promise<{ findings: Finding[]; seen: number }> {
  const limit = Math.max(1, Math.ceil(Math.min(total, MAX_LIMIT) / WALK_PAGES));
  const whole = envelopeOf((await listBase(ctx, PAGED, { limit: limit * WALK_PAGES })).probe).response;
  const findings: Finding[] = [];
  let seen = 0;
  for (let offset = 0; offset < whole.length; offset += limit) {
    const { probe, expected } = await listBase(ctx, PAGED, { limit, offset });
    const env = envelopeOf(probe, expected);
    if (env.totalrecords !== total) {
      findings.push(spec(`the page at offset ${offset} says totalrecords=${env.totalrecords}, not ${total}`));
    }
    env.response.forEach((row, i) => {
      const other = sameValues(row, whole[offset + i] ?? {}, PAGED);
      if (other !== undefined && findings.length < 5) {
        findings.push(spec(`record ${offset + i} differs between pages of ${limit} and one page (${other})`));
      }
    });
    seen += env.response.length;
  }
  if (seen !== whole.length) findings.push(spec(`the pages held ${seen} records, one page ${whole.length}`));
  return { findings, seen };
}

const SHAPE: CheckDefinition = {
  name: 'envelope.listsessions',
  title: 'a session list answers the envelope with one record per session holding the fields in order',
  async run(ctx) {
    const { probe, expected } = await listBase(ctx, LIST_FIELDS, { limit: 100 });
    envelopeOf(probe);
    const findings = envelopeFindings(probe.json, expected);
    const env = envelopeOf(probe);
    requireRecords(env.response.length, 1, 'the session list');
    return { findings, note: `${env.totalrecords} sessions, fields ${LIST_FIELDS.join(', ')}` };
  },
};

const ORDER: CheckDefinition = {
  name: 'ordering.listsessions',
  title:
    'a session list is sorted by its first field descending, by `orderby` in `order` when given, ties by sessionid',
  async run(ctx) {
    const fields = ['latency', TIED];
    const byDefault = envelopeOf((await listBase(ctx, fields)).probe);
    requireRecords(byDefault.response.length, 2, 'the session list');
    const asc = envelopeOf((await listBase(ctx, fields, { orderby: TIED, order: 'asc' })).probe);
    const tied = envelopeOf((await listBase(ctx, [TIED, 'sessionid'])).probe);
    const findings = [
      ...orderFindings(byDefault.response, 'latency', 'desc'),
      ...orderFindings(asc.response, TIED, 'asc'),
      ...tieFindings(tied.response, TIED),
    ];
    return {
      findings,
      note: `${byDefault.response.length} sessions by latency, then by ${TIED} ascending, ties by sessionid`,
    };
  },
};

const PAGING: CheckDefinition = {
  name: 'paging.listsessions',
  title: 'paging a session list visits each record once, in order, every page with the same totalrecords',
  async run(ctx) {
    const first = envelopeOf((await listBase(ctx, PAGED, { limit: 1 })).probe);
    requireRecords(first.totalrecords, 2, 'the session list');
    const { findings, seen } = await walk(ctx, first.totalrecords);
    return { findings, note: `${seen} of ${first.totalrecords} sessions in pages of a quarter` };
  },
};

/** The populations a count is compared under: all, the top country, and a window's edges. */
async function populations(ctx: ContractContext): Promise<Record<string, string>[]> {
  const top = envelopeOf((await breakdown(ctx)).probe).response[0]?.country;
  const { start, end } = await ctx.dataPeriod();
  // A few hours in the middle: sessions crossing its edges tell the sessiontypes and concurrency apart.
  const middle = start + Math.floor((end - start) / 2 / HOUR) * HOUR;
  const period = `start=${middle},end=${middle + 3 * HOUR}`;
  return [
    {},
    ...(typeof top === 'string' && top !== '' ? [{ filter: `[country=${top}]` }] : []),
    { period },
    { period, sessiontype: 'started' },
    { period, concurrency: '1' },
  ];
}

const COUNT: CheckDefinition = {
  name: 'population.listsessions',
  title: "a session list's totalrecords is the metric endpoint's attempts under the same population",
  async run(ctx) {
    const findings: Finding[] = [];
    const all = await populations(ctx);
    for (const extra of all) {
      const totals = envelopeOf((await metricBase(ctx, ['attempts'], [], extra)).probe).response[0];
      // An empty population answers no record at all: no attempts.
      const attempts = totals === undefined ? 0 : num(totals, 'attempts');
      const list = envelopeOf((await listBase(ctx, ['latency'], { limit: 1, ...extra })).probe);
      if (list.totalrecords !== attempts) {
        const what = new URLSearchParams(extra).toString() || 'the data period';
        findings.push(
          spec(`${what}: the list counts ${list.totalrecords} sessions, attempts is ${attempts}`),
        );
      }
    }
    return { findings, note: `${all.length} populations compared` };
  },
};

/** Requests a session list refuses, each with the problem playq answers. */
const REFUSALS: readonly {
  readonly change: Readonly<Record<string, string>>;
  readonly code: string;
  readonly param: string;
  readonly why: string;
}[] = [
  { change: { aggby: 'country' }, code: 'invalid_aggby', param: 'aggby', why: 'aggby=country' },
  {
    change: { granularity: 'hour' },
    code: 'unsupported_parameter',
    param: 'granularity',
    why: 'a granularity',
  },
  {
    change: { metrics: 'attempts' },
    code: 'unsupported_on_endpoint',
    param: 'metrics',
    why: 'a group-level metric',
  },
  {
    change: { qoefilter: 'attempts>1' },
    code: 'unsupported_on_endpoint',
    param: 'qoefilter',
    why: 'a group-level qoefilter condition',
  },
  {
    change: { filter: '[category=network]' },
    code: 'incompatible_dimension',
    param: 'filter',
    why: 'a filter on an error-only dimension',
  },
];

const ERRORS: CheckDefinition = {
  name: 'errors.listsessions',
  title:
    'a session list refuses a breakdown, a granularity, group-level names and error-only filters (400), and takes aggby=sessionid',
  async run(ctx) {
    const findings: Finding[] = [];
    for (const { change, code, param, why } of REFUSALS) {
      const { probe } = await listBase(ctx, ['latency'], change);
      findings.push(
        ...refusalFindings(probe, { status: 400, code, param, why: `a session list with ${why}` }),
      );
    }
    const { probe } = await listBase(ctx, ['latency'], { aggby: 'sessionid', limit: 1 });
    if (probe.status !== 200) {
      findings.push(
        design(`${label(probe)} answered ${probe.status} to aggby=sessionid (the list's own), expected 200`),
      );
    }
    return { findings, note: `${REFUSALS.length} refusals, aggby=sessionid taken` };
  },
};

const AUTH: CheckDefinition = {
  name: 'auth.listsessions',
  title:
    "a session list takes the metric endpoint's X-API-Key: none (401), a bearer token alone (401), another customer's id (403)",
  async run(ctx) {
    const { params } = await listBase(ctx, ['latency'], { limit: 1 });
    const none = await ctx.list(params, { apiKey: null });
    const bearer = await ctx.list(params, {
      apiKey: null,
      headers: { authorization: `Bearer ${await ctx.token()}` },
    });
    const findings = [
      ...refusalFindings(none, { status: 401, code: 'unauthenticated', why: 'no X-API-Key' }),
      ...refusalFindings(bearer, {
        status: 401,
        code: 'unauthenticated',
        why: 'a bearer token instead of X-API-Key',
      }),
    ];
    const other = ctx.options.otherCustomer;
    if (other) {
      const mine = await ctx.list(params, { customerId: other.customerId });
      findings.push(
        ...refusalFindings(mine, {
          status: 403,
          code: 'forbidden',
          why: "our key on the other customer's id",
        }),
      );
    }
    return {
      findings,
      note: `answered ${none.status}, ${bearer.status}${other ? ' and a cross-customer probe' : ''}`,
    };
  },
};

export const LIST_CHECKS: readonly CheckDefinition[] = [SHAPE, ORDER, PAGING, COUNT, ERRORS, AUTH];
