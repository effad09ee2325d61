// Runs Stryker for the package in the current directory (extra arguments go to `stryker run`), then
// records one summary line for it in bench/results/mutation.json: score, counts, time, disable comments.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const DISABLE_COMMENT = /Stryker disable/g;
const INCREMENTAL_FILE = 'mutation/stryker-incremental.generated.json';

/** Counts each mutant status over every file of the report. */
function countStatuses(report) {
  const counts = {};
  for (const file of Object.values(report.files)) {
    for (const m of file.mutants) counts[m.status] = (counts[m.status] ?? 0) + 1;
  }
  return counts;
}

/** The Stryker disable comments in the package's src/ (each must say why the mutant is equivalent). */
function countDisableComments(dir) {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    n += (readFileSync(join(entry.parentPath, entry.name), 'utf8').match(DISABLE_COMMENT) ?? []).length;
  }
  return n;
}

function summarise(pkgDir, seconds) {
  const report = JSON.parse(readFileSync(join(pkgDir, 'reports/mutation/mutation.json'), 'utf8'));
  const counts = countStatuses(report);
  const sum = (set) => Object.entries(counts).reduce((n, [s, c]) => n + (set.has(s) ? c : 0), 0);
  const detected = sum(DETECTED);
  const valid = detected + sum(UNDETECTED);
  return {
    score: valid === 0 ? null : Math.round((10_000 * detected) / valid) / 100,
    detected,
    valid,
    counts,
    files: Object.keys(report.files).sort(),
    disableComments: countDisableComments(join(pkgDir, 'src')),
    durationSeconds: seconds,
    recordedAt: new Date().toISOString(),
  };
}

/**
 * `file:line-line` ranges of the static mutants (evaluated when a module loads) that the committed
 * incremental results count as undetected or timed out. Stryker's incremental mode keeps such a
 * result even after tests that kill it are added: it attributes no individual test to a static
 * mutant, so it sees no new covering test. A static mutant that timed out is not trustworthy
 * either: its timeout is budgeted from the tests' own time, not the whole suite's start-up.
 * `--retest-static` re-runs exactly these (with `--force` and a timeout that allows for start-up).
 */
function staticRangesToRetest(pkgDir) {
  const report = JSON.parse(readFileSync(join(pkgDir, INCREMENTAL_FILE), 'utf8'));
  const ranges = new Set();
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      if (m.static && (UNDETECTED.has(m.status) || m.status === 'Timeout'))
        ranges.add(`${file}:${m.location.start.line}-${m.location.end.line}`);
    }
  }
  return [...ranges];
}

const pkgDir = process.cwd();
let strykerArgs = process.argv.slice(2);
const retestStatic = strykerArgs.includes('--retest-static');
if (retestStatic) {
  const ranges = staticRangesToRetest(pkgDir);
  if (ranges.length === 0) {
    console.log(`${INCREMENTAL_FILE} has no undetected or timed-out static mutant: nothing to re-test`);
    process.exit(0);
  }
  strykerArgs = [
    ...strykerArgs.filter((a) => a !== '--retest-static'),
    '--force',
    // A static mutant runs the whole suite, whose start-up the per-mutant timeout does not allow for.
    '--timeoutMS',
    '60000',
    '--mutate',
    ranges.join(','),
  ];
  console.log(`re-testing the static mutants on ${ranges.length} line range(s): ${ranges.join(', ')}`);
}
const started = performance.now();
// A static mutant's code runs when a module loads: its re-test needs every test file isolated (the
// server's config shares modules under Stryker otherwise; see docs/mutation-testing.md).
const env = retestStatic ? { ...process.env, PLAYQ_STRYKER_ISOLATE: '1' } : process.env;
const run = spawnSync('stryker', ['run', ...strykerArgs], { stdio: 'inherit', shell: false, env });
if (run.status !== 0) process.exit(run.status ?? 1);
const seconds = Math.round((performance.now() - started) / 1000);
const name = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).name;
const out = new URL('../bench/results/mutation.json', import.meta.url);
let all = {};
try {
  all = JSON.parse(readFileSync(out, 'utf8'));
} catch {
  // First run: no summary yet.
}
all[name] = summarise(pkgDir, seconds);
writeFileSync(out, `${JSON.stringify(all, null, 2)}\n`);
const s = all[name];
console.log(
  `${name}: mutation score ${s.score}% (${s.detected}/${s.valid}), ${s.disableComments} disable comments`,
);
