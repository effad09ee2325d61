// Benchmarks of what a CLI user waits for, each against a baseline measured in the same run:
// start-up of the built binary against bare `node`, and the table and CSV writers against
// JSON.stringify of the same records. Writes bench/results/cli.json at the repository root.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { csvHeader, csvRow, renderTable } from '@playq/cli';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '..', 'dist', 'bin.js');
const resultsDir = join(here, '..', '..', '..', 'bench', 'results');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(fn: () => void, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

const spawnRuns = 9;
const node = time(() => execFileSync(process.execPath, ['-e', '0']), spawnRuns);
const version = time(() => execFileSync(process.execPath, [bin, '--version']), spawnRuns);
const validate = time(
  () => execFileSync(process.execPath, [bin, 'validate', 'filter', '[country=US|FR]']),
  spawnRuns,
);

const records = Array.from({ length: 10_000 }, (_, i) => ({
  country: `C${i % 40}`,
  platform: ['web', 'ios', 'android'][i % 3]!,
  viewercount: i * 7,
  bufferingratio: (i % 100) / 7,
}));
const columns = ['country', 'platform', 'viewercount', 'bufferingratio'];
// Output lengths are summed into a sink so no work can be optimised away.
let sink = 0;
const json = time(() => {
  sink += JSON.stringify(records).length;
}, 15);
const table = time(() => {
  sink += renderTable(records).length;
}, 15);
const csv = time(() => {
  let text = csvHeader(columns);
  for (const r of records) text += csvRow(columns, r);
  sink += text.length;
}, 15);
const ndjson = time(() => {
  let text = '';
  for (const r of records) text += `${JSON.stringify(r)}\n`;
  sink += text.length;
}, 15);
if (sink === 0) throw new Error('nothing was rendered');

const results = {
  machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
  startup: {
    baseline_node_ms: node,
    playq_version_ms: version,
    playq_validate_ms: validate,
    version_overhead_ratio: version / node,
    validate_overhead_ratio: validate / node,
  },
  formatting_10k_records: {
    baseline_json_stringify_ms: json,
    table_ms: table,
    csv_ms: csv,
    ndjson_ms: ndjson,
    table_ratio: table / json,
    csv_ratio: csv / json,
  },
};
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'cli.json'), `${JSON.stringify(results, null, 2)}\n`);
const f = (n: number) => n.toFixed(1);
console.log(
  `start-up: node ${f(node)} ms, playq --version ${f(version)} ms (x${f(version / node)}), validate ${f(validate)} ms (x${f(validate / node)})`,
);
console.log(
  `10k records: JSON.stringify ${f(json)} ms, table ${f(table)} ms (x${f(table / json)}), csv ${f(csv)} ms (x${f(csv / json)}), ndjson ${f(ndjson)} ms`,
);
