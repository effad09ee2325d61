// Checks of paging and order: a result read in pages must agree with the same result read at
// once — same totals, no record twice, none missing — and `orderby`/`order` must hold on the wire.
import { pageCount } from '@playq/query';
import {
  GRID_DIMENSIONS,
  grid,
  requireRecords,
  SESSION_PAGE,
  series,
  sessionUsage,
  USAGE_ERROR_INSIGHTS,
  USAGE_TOTAL_ERRORS,
} from './base-queries';
import { type CheckDefinition, type Envelope, envelopeOf, keyBy, label, type Row } from './check-kit';
import { type ContractContext, SkipCheck } from './context';
import { compareCodePoints, orderFindings } from './ordering-rules';
import { type FetchedPage, pageTotalsFindings, tilingFindings } from './paging-rules';
import { envelopeFindings, pageCountFindings, pageSizeFindings } from './shape-rules';
import type { Finding } from './types';

const PAGES = 4;

interface Paged {
  readonly whole: Envelope;
  readonly pages: FetchedPage[];
  readonly limit: number;
}

/** The grid read at once and in four pages; shared by the paging checks. */
const pagedGrid = new WeakMap<ContractContext, Promise<Paged>>();

function readGridInPages(ctx: ContractContext): Promise<Paged> {
  let pending = pagedGrid.get(ctx);
  if (!pending) {
    pending = (async () => {
      const whole = envelopeOf((await grid(ctx)).probe);
      requireRecords(whole.response.length, 2, 'the country x platform breakdown');
      const limit = Math.max(1, Math.ceil(whole.response.length / PAGES));
      const pages: FetchedPage[] = [];
      for (let offset = 0; offset < whole.response.length; offset += limit) {
        pages.push({ offset, limit, body: envelopeOf((await grid(ctx, { limit, offset })).probe) });
      }
      return { whole, pages, limit };
    })();
    pagedGrid.set(ctx, pending);
  }
  return pending;
}

async function sessionPaging(ctx: ContractContext): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const usage of [USAGE_TOTAL_ERRORS, USAGE_ERROR_INSIGHTS]) {
    const first = await sessionUsage(ctx, usage);
    const firstEnv = envelopeOf(first.probe);
    if (firstEnv.totalrecords <= SESSION_PAGE) continue;
    const second = await sessionUsage(ctx, usage, { limit: SESSION_PAGE, offset: SESSION_PAGE });
    const secondEnv = envelopeOf(second.probe);
    const prefix = await sessionUsage(ctx, usage, { limit: 2 * SESSION_PAGE, offset: 0 });
    const prefixEnv = envelopeOf(prefix.probe);
    for (const q of [second, prefix]) findings.push(...envelopeFindings(q.probe.json, q.expected));
    const pages: FetchedPage[] = [
      { offset: 0, limit: SESSION_PAGE, body: firstEnv },
      { offset: SESSION_PAGE, limit: SESSION_PAGE, body: secondEnv },
    ];
    findings.push(
      ...pageTotalsFindings(pages),
      ...tilingFindings(pages, prefixEnv.response, keyBy(usage.aggby), { complete: false }),
    );
    for (const [env, limit] of [
      [firstEnv, SESSION_PAGE],
      [prefixEnv, 2 * SESSION_PAGE],
    ] as const) {
      const want = pageCount(env.totalrecords, limit);
      const bad = env.response.find((r) => r.totalpages !== want);
      if (bad) {
        findings.push({
          basis: 'design',
          message: `session records carry totalpages=${String(bad.totalpages)} at limit=${limit}; ${env.totalrecords} records make ${want} pages`,
        });
      }
    }
    return findings;
  }
  throw new SkipCheck(
    `neither session usage has more than ${SESSION_PAGE} records in the period; nothing to page`,
  );
}

