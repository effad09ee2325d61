/// <reference types="node" />
// What the safety of the builder and codec costs: building and serializing a typical query (six
// parameters, a three-clause filter) and parsing its canonical URL back, against a baseline in the
// same run that does the same by hand with a template literal, encodeURIComponent and bare
// URLSearchParams. Imports the BUILT package, as a user would. Target: within 5x of the baseline.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromURL, metricQuery } from '@playq/query';
import { bundleSizes } from './bundle-size';

const BASE = 'https://analytics.example.com/api/v1';
const START = 1_704_067_200;
const END = 1_704_153_600;

function buildWithBuilder(i: number): string {
  return metricQuery('demo')
    .between(START + (i & 1023), END)
    .metrics('latency', 'viewercount')
    .aggBy('country')
    .where('platform', ['ios', 'android'])
    .where('country', ['US', 'DE', 'United Kingdom'])
    .where('player', 'web-4.2')
    .orderBy('viewercount', 'desc')
    .limit(100)
    .toURL(BASE);
}

function buildByHand(i: number): string {
  const period = `start=${START + (i & 1023)},end=${END}`;
  const filter = '[platform=ios|android][country=US|DE|United Kingdom][player=web-4.2]';
  return (
    `${BASE}/metricquery/${encodeURIComponent('demo')}?period=${encodeURIComponent(period)}` +
    `&metrics=${encodeURIComponent('latency,viewercount')}&aggby=${encodeURIComponent('country')}` +
    `&filter=${encodeURIComponent(filter)}&orderby=${encodeURIComponent('viewercount')}&order=desc&limit=100`
  );
}

const URL_TEXT = buildWithBuilder(0);
if (URL_TEXT !== buildByHand(0))
  throw new Error(`bench: the two URLs differ:\n${URL_TEXT}\n${buildByHand(0)}`);

function parseWithCodec(): unknown {
  const r = fromURL(URL_TEXT);
  if (!r.ok) throw new Error('bench: the canonical URL did not parse');
  return r.query;
}

function parseWithCodecNoValidate(): unknown {
  const r = fromURL(URL_TEXT, { validate: false });
  if (!r.ok) throw new Error('bench: the canonical URL did not parse');
  return r.query;
}

function parseByHand(text: string = URL_TEXT): unknown {
  const url = new URL(text);
  const params = url.searchParams;
  const segments = url.pathname.split('/');
  return {
    endpoint: segments[segments.length - 2],
    customerId: decodeURIComponent(segments[segments.length - 1] ?? ''),
    period: params.get('period'),
    metrics: params.get('metrics')?.split(','),
    aggby: params.get('aggby')?.split(','),
    filter: params.get('filter'),
    orderby: params.get('orderby'),
    order: params.get('order'),
    limit: Number(params.get('limit')),
  };
}

let sink = 0;
function run(fn: (i: number) => unknown, ms: number): [ops: number, elapsed: number] {
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    for (let k = 0; k < 100; k++, n++) sink ^= (fn(n) as { length?: number }).length ?? 1;
    t = performance.now();
  }
  return [n, t - t0];
}

// The machine is shared, so its speed drifts: the two sides run in alternating short slices and
// their totals are compared, which keeps the ratio honest even when the absolute figures move.
function compare(playq: (i: number) => unknown, baseline: (i: number) => unknown, rounds = 30, sliceMs = 50) {
  for (let i = 0; i < 3000; i++) sink ^= String(playq(i)).length ^ String(baseline(i)).length;
  const total = { playq: [0, 0], baseline: [0, 0] };
  for (let r = 0; r < rounds; r++) {
    const a = run(playq, sliceMs);
    const b = run(baseline, sliceMs);
    total.playq[0]! += a[0];
    total.playq[1]! += a[1];
    total.baseline[0]! += b[0];
    total.baseline[1]! += b[1];
  }
  return {
    playq: (total.playq[0]! / total.playq[1]!) * 1000,
    baseline: (total.baseline[0]! / total.baseline[1]!) * 1000,
  };
}

const results = {
  build: compare(buildWithBuilder, buildByHand),
  parse: compare(parseWithCodec, () => parseByHand()),
  parseWithoutValidation: compare(parseWithCodecNoValidate, () => parseByHand()),
  buildThenParse: compare(
    (i) => fromURL(buildWithBuilder(i)),
    (i) => parseByHand(buildByHand(i)),
  ),
};

// The figures of the last run, read before they are overwritten: the ratios (each against its own
// baseline in its own run) are compared, which is fair across machines of different speed.
const out = fileURLToPath(new URL('../../../bench/results/query.json', import.meta.url));
const previous = readPrevious(out);

const report: Record<string, unknown> = {
  package: '@playq/query',
  unit: 'ops/s',
  target: 'ratio <= 5',
  url: URL_TEXT,
};
for (const [name, { playq, baseline }] of Object.entries(results)) {
  const ratio = baseline / playq;
  report[name] = {
    playq: Math.round(playq),
    baseline: Math.round(baseline),
    slowdown: Number(ratio.toFixed(2)),
  };
  console.log(
    `${name.padEnd(24)} playq ${Math.round(playq).toLocaleString('en').padStart(10)} ops/s   baseline ${Math.round(
      baseline,
    )
      .toLocaleString('en')
      .padStart(10)} ops/s   ${ratio.toFixed(2)}x slower${ratio <= 5 ? '' : '  (over the 5x target)'}`,
  );
}
report.vsPrevious = vsPrevious(previous, report, 'previous run');
// The figures of the first release, kept apart so that a run does not overwrite them: the catalogue
// issue's floor ("no slower than 1.2x the previous release") is checked against these.
const release = readPrevious(
  fileURLToPath(new URL('../../../bench/baselines/query-0.1.0-alpha.0.json', import.meta.url)),
);
report.vsRelease = vsPrevious(release, report, '0.1.0-alpha.0');
const sizes = await bundleSizes();
report.bundle = { ...sizes, targetBuilderOnlyGzipBytes: 8 * 1024 };
for (const [name, s] of Object.entries(sizes)) {
  const over = name === 'builderOnly' && s.gzipBytes > 8 * 1024 ? '  (over the 8 KB target)' : '';
  console.log(
    `bundle ${name.padEnd(12)} ${(s.minifiedBytes / 1024).toFixed(1)} KB minified, ${(s.gzipBytes / 1024).toFixed(1)} KB gzip${s.hasChevrotain ? ', with chevrotain' : ''}${over}`,
  );
}
report.node = process.version;
report.date = new Date().toISOString();

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`wrote ${out} (${sink & 1})`);

function readPrevious(path: string): Record<string, { slowdown?: number }> | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Each figure's slowdown now over its slowdown in `before` (target: at most 1.2). */
function vsPrevious(
  before: Record<string, { slowdown?: number }> | undefined,
  now: Record<string, unknown>,
  label: string,
): Record<string, number> | string {
  if (before === undefined) return 'no previous figures';
  const ratios: Record<string, number> = {};
  for (const name of Object.keys(results)) {
    const a = before[name]?.slowdown;
    const b = (now[name] as { slowdown: number }).slowdown;
    if (typeof a === 'number' && a > 0) ratios[name] = Number((b / a).toFixed(2));
  }
  for (const [name, r] of Object.entries(ratios)) {
    console.log(
      `vs ${label} ${name.padEnd(24)} ${r.toFixed(2)}x${r <= 1.2 ? '' : '  (over the 1.2x target)'}`,
    );
  }
  return ratios;
}
