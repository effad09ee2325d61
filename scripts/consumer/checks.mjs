// What a consumer project sees of each tarball: its metadata and files, every entry point loaded
// with `import` and with `require` (Node 20.19+ require(esm)), optional peers left out, and the
// README's example plus every entry's types compiled with skipLibCheck off.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const REQUIRED_FIELDS = [
  'description',
  'keywords',
  'homepage',
  'bugs',
  'repository',
  'license',
  'engines',
  'files',
  'exports',
];

/** Missing files and manifest fields in one packed package. */
export function metadataProblems(pack) {
  const problems = [];
  for (const file of ['README.md', 'LICENSE', 'package.json']) {
    if (!pack.files.has(file))
      problems.push(`tarball has no ${file} (add it to the package folder and to "files")`);
  }
  for (const field of REQUIRED_FIELDS)
    if (pack.manifest[field] === undefined)
      problems.push(`package.json has no "${field}" (compare packages/query)`);
  if (/^0\.0\.0/.test(pack.version)) {
    problems.push(`version is still ${pack.version}: add a changeset, then run \`pnpm version-packages\``);
  }
  if (JSON.stringify(pack.manifest).includes('workspace:'))
    problems.push('a workspace: range survived packing');
  if (JSON.stringify(pack.manifest.exports ?? {}).includes('@playq/source'))
    problems.push('exports still name the @playq/source condition');
  return problems;
}

/** Every public specifier of a packed package: its name plus each subpath of `exports`. */
export const entriesOf = (pack) =>
  Object.keys(pack.manifest.exports ?? { '.': '' })
    .filter((key) => key !== './package.json')
    .map((key) => pack.name + key.slice(1));

/** Loads `specifiers` in a fresh Node from `project`; one result per specifier, plus stderr. */
function load(project, specifiers, mode) {
  const body = `const out = {}; for (const s of ${JSON.stringify(specifiers)}) { try { const m = ${
    mode === 'import' ? 'await import(s)' : 'require(s)'
  }; out[s] = Object.keys(m).length > 0 ? 'ok' : 'no exports'; } catch (e) { out[s] = String(e.message).split('\\n')[0]; } } console.log(JSON.stringify(out));`;
  const args =
    mode === 'import' ? ['--input-type=module', '-e', body] : ['--input-type=commonjs', '-e', body];
  const stdout = execFileSync(process.execPath, args, {
    cwd: project,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(stdout);
}

const memo = (fn) => {
  let value;
  return () => (value ??= fn());
};

/** [label, check] pairs for loading entries in both projects. */
export function entryChecks({ full, cliOnly, packs }) {
  const all = packs.flatMap(entriesOf);
  const checks = [];
  for (const mode of ['import', 'require']) {
    const results = memo(() => load(full, all, mode));
    for (const pack of packs) {
      checks.push([
        `${pack.name}: every entry loads with ${mode === 'import' ? 'import()' : 'require() (require(esm))'}`,
        () => entriesOf(pack).flatMap((s) => (results()[s] === 'ok' ? [] : [`${s}: ${results()[s]}`])),
      ]);
    }
  }
  const absent = [
    'fast-check',
    'msw',
    '@playq/server',
    '@duckdb/node-api',
    '@modelcontextprotocol/sdk',
    '@tanstack/query-core',
  ];
  const present = packs.map((p) => p.name).filter((name) => existsSync(join(cliOnly, 'node_modules', name)));
  checks.push([
    '@playq/cli alone: installs no optional peer (fast-check, msw, @playq/server, DuckDB, the MCP SDK, TanStack Query)',
    () =>
      absent
        .filter((name) => existsSync(join(cliOnly, 'node_modules', name)))
        .map((n) => `${n} was installed`),
  ]);
  for (const mode of ['import', 'require']) {
    checks.push([
      `@playq/cli alone: main entries of ${present.join(', ')} load with ${mode} and without optional peers`,
      () => {
        const results = load(cliOnly, present, mode);
        return present.flatMap((s) => (results[s] === 'ok' ? [] : [`${s}: ${results[s]}`]));
      },
    ]);
  }
  checks.push([
    '@playq/cli alone: @playq/client/tanstack-query loads without @tanstack/query-core (its types only need it)',
    () => {
      const entry = '@playq/client/tanstack-query';
      const result = load(cliOnly, [entry], 'import')[entry];
      return result === 'ok' ? [] : [`${entry} without @tanstack/query-core: ${result}`];
    },
  ]);
  checks.push([
    '@playq/cli alone: a subpath whose optional peer is missing names it',
    () => {
      const result = load(cliOnly, ['@playq/testing/arbitraries'], 'import')['@playq/testing/arbitraries'];
      return /fast-check/.test(result) ? [] : [`@playq/testing/arbitraries without fast-check: ${result}`];
    },
  ]);
  return checks;
}

/** The first ```ts block of the repository's README: the example every user copies first. */
function readmeExample(root) {
  const match = /```ts\n([\s\S]*?)```/.exec(readFileSync(join(root, 'README.md'), 'utf8'));
  if (!match) throw new Error('README.md has no ```ts block');
  return match[1];
}

/** Compiles the README example and a type-only import of every entry with `tsc` in `project`. */
export function typecheck({ project, root, packs, resolution }) {
  const entries = packs.flatMap(entriesOf);
  const imports = entries.map(
    (s, i) => `import type * as entry${i} from '${s}';\nexport type Entry${i} = typeof entry${i};`,
  );
  writeFileSync(join(project, 'readme-example.ts'), `${readmeExample(root)}\nexport {};\n`);
  writeFileSync(join(project, 'entries.ts'), `${imports.join('\n')}\n`);
  const module =
    resolution === 'node16'
      ? { module: 'Node16', moduleResolution: 'Node16' }
      : { module: 'ESNext', moduleResolution: 'Bundler' };
  const config = {
    compilerOptions: {
      ...module,
      target: 'ES2022',
      lib: ['ES2023', 'DOM'],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: ['node'],
    },
    files: ['readme-example.ts', 'entries.ts'],
  };
  writeFileSync(join(project, `tsconfig.${resolution}.json`), JSON.stringify(config, null, 2));
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', `tsconfig.${resolution}.json`],
      {
        cwd: project,
        encoding: 'utf8',
        stdio: 'pipe',
      },
    );
  } catch (error) {
    return [String(error.stdout || error.message).trim()];
  }
  return [];
}
