/// <reference types="node" />
// What completion costs per keystroke: `completeSync` and `complete` (with a value provider that
// answers at once) at every cursor offset of a 200-character filter and a qoefilter, as
// per-call latency percentiles, against a baseline in the same run: parsing the same text, which
// an editor's lint does on every keystroke anyway. Imports the BUILT package. Target: p99 < 1 ms.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFilter, parseQoeFilter } from '@playq/grammar';
import { complete, completeSync } from '@playq/query';

const FILTER =
  '[country=US|DE|FR|GB|ES|United Kingdom|"a|b"][platform=ios|android|web|tv][player=web-4.2|ios-7.1|android-9.3][subscriberid=s-000123|s-000456|s-000789][category=network|drm][key=timeout|decode|manifest]';
const QOE = 'latency > 2.5 AND bufferingratio <= 5 AND viewercount >= 10 AND errors != 0 AND users < 1e6';
if (FILTER.length < 200)
  throw new Error(`bench: the filter has ${FILTER.length} characters, want at least 200`);
const VALUES = Array.from({ length: 200 }, (_, i) => ({ value: `value-${i}`, count: 1000 - i }));
const provider = async () => VALUES;

function percentiles(samples: number[]) {
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: samples[samples.length - 1]! };
}

async function measure(fn: (offset: number) => unknown, length: number, rounds: number) {
  for (let i = 0; i < 2000; i++) await fn(i % (length + 1));
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (let offset = 0; offset <= length; offset++) {
      const t0 = performance.now();
      await fn(offset);
      samples.push((performance.now() - t0) * 1000);
    }
  }
  return percentiles(samples);
}

const round = (x: number) => Number(x.toFixed(1));
const cases = {
  filterCompleteSync: [(o: number) => completeSync('filter', FILTER, o), FILTER.length],
  filterCompleteWithValues: [
    (o: number) => complete('filter', FILTER, o, { values: provider }),
    FILTER.length,
  ],
  filterParseBaseline: [() => parseFilter(FILTER), FILTER.length],
  qoeCompleteSync: [(o: number) => completeSync('qoefilter', QOE, o), QOE.length],
  qoeParseBaseline: [() => parseQoeFilter(QOE), QOE.length],
} as const;

const report: Record<string, unknown> = {
  package: '@playq/query',
  what: 'completion latency per call over every cursor offset',
  unit: 'microseconds',
  target: 'filter completion p99 < 1000 µs',
  filterLength: FILTER.length,
};
for (const [name, [fn, length]] of Object.entries(cases)) {
  const p = await measure(fn, length, 40);
  report[name] = { p50: round(p.p50), p99: round(p.p99), max: round(p.max) };
  console.log(
    `${name.padEnd(26)} p50 ${round(p.p50).toString().padStart(7)} µs   p99 ${round(p.p99).toString().padStart(7)} µs`,
  );
}
const p99 = (report.filterCompleteWithValues as { p99: number }).p99;
report.p99RatioToParse = Number((p99 / (report.filterParseBaseline as { p99: number }).p99).toFixed(2));
report.meetsTarget = p99 < 1000 && (report.filterCompleteSync as { p99: number }).p99 < 1000;
report.node = process.version;
report.date = new Date().toISOString();
console.log(`p99 of completion with values: ${p99} µs (${report.p99RatioToParse}x a parse of the same text)`);

const out = fileURLToPath(new URL('../../../bench/results/query-complete.json', import.meta.url));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`wrote ${out}`);
