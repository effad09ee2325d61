// Checks of meaning that hold for any correct data, whatever it is: a filter selects a subset
// (the breakdown's own record), alternatives add up for additive metrics, a breakdown sums to the
// totals, a qoefilter keeps exactly the records meeting its condition.
import { serializeFilter } from '@playq/grammar';
import { breakdown, grid, requireRecords, totals } from './base-queries';
import { type CheckDefinition, close, envelopeOf, keyBy, num, type Row, sameValues } from './check-kit';
import type { Finding } from './types';

const NO_SUCH_VALUE = 'playq-contract-no-such-value';
const ADDITIVE = ['viewercount', 'errors'] as const;
const ALL_BREAKDOWN = ['viewercount', 'users', 'errors'] as const;

const fail = (message: string): Finding => ({ basis: 'spec', message });

/** The biggest countries first, so the filters select real data. */
function topRows(rows: readonly Row[], n: number): Row[] {
  return [...rows].sort((a, b) => num(b, 'viewercount') - num(a, 'viewercount')).slice(0, n);
}

export const SEMANTIC_CHECKS: readonly CheckDefinition[] = [
  {
    name: 'filter.single-value',
    title: '[country=X] answers exactly the breakdown record of X',
    async run(ctx) {
      const whole = envelopeOf((await breakdown(ctx)).probe);
      requireRecords(whole.response.length, 2, 'the country breakdown');
      const findings: Finding[] = [];
      const picks = topRows(whole.response, 2);
      for (const row of picks) {
        const country = String(row.country);
        const env = envelopeOf((await breakdown(ctx, { filter: `[country=${country}]` })).probe);
        if (env.response.length !== 1 || env.response[0]?.country !== country) {
          findings.push(
            fail(`[country=${country}] answered ${env.response.length} records, expected only ${country}'s`),
          );
          continue;
        }
        const diff = sameValues(env.response[0], row, ALL_BREAKDOWN);
        if (diff) findings.push(fail(`[country=${country}] differs from the breakdown's record: ${diff}`));
      }
      return { findings, note: `${picks.map((r) => String(r.country)).join(', ')} match the breakdown` };
    },
  },
  {
    name: 'filter.alternatives',
    title: '[country=X|Y] adds up X and Y for additive metrics, and users lie between max and sum',
    async run(ctx) {
      const whole = envelopeOf((await breakdown(ctx)).probe);
      requireRecords(whole.response.length, 2, 'the country breakdown');
      const [x, y] = topRows(whole.response, 2) as [Row, Row];
      const filter = `[country=${String(x.country)}|${String(y.country)}]`;
      const env = envelopeOf((await breakdown(ctx, { filter, aggby: '' })).probe);
      const findings: Finding[] = [];
      const record = env.response[0];
      if (env.response.length !== 1 || !record) {
        return {
          findings: [fail(`${filter} without aggby answered ${env.response.length} records, expected 1`)],
          note: '',
        };
      }
      for (const metric of ADDITIVE) {
        const want = num(x, metric) + num(y, metric);
        if (!close(num(record, metric), want)) {
          findings.push(
            fail(
              `${filter}: ${metric} is ${num(record, metric)}, the breakdown's two records add to ${want}`,
            ),
          );
        }
      }
      const users = num(record, 'users');
      const lo = Math.max(num(x, 'users'), num(y, 'users'));
      const hi = num(x, 'users') + num(y, 'users');
      if (!(users >= lo && users <= hi)) {
        findings.push(fail(`${filter}: users is ${users}, outside [${lo}, ${hi}] given by the breakdown`));
      }
      return { findings, note: `${filter}: viewercount and errors add up, users within bounds` };
    },
  },
  {
    name: 'filter.intersection',
    title: '[country=X][platform=P] answers exactly the (X, P) record of the country x platform breakdown',
    async run(ctx) {
      const whole = envelopeOf((await grid(ctx)).probe);
      requireRecords(whole.response.length, 2, 'the country x platform breakdown');
      const row = topRows(whole.response, 1)[0]!;
      const clause = (dimension: string, value: unknown) =>
        ({ type: 'clause', dimension, values: [String(value)] }) as const;
      const filter = serializeFilter({
        type: 'filter',
        clauses: [clause('country', row.country), clause('platform', row.platform)],
      });
      const env = envelopeOf((await grid(ctx, { filter })).probe);
      const findings: Finding[] = [];
      const key = keyBy(['country', 'platform']);
      if (env.response.length !== 1 || key(env.response[0]!) !== key(row)) {
        findings.push(fail(`${filter} answered ${env.response.length} records, expected only that pair's`));
      } else {
        const diff = sameValues(env.response[0]!, row, ['viewercount']);
        if (diff) findings.push(fail(`${filter} differs from the breakdown's record: ${diff}`));
      }
      return { findings, note: `${filter} matches the breakdown` };
    },
  },
  {
    name: 'filter.no-match',
    title: 'a filter value that matches nothing answers 200 with no records',
    async run(ctx) {
      // Without data an empty answer proves nothing: an ignored filter would look the same.
      requireRecords(envelopeOf((await breakdown(ctx)).probe).response.length, 1, 'the country breakdown');
      const { probe } = await breakdown(ctx, { filter: `[country=${NO_SUCH_VALUE}]` });
      const env = envelopeOf(probe);
      const findings: Finding[] = [];
      if (env.response.length !== 0 || env.totalrecords !== 0) {
        findings.push(
          fail(
            `[country=${NO_SUCH_VALUE}] answered ${env.response.length} records (totalrecords ${env.totalrecords})`,
          ),
        );
      }
      return { findings, note: 'no records, totalrecords 0' };
    },
  },
  {
    name: 'breakdown.sums',
    title: 'a country breakdown adds up to the totals for viewercount, errors and concurviewavg',
    async run(ctx) {
      const byCountry = envelopeOf((await breakdown(ctx)).probe);
      requireRecords(byCountry.response.length, 1, 'the country breakdown');
      const all = envelopeOf((await totals(ctx)).probe);
      const total = all.response[0];
      if (!total)
        return {
          findings: [fail('the totals query answered no record although the breakdown has some')],
          note: '',
        };
      if (byCountry.totalrecords > byCountry.response.length) {
        return { findings: [], note: 'the breakdown spans several pages; sums not compared' };
      }
      const findings: Finding[] = [];
      for (const metric of ADDITIVE) {
        const sum = byCountry.response.reduce((acc, r) => acc + num(r, metric), 0);
        if (!close(sum, num(total, metric))) {
          findings.push(fail(`${metric}: the countries add to ${sum}, the total is ${num(total, metric)}`));
        }
      }
      const concurrency = await breakdown(ctx, { metrics: 'concurviewavg' });
      const concEnv = envelopeOf(concurrency.probe);
      const concSum = concEnv.response.reduce((acc, r) => acc + num(r, 'concurviewavg'), 0);
      const concTotal = num(total, 'concurviewavg');
      if (Math.abs(concSum - concTotal) > 1e-6 * Math.max(1, concTotal) + 1e-9) {
        findings.push({
          basis: 'design',
          message: `concurviewavg: the countries add to ${concSum}, the total is ${concTotal} (playq's is additive)`,
        });
      }
      return { findings, note: `${byCountry.response.length} countries add up to the totals` };
    },
  },
  {
    name: 'qoefilter.threshold',
    title: 'qoefilter viewercount>T keeps exactly the breakdown records above T, unchanged',
    async run(ctx) {
      const whole = envelopeOf((await breakdown(ctx)).probe);
      requireRecords(whole.response.length, 2, 'the country breakdown');
      const values = whole.response.map((r) => num(r, 'viewercount')).sort((a, b) => a - b);
      const threshold = values[Math.floor(values.length / 2)]!;
      return compareQoe(
        whole.response,
        (await breakdown(ctx, { qoefilter: `viewercount>${threshold}` })).probe,
        (r) => num(r, 'viewercount') > threshold,
        `viewercount>${threshold}`,
      );
    },
  },
  {
    name: 'qoefilter.conjunction',
    title: 'qoefilter A AND B keeps exactly the records meeting both conditions',
    async run(ctx) {
      const whole = envelopeOf((await breakdown(ctx)).probe);
      requireRecords(whole.response.length, 2, 'the country breakdown');
      const views = whole.response.map((r) => num(r, 'viewercount')).sort((a, b) => a - b);
      // Both metrics are group-level (docs/catalogue.md): their conditions test records. (A
      // session-level one, such as errors, tests each session's own value instead.)
      const users = whole.response.map((r) => num(r, 'users')).sort((a, b) => a - b);
      const v = views[Math.floor(views.length / 4)]!;
      const u = users[Math.floor((users.length * 3) / 4)]!;
      const text = `viewercount>=${v} AND users<=${u}`;
      return compareQoe(
        whole.response,
        (await breakdown(ctx, { qoefilter: text })).probe,
        (r) => num(r, 'viewercount') >= v && num(r, 'users') <= u,
        text,
      );
    },
  },
];

function compareQoe(
  whole: readonly Row[],
  probe: Parameters<typeof envelopeOf>[0],
  keep: (row: Row) => boolean,
  text: string,
) {
  const env = envelopeOf(probe);
  const key = keyBy(['country']);
  const want = new Map(whole.filter(keep).map((r) => [key(r), r]));
  const got = new Map(env.response.map((r) => [key(r), r]));
  const findings: Finding[] = [];
  const extra = [...got.keys()].filter((k) => !want.has(k));
  const missing = [...want.keys()].filter((k) => !got.has(k));
  if (extra.length > 0)
    findings.push(fail(`${text}: ${extra.length} record(s) kept that do not meet it, e.g. ${extra[0]}`));
  if (missing.length > 0)
    findings.push(fail(`${text}: ${missing.length} record(s) meeting it are missing, e.g. ${missing[0]}`));
  for (const [k, row] of got) {
    const expected = want.get(k);
    const diff = expected && sameValues(row, expected, ALL_BREAKDOWN);
    if (diff) {
      findings.push(
        fail(`${text}: record ${k} changed under the qoefilter (${diff}); it applies to records, not rows`),
      );
      break;
    }
  }
  return { findings, note: `${text}: ${got.size} of ${whole.length} records, as expected` };
}
