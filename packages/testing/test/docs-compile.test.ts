// Compiles every TypeScript block of README.md, docs/*.md and each package's README with tsc, so
// no page shows code that does not build; runs the README's example against a live service on
// 127.0.0.1 to show it returns rows, and docs/server.md's, which starts a service itself (the
// examples of docs/client.md and docs/testing.md run in those packages' own tests). A page's blocks share its imports; fragments that continue an
// earlier example get the few names they use declared in PAGE_CONTEXT below.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/index';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');

const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync(join(root, 'packages')).map((p) => `packages/${p}/README.md`),
].filter((page) => {
  try {
    readFileSync(join(root, page));
    return true;
  } catch {
    return false;
  }
});

/** Names that fragments of a page use without defining them: what the page's prose set up. */
const PAGE_CONTEXT: Record<string, string> = {
  'docs/mutation-testing.md': `
    declare const text: string;
    declare const n: number;
    declare let j: number;
    declare function isDigit(code: number): boolean;
`,
  'docs/testing.md': `
    import type { ClientOptions } from '@playq/client';
    import type { QueryNode } from '@playq/query';
    declare const t: import('@playq/testing').TestService;
    declare const myToken: string;
    declare const baseUrl: string;
    declare const planUrl: string;
    declare const auth: NonNullable<ClientOptions['auth']>;
    declare const query: QueryNode;
`,
};

const IMPORT = /^import\s[^;]*?from\s+'([^']+)';\s*$/gm;
const NAMED = /^import\s+(type\s+)?\{([^}]*)\}\s*from\s+'([^']+)';$/;

/** The ```ts blocks of a page. */
function blocksOf(page: string): string[] {
  const text = readFileSync(join(root, page), 'utf8');
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}

/** Import statements merged per module, so two blocks importing one name declare it once. */
function mergeImports(statements: Iterable<string>): string[] {
  const named = new Map<string, Map<string, boolean>>();
  const other = new Set<string>();
  for (const statement of statements) {
    const match = NAMED.exec(statement.replace(/\s+/g, ' '));
    if (!match) {
      other.add(statement);
      continue;
    }
    const names = named.get(match[3] ?? '') ?? new Map<string, boolean>();
    named.set(match[3] ?? '', names);
    for (const raw of (match[2] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)) {
      const typeOnly = match[1] !== undefined || raw.startsWith('type ');
      const name = raw.replace(/^type\s+/, '');
      names.set(name, (names.get(name) ?? true) && typeOnly);
    }
  }
  const merged = [...named].map(
    ([from, names]) =>
      `import { ${[...names].map(([n, t]) => (t ? `type ${n}` : n)).join(', ')} } from '${from}';`,
  );
  return [...merged, ...other];
}

/** One module per page: the blocks' imports hoisted and merged, each block in its own scope. */
function moduleOf(page: string, blocks: string[]): string {
  const imports: string[] = [];
  const bodies = blocks.map((block, i) => {
    const body = block.replace(IMPORT, (statement) => {
      imports.push(statement.trim());
      return '';
    });
    return `export async function block${i + 1}() {\n${body}\n}`;
  });
  return [...mergeImports(imports), PAGE_CONTEXT[page] ?? '', ...bodies].join('\n');
}

/** tsc diagnostics for the page modules, as `page block: message` lines. */
function compile(modules: Map<string, string>): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: ['@playq/source'],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const files = new Map(
    [...modules].map(([page, source]) => [
      join(here, `__docs__/${page.replaceAll('/', '_')}.ts`),
      { page, source },
    ]),
  );
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (f) => files.has(f) || fileExists.call(host, f);
  host.readFile = (f) => files.get(f)?.source ?? readFile.call(host, f);
  host.getSourceFile = (f, lang, ...rest) => {
    const virtual = files.get(f);
    return virtual
      ? ts.createSourceFile(f, virtual.source, lang)
      : getSourceFile.call(host, f, lang, ...rest);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? (files.get(d.file.fileName)?.page ?? relative(root, d.file.fileName)) : '';
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${where}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('TypeScript in the documentation', () => {
  const modules = new Map(pages.map((page) => [page, moduleOf(page, blocksOf(page))]));

  it('finds the blocks of README.md and docs/*.md', () => {
    expect(blocksOf('README.md').length).toBeGreaterThanOrEqual(1);
    expect(pages.filter((p) => p.startsWith('docs/')).flatMap(blocksOf).length).toBeGreaterThanOrEqual(20);
  });

  it('compiles every block (strict)', () => {
    expect(compile(modules)).toEqual([]);
  }, 120_000);
});

/** Runs a block as JavaScript with its imports bound to the packages; resolves to its console.log calls. */
async function runBlock(source: string): Promise<unknown[][]> {
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const modules: Record<string, unknown> = {
    '@playq/client': await import('@playq/client'),
    '@playq/query': await import('@playq/query'),
    '@playq/server': await import('@playq/server'),
  };
  const body = js.replace(/import\s*\{([^}]*)\}\s*from\s*'([^']+)';/g, (_, names: string, from: string) => {
    if (!(from in modules)) throw new Error(`the example imports ${from}`);
    return `const {${names}} = __modules[${JSON.stringify(from)}];`;
  });
  const logs: unknown[][] = [];
  const console = { log: (...args: unknown[]) => void logs.push(args) };
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>;
  await new AsyncFunction('__modules', 'console', body)(modules, console);
  return logs;
}

describe("docs/server.md's example", () => {
  it('runs: a service in process and over loopback', async () => {
    const source = blocksOf('docs/server.md')[0] ?? '';
    // Fewer sessions than the page's 100,000 keep the run short; nothing else changes.
    const smaller = source.replace('sessions: 100_000', 'sessions: 2_000');
    expect(smaller).not.toBe(source);
    await runBlock(`${smaller}\nconsole.log(res.status, baseUrl, planUrl);`).then((logs) => {
      expect(logs[0]?.[0]).toBe(200);
      expect(String(logs[0]?.[1])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    });
  }, 60_000);
});

describe("README.md's example", () => {
  let server: TestServer;
  beforeAll(async () => {
    // The example asks for the last 24 hours, so the data ends now, as `playq serve`'s does.
    const end = Math.ceil(Date.now() / 3_600_000) * 3600;
    server = await startTestServer({ sessions: 20_000, seed: 1, days: 2, end });
  }, 120_000);
  afterAll(() => server?.close());

  it('returns rows from a live service', async () => {
    const source = blocksOf('README.md')[0] ?? '';
    const logs = await runBlock(source.replaceAll('http://127.0.0.1:8080/api/v1', server.baseUrl));
    expect(logs.length).toBeGreaterThan(0);
    expect(typeof logs[0]?.[0]).toBe('string');
  }, 60_000);
});
