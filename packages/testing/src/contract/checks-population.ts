// Checks of the population switches and time buckets of docs/server.md#query-semantics (the vendor's
// `sessiontype`, `allstatus`, `concurrency`, `businesserror`, `granularity` incl. `auto`) and of
// the new metrics' units, as relations that hold for any data: defaults equal their explicit
// values, a wider population never counts less, active sessions are what concurviewavg counts.
import { requireRecords } from './base-queries';
import { type CheckDefinition, close, envelopeOf, keyBy, num, type Row, refusalFindings } from './check-kit';
import type { ContractContext } from './context';
import type { Finding } from './types';

const design = (message: string): Finding => ({ basis: 'design', message });
const COUNTS = ['attempts', 'viewercount', 'users', 'unique_devices'] as const;

/** A country breakdown of the data period with these parameters (an empty string removes one). */
async function byCountry(
  ctx: ContractContext,
  metrics: readonly string[],
  extra: Record<string, string> = {},
) {
  const params: Record<string, string> = {
    period: await ctx.periodText(),
    metrics: metrics.join(','),
    aggby: 'country',
  };
  for (const [k, v] of Object.entries(extra)) {
    if (v === '') delete params[k];
    else params[k] = v;
  }
  return { params, probe: await ctx.metric(params) };
}

/** Per country, the metrics where `a` and `b` differ, as findings (at most three). */
function differences(
  a: readonly Row[],
  b: readonly Row[],
  metrics: readonly string[],
  what: string,
): Finding[] {
  const key = keyBy(['country']);
  const other = new Map(b.map((r) => [key(r), r]));
  const out: Finding[] = [];
  if (a.length !== b.length) out.push(design(`${what}: ${a.length} records against ${b.length}`));
  for (const row of a) {
    const twin = other.get(key(row));
    const diff = metrics.filter((m) => !twin || !close(num(row, m), num(twin, m)));
    if (diff.length > 0)
      out.push(design(`${what}: country ${String(row.country)} differs in ${diff.join(', ')}`));
  }
  return out.slice(0, 3);
}

/** Per country, `wide` must count at least what `narrow` counts and have every group of it. */
function atLeast(
  wide: readonly Row[],
  narrow: readonly Row[],
  metrics: readonly string[],
  what: string,
): Finding[] {
  const key = keyBy(['country']);
  const byKey = new Map(wide.map((r) => [key(r), r]));
  const out: Finding[] = [];
  for (const row of narrow) {
    const w = byKey.get(key(row));
    if (!w) {
      out.push(design(`${what}: country ${String(row.country)} is missing from the wider population`));
      continue;
    }
    for (const m of metrics) {
      if (num(w, m) < num(row, m) - 1e-9)
        out.push(design(`${what}: country ${String(row.country)} has ${m} ${num(w, m)} < ${num(row, m)}`));
    }
  }
  return out.slice(0, 3);
}

export const POPULATION_CHECKS: readonly CheckDefinition[] = [
  {
    name: 'population.defaults',
    title:
      'leaving out sessiontype, allstatus, concurrency and businesserror equals their documented defaults',
    async run(ctx) {
      const metrics = [...COUNTS, 'errors'];
      const plain = envelopeOf((await byCountry(ctx, metrics)).probe);
      requireRecords(plain.response.length, 1, 'the country breakdown');
      const defaults = { sessiontype: 'ended', allstatus: '0', concurrency: '0', businesserror: 'false' };
      const explicit = envelopeOf((await byCountry(ctx, metrics, defaults)).probe);
      // Hourly buckets tell sessiontypes apart: a session crossing an hour is in another bucket.
      const hourly = { aggby: 'timestamp', granularity: 'hour' };
      const series = envelopeOf((await byCountry(ctx, ['attempts'], hourly)).probe);
      const seriesExplicit = envelopeOf(
        (await byCountry(ctx, ['attempts'], { ...hourly, ...defaults })).probe,
      );
      const key = (r: Row) => `${num(r, 'timestamp')}:${num(r, 'attempts')}`;
      const findings = differences(
        plain.response,
        explicit.response,
        metrics,
        'default vs explicit defaults',
      );
      if (series.response.map(key).join() !== seriesExplicit.response.map(key).join())
        findings.push(design('the hourly attempts differ between the defaults left out and written out'));
      return {
        findings,
        note: `${plain.response.length} countries and ${series.response.length} hours identical with the defaults written out`,
      };
    },
  },
  {
    name: 'population.allstatus',
    title: 'allstatus=1 (any status) never counts fewer sessions than allstatus=0 (ended or dropped)',
    async run(ctx) {
      // With sessiontype=started the still running and loading sessions are candidates too.
      const started = { sessiontype: 'started' };
      const narrow = envelopeOf((await byCountry(ctx, COUNTS, started)).probe);
      requireRecords(narrow.response.length, 1, 'the started-sessions breakdown');
      const wide = envelopeOf((await byCountry(ctx, COUNTS, { ...started, allstatus: '1' })).probe);
      const findings = atLeast(wide.response, narrow.response, COUNTS, 'allstatus=1 vs allstatus=0');
      const more =
        wide.response.reduce((a, r) => a + num(r, 'attempts'), 0) -
        narrow.response.reduce((a, r) => a + num(r, 'attempts'), 0);
      return { findings, note: `allstatus=1 adds ${more} attempts and loses none` };
    },
  },
  {
    name: 'population.concurrency',
    title:
      'concurrency=1 counts the sessions active in the window (= concurviewavg) and refuses aggregate variants',
    async run(ctx) {
      const active = envelopeOf(
        (await byCountry(ctx, ['attempts', 'concurviewavg'], { concurrency: '1' })).probe,
      );
      requireRecords(active.response.length, 1, 'the concurrency breakdown');
      const findings: Finding[] = [];
      for (const row of active.response) {
        if (!close(num(row, 'attempts'), num(row, 'concurviewavg')))
          findings.push(
            design(
              `country ${String(row.country)}: ${num(row, 'attempts')} active attempts, concurviewavg ${num(row, 'concurviewavg')}`,
            ),
          );
      }
      const refused = (await byCountry(ctx, ['p95_latency'], { concurrency: '1' })).probe;
      findings.push(
        ...refusalFindings(refused, {
          status: 400,
          code: 'unsupported_with_concurrency',
          why: 'p95_latency with concurrency=1',
          basis: 'design',
        }),
      );
      return {
        findings: findings.slice(0, 4),
        note: 'attempts = concurviewavg per country; p95_latency refused',
      };
    },
  },
  {
    name: 'population.businesserror',
    title: 'businesserror=true never counts fewer errors than the default, which excludes business errors',
    async run(ctx) {
      const plain = envelopeOf((await byCountry(ctx, ['errors', 'fatalerrors'])).probe);
      requireRecords(plain.response.length, 1, 'the error breakdown');
      const all = envelopeOf(
        (await byCountry(ctx, ['errors', 'fatalerrors'], { businesserror: 'true' })).probe,
      );
      const findings = atLeast(
        all.response,
        plain.response,
        ['errors', 'fatalerrors'],
        'businesserror=true vs default',
      );
      for (const row of [...plain.response, ...all.response]) {
        if (num(row, 'fatalerrors') > num(row, 'errors'))
          findings.push(design(`country ${String(row.country)}: more fatal errors than errors`));
      }
      return { findings: findings.slice(0, 4), note: 'business errors only add; fatalerrors <= errors' };
    },
  },
];

