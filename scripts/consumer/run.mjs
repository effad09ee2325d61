// The consumer-install stage: builds and packs every package once, installs the tarballs with npm
// into projects outside the workspace, and checks there what a user of the registry would meet —
// imports (ESM and require), types, the binary, optional peers, dependencies, lint and sizes —
// and that the README's `pnpm tarballs` command gives an SDK that installs with npm.
// Prints one line per check and writes `consumer.json` beside the vitest reports for CI's total.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryChecks, metadataProblems, typecheck } from './checks.mjs';
import { cliChecks } from './cli-checks.mjs';
import { dependencyProblems } from './deps.mjs';
import { installProject } from './install.mjs';
import { packAll, workspacePackages } from './pack.mjs';
import { installedBytes } from './sizes.mjs';
import { tarballCommandProblems } from './tarball-command.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const writeResults = process.argv.includes('--write-results');
const keep = process.argv.includes('--keep');
const budget = JSON.parse(readFileSync(join(root, 'scripts/consumer/size-budget.json'), 'utf8'));
const results = [];

async function check(name, fn) {
  const started = performance.now();
  try {
    const problems = (await fn()) ?? [];
    if (problems.length > 0) throw new Error(problems.join('\n'));
    results.push({ name, ok: true });
    console.log(`  ✓ ${name} (${Math.round(performance.now() - started)} ms)`);
  } catch (error) {
    results.push({ name, ok: false, message: String(error?.message ?? error) });
    console.log(`  ✗ ${name}\n${String(error?.message ?? error).replace(/^/gm, '      ')}`);
  }
}

const bin = (tool) => join(root, 'node_modules', '.bin', tool);
const work = mkdtempSync(join(tmpdir(), 'playq-consumer-'));
const cache = join(root, '.ci', '.npm-cache');
try {
  console.log(`consumer-install stage in ${work}`);
  execFileSync('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  mkdirSync(join(work, 'tarballs'));
  const packs = packAll(workspacePackages(root), join(work, 'tarballs'));
  const names = packs.map((p) => p.name);
  const peerRange = (name) => packs.map((p) => p.manifest.peerDependencies?.[name]).find(Boolean);
  const full = join(work, 'full');
  const cliOnly = join(work, 'cli-only');
  const extra = {
    'fast-check': peerRange('fast-check'),
    msw: peerRange('msw'),
    '@tanstack/query-core': peerRange('@tanstack/query-core'),
    '@types/node': '^20.19.0',
  };
  for (const [name, range] of Object.entries(extra)) if (!range) delete extra[name];
  console.log(`npm install (${names.length} tarballs + ${Object.keys(extra).join(', ')})`);
  installProject({ dir: full, packs, direct: names, extra, cache });
  console.log('npm install (@playq/cli alone)');
  installProject({ dir: cliOnly, packs, direct: ['@playq/cli'], cache });

  for (const pack of packs) {
    const dir = join(full, 'node_modules', pack.name);
    await check(`${pack.name}: README, LICENSE and metadata`, () => metadataProblems(pack));
    await check(`${pack.name}: publint --strict`, () => {
      execFileSync(bin('publint'), ['run', pack.tarball, '--strict'], { encoding: 'utf8', stdio: 'pipe' });
    });
    await check(`${pack.name}: attw --profile esm-only`, () => {
      execFileSync(
        bin('attw'),
        [
          pack.tarball,
          '--profile',
          'esm-only',
          '--no-definitely-typed',
          '--format',
          'ascii',
          '--no-emoji',
          '--no-color',
        ],
        { encoding: 'utf8', stdio: 'pipe' },
      );
    });
    await check(`${pack.name}: dependencies are exactly what dist imports`, () =>
      dependencyProblems(
        dir,
        pack.manifest,
        [...pack.files.keys()].filter((f) => /^dist\/.*\.(js|d\.ts)$/.test(f)),
      ),
    );
    pack.installed = installedBytes(full, pack.name);
    await check(`${pack.name}: sizes within budget`, () => {
      const limit = budget[pack.name];
      if (!limit) return [`no size budget for ${pack.name} in scripts/consumer/size-budget.json`];
      const over = [];
      if (pack.packedBytes > limit.packedBytes)
        over.push(`packed ${pack.packedBytes} B > budget ${limit.packedBytes} B`);
      if (pack.installed.bytes > limit.installedBytes)
        over.push(`installed ${pack.installed.bytes} B > budget ${limit.installedBytes} B`);
      return over;
    });
  }
  for (const [label, c] of entryChecks({ full, cliOnly, packs })) await check(label, c);
  for (const resolution of ['node16', 'bundler']) {
    await check(
      `types: README example and every entry compile (moduleResolution ${resolution}, skipLibCheck false)`,
      () => typecheck({ project: full, root, packs, resolution }),
    );
  }
  for (const [label, c] of cliChecks({ full, cliOnly, packs })) await check(label, c);
  await check(
    'README: `pnpm tarballs` packs the SDK, and its npm install command works in a new project',
    () => tarballCommandProblems({ root, work, cache }),
  );

  const figures = packs.map((p) => ({
    name: p.name,
    version: p.version,
    files: p.files.size,
    packedBytes: p.packedBytes,
    unpackedBytes: p.unpackedBytes,
    installedBytes: p.installed.bytes,
    installedPackages: p.installed.packages,
    budget: budget[p.name],
  }));
  console.table(figures.map(({ budget: _, ...f }) => f));
  if (writeResults) {
    const out = {
      command: 'pnpm bench:packages',
      node: process.version,
      date: new Date().toISOString(),
      packages: figures,
    };
    writeFileSync(join(root, 'bench/results/packages.json'), `${JSON.stringify(out, null, 2)}\n`);
  }
} catch (error) {
  results.push({ name: 'consumer-install setup', ok: false, message: String(error?.stack ?? error) });
  console.log(`  ✗ consumer-install setup\n${String(error?.stack ?? error)}`);
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`consumer-install: ${passed} passed, ${failed} failed`);
const reportDir = process.env.PLAYQ_TEST_REPORT_DIR;
if (reportDir) {
  mkdirSync(reportDir, { recursive: true });
  const report = { numPassedTests: passed, numFailedTests: failed, testResults: [], checks: results };
  writeFileSync(join(reportDir, 'consumer.json'), `${JSON.stringify(report, null, 2)}\n`);
}
process.exit(failed > 0 ? 1 : 0);
