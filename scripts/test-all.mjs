// `pnpm test`: every package's tests (turbo, one package at a time, each writing a JSON report),
// then the consumer-install stage, then one summary: each stage's count and the total last.
// Reports go to PLAYQ_TEST_REPORT_DIR when set (CI sets it), else to a fresh .test-results/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const reportDir = process.env.PLAYQ_TEST_REPORT_DIR ?? resolve(root, '.test-results');
if (process.env.PLAYQ_TEST_REPORT_DIR === undefined) rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const env = { ...process.env, PLAYQ_TEST_REPORT_DIR: reportDir };
const step = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

let status = step('pnpm', [
  'exec',
  'turbo',
  'run',
  'test',
  '--continue',
  '--concurrency=1',
  ...process.argv.slice(2),
]);
if (step(process.execPath, ['scripts/consumer/run.mjs']) !== 0) status = 1;
const summary = step(process.execPath, ['scripts/test-summary.mjs', reportDir, String(status)]);
process.exit(status !== 0 || summary !== 0 ? 1 : 0);