export const PAGING_CHECKS: readonly CheckDefinition[] = [
  {
    name: 'paging.pagecount',
    title: 'pagecount is ceil(totalrecords / limit) and totalrecords is the same on every page',
    async run(ctx) {
      const { pages, whole, limit } = await readGridInPages(ctx);
      const one = envelopeOf((await grid(ctx, { limit: 1 })).probe);
      const findings: Finding[] = [
        ...pageCountFindings(whole, { limit: 1000 }),
        ...pageCountFindings(one, { limit: 1 }),
        ...pages.flatMap((page) => pageCountFindings(page.body, page)),
        ...pageTotalsFindings(pages),
      ];
      if (whole.totalrecords <= 1000 && whole.response.length !== whole.totalrecords) {
        findings.push({
          basis: 'spec',
          message: `totalrecords is ${whole.totalrecords} but the single request holds ${whole.response.length} records`,
        });
      }
      return {
        findings,
        note: `${whole.totalrecords} records: ${pages.length} pages at limit=${limit}, ${one.pagecount} at limit=1`,
      };
    },
  },
  {
    name: 'paging.page-sizes',
    title: 'each page holds min(limit, remaining) records and an offset past the end answers an empty page',
    async run(ctx) {
      const { pages, whole, limit } = await readGridInPages(ctx);
      const findings = pages.flatMap((page) => pageSizeFindings(page.body, page));
      const past = await grid(ctx, { offset: whole.totalrecords + 5 });
      if (past.probe.status !== 200) {
        findings.push({
          basis: 'design',
          message: `${label(past.probe)} (offset past the end) answered ${past.probe.status}; playq answers 200 with no records`,
        });
      } else {
        const env = envelopeOf(past.probe);
        if (env.response.length !== 0) {
          findings.push({
            basis: 'spec',
            message: `offset=${whole.totalrecords + 5} is past the ${whole.totalrecords} records but answered ${env.response.length}`,
          });
        }
      }
      return {
        findings,
        note: `${pages.map((p) => p.body.response.length).join('+')} records at limit=${limit}; past the end: empty`,
      };
    },
  },
  {
    name: 'paging.no-overlap-or-gap',
    title: 'pages laid end to end hold every record of the single-request result exactly once',
    async run(ctx) {
      const { pages, whole } = await readGridInPages(ctx);
      const findings = tilingFindings(pages, whole.response, keyBy(GRID_DIMENSIONS));
      return { findings, note: `${pages.length} pages tile ${whole.response.length} records` };
    },
  },
  {
    name: 'paging.session',
    title: 'session pages do not overlap and every record carries totalpages = pagecount',
    async run(ctx) {
      const findings = await sessionPaging(ctx);
      return { findings, note: `two pages of ${SESSION_PAGE} against one of ${2 * SESSION_PAGE}` };
    },
  },
  {
    name: 'ordering.explicit',
    title: 'orderby a metric or a dimension with order=asc|desc sorts the records accordingly',
    async run(ctx) {
      const findings: Finding[] = [];
      let count = 0;
      for (const [field, order] of [
        ['viewercount', 'desc'],
        ['viewercount', 'asc'],
        ['country', 'asc'],
        ['country', 'desc'],
      ] as const) {
        const env = envelopeOf((await grid(ctx, { orderby: field, order })).probe);
        count = env.response.length;
        requireRecords(count, 2, 'the country x platform breakdown');
        findings.push(...orderFindings(env.response, field, order));
      }
      return { findings, note: `${count} records sorted by viewercount and by country, both ways` };
    },
  },
  {
    name: 'ordering.default',
    title:
      'without orderby a breakdown sorts by its first metric descending (ties by dimensions) and a series by time',
    async run(ctx) {
      const env = envelopeOf((await grid(ctx)).probe);
      requireRecords(env.response.length, 2, 'the country x platform breakdown');
      const findings: Finding[] = orderFindings(env.response, 'viewercount', 'desc').map((f) => ({
        basis: 'design' as const,
        message: `default order: ${f.message}`,
      }));
      const tie = findTieBreakViolation(env.response);
      if (tie) findings.push({ basis: 'design', message: tie });
      const ts = envelopeOf((await series(ctx)).probe);
      findings.push(
        ...orderFindings(ts.response, 'timestamp', 'asc').map((f) => ({
          basis: 'design' as const,
          message: `time series: ${f.message}`,
        })),
      );
      return { findings, note: 'viewercount desc, ties by country, platform; buckets ascending' };
    },
  },
];

function findTieBreakViolation(rows: readonly Row[]): string | undefined {
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    if (a.viewercount !== b.viewercount) continue;
    for (const dim of GRID_DIMENSIONS) {
      const d = compareCodePoints(String(a[dim]), String(b[dim]));
      if (d < 0) break;
      if (d > 0)
        return `records ${i - 1} and ${i} tie on viewercount but are not ordered by ${dim} ascending`;
    }
  }
  return undefined;
}
