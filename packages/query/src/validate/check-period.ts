// Validation of the period and of a time series' granularity: bounds, order, the longest span and
// the most buckets (with `auto` resolved the way the service resolves it).
import { TIMESTAMP } from '../catalogue/catalogue';
import { didYouMean, suggestName } from '../catalogue/suggest-name';
import { bucketCount, GRANULARITIES, isGranularity, MAX_EPOCH_SECONDS, resolveGranularity } from '../limits';
import type { InvalidText } from '../model';
import type { QueryDiagnostic } from '../problem-code';
import type { Context } from './context';
import { fromGrammar, problem } from './diagnostics';

const isInvalid = (v: { type: string }): v is InvalidText => v.type === 'invalid';

/** @internal */
export function checkPeriod(cx: Context): void {
  const { q, out, limits } = cx;
  if (q.period === undefined) return;
  if (isInvalid(q.period)) {
    for (const e of q.period.errors) out.push(fromGrammar('invalid_period', 'period', e));
    return;
  }
  const { start, end } = q.period;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end > MAX_EPOCH_SECONDS) {
    out.push(
      problem(
        'invalid_period',
        'period',
        'period start and end must be integer epoch seconds from 0 to 10^11.',
      ),
    );
  } else if (start >= end) {
    out.push(problem('invalid_period', 'period', `period start (${start}) must be before its end (${end}).`));
  } else if (end - start > limits.maxPeriodSeconds) {
    out.push(
      problem(
        'period_too_long',
        'period',
        `period spans ${end - start} s; the limit is ${limits.maxPeriodSeconds} s (${limits.maxPeriodSeconds / 86_400} days).`,
      ),
    );
  } else if (cx.timeseries && q.granularity !== undefined && isGranularity(q.granularity)) {
    const n = bucketCount(start, end, q.granularity);
    if (n > limits.maxBuckets) {
      const g = resolveGranularity(q.granularity, q.period);
      out.push(
        problem(
          'too_many_buckets',
          'granularity',
          `A ${g} time series over this period has ${n} buckets; the limit is ${limits.maxBuckets}.`,
          { hint: coarser(g) },
        ),
      );
    }
  }
}

/** @internal */
export function checkGranularity(cx: Context): void {
  const { q, out } = cx;
  if (cx.timeseries) {
    if (q.granularity === undefined) {
      out.push(
        problem(
          'invalid_granularity',
          'granularity',
          `A time series needs a granularity: ${GRANULARITIES.join(', ')}.`,
        ),
      );
    } else if (!isGranularity(q.granularity)) out.push(badGranularity(q.granularity));
  } else if (q.granularity !== undefined) {
    out.push(
      isGranularity(q.granularity)
        ? problem(
            'invalid_granularity',
            'granularity',
            `granularity applies only to a time series (aggby=${TIMESTAMP}).`,
          )
        : badGranularity(q.granularity),
    );
  }
}

function badGranularity(value: string): QueryDiagnostic {
  const hint = suggestName(value, GRANULARITIES);
  return problem(
    'invalid_granularity',
    'granularity',
    `granularity must be one of ${GRANULARITIES.join(', ')}, not "${value}"${didYouMean(hint)}`,
    { hint },
  );
}

function coarser(g: string): string {
  const fixed = GRANULARITIES.filter((x) => x !== 'auto');
  const next = fixed[fixed.indexOf(g as (typeof fixed)[number]) + 1];
  return next === undefined ? 'shorten the period' : `granularity=${next} or a shorter period`;
}