/** `auto`: minute up to 90 minutes, 10minute up to 6 hours, hour up to 15 days, day beyond. */
function autoSeconds(periodSeconds: number): number {
  if (periodSeconds <= 90 * 60) return 60;
  if (periodSeconds <= 6 * 3600) return 600;
  if (periodSeconds <= 15 * 86_400) return 3600;
  return 86_400;
}

export const GRANULARITY_CHECKS: readonly CheckDefinition[] = [
  {
    name: 'granularity.auto',
    title:
      'a time series without granularity uses the auto rule, and 5minute/10minute buckets start on their multiples',
    async run(ctx) {
      const p = await ctx.dataPeriod();
      const findings: Finding[] = [];
      const series = async (period: string, granularity?: string) =>
        envelopeOf(
          await ctx.metric({
            period,
            metrics: 'attempts',
            aggby: 'timestamp',
            ...(granularity ? { granularity } : {}),
          }),
        );
      const whole = await series(`start=${p.start},end=${p.end}`);
      requireRecords(whole.response.length, 2, 'the time series');
      const step = autoSeconds(p.end - p.start);
      const named = { 60: 'minute', 600: '10minute', 3600: 'hour', 86400: 'day' }[step]!;
      const explicit = await series(`start=${p.start},end=${p.end}`, named);
      const ts = (r: Row) => num(r, 'timestamp');
      if (
        whole.response.some((r) => ts(r) % step !== 0) ||
        whole.response.length !== explicit.response.length
      ) {
        findings.push(
          design(`without granularity the ${p.end - p.start} s period is not in ${named} buckets`),
        );
      }
      // A two-hour window in the busiest bucket: 5minute and 10minute buckets.
      const busiest = [...whole.response].sort((a, b) => num(b, 'attempts') - num(a, 'attempts'))[0]!;
      const from = ts(busiest) - (ts(busiest) % 3600);
      for (const [g, s] of [
        ['5minute', 300],
        ['10minute', 600],
      ] as const) {
        const env = await series(`start=${from},end=${from + 7200}`, g);
        const bad = env.response.find((r) => ts(r) % s !== 0 || ts(r) < from || ts(r) >= from + 7200);
        if (bad)
          findings.push(
            design(`granularity=${g}: bucket ${ts(bad)} is not a multiple of ${s} s inside the window`),
          );
      }
      return {
        findings,
        note: `auto chose ${named} for the data period; 5minute and 10minute buckets aligned`,
      };
    },
  },
  {
    name: 'metrics.units',
    title:
      'percentages lie in [0, 100], latency quantiles are ordered (median <= p95 <= p99), QoE scores in [0, 100]',
    async run(ctx) {
      const metrics = [
        'failurerate',
        'bufferingratio',
        'median_latency',
        'p95_latency',
        'p99_latency',
        'qualityofexperience',
      ];
      const env = envelopeOf((await byCountry(ctx, metrics)).probe);
      requireRecords(env.response.length, 1, 'the country breakdown');
      const findings: Finding[] = [];
      for (const row of env.response) {
        const where = `country ${String(row.country)}`;
        for (const m of ['failurerate', 'bufferingratio', 'qualityofexperience']) {
          if (!(num(row, m) >= 0 && num(row, m) <= 100))
            findings.push(design(`${where}: ${m} ${num(row, m)} is outside [0, 100]`));
        }
        const [q50, q95, q99] = ['median_latency', 'p95_latency', 'p99_latency'].map((m) => num(row, m));
        if (!(q50! >= 0 && q50! <= q95! + 1e-9 && q95! <= q99! + 1e-9))
          findings.push(
            design(`${where}: latency quantiles out of order (median ${q50}, p95 ${q95}, p99 ${q99})`),
          );
      }
      return { findings: findings.slice(0, 4), note: `${env.response.length} countries within bounds` };
    },
  },
];
