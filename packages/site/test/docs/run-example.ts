// Runs a TypeScript example of the docs as a module: imports bound to the workspace packages (and
// vitest's `test`/`it`/`expect`, so an example that is a test runs as one), console.log captured
// as Node prints it. Returns the printed text.
import { format } from 'node:util';
import ts from 'typescript';
import { expect } from 'vitest';

type Hook = () => unknown;

/** Module namespaces the examples may import, loaded on first use. */
const LOADERS: Record<string, () => Promise<unknown>> = {
  '@playq/grammar': () => import('@playq/grammar'),
  '@playq/query': () => import('@playq/query'),
  '@playq/client': () => import('@playq/client'),
  '@playq/server': () => import('@playq/server'),
  '@playq/testing': () => import('@playq/testing'),
  '@playq/query/standard-schema': () => import('@playq/query/standard-schema'),
  '@playq/client/tanstack-query': () => import('@playq/client/tanstack-query'),
  '@tanstack/query-core': () => import('@tanstack/query-core'),
  '@hookform/resolvers/standard-schema': () => import('@hookform/resolvers/standard-schema'),
  zod: () => import('zod'),
};

/** vitest's registration functions as an example sees them: collected, then run in order. */
function testingShim() {
  const tests: { name: string; fn: Hook }[] = [];
  const before: Hook[] = [];
  const after: Hook[] = [];
  const register = (name: string, fn: Hook) => void tests.push({ name, fn });
  const shim = {
    test: register,
    it: register,
    describe: (_name: string, fn: () => void) => fn(),
    expect,
    beforeAll: (fn: Hook) => void before.push(fn),
    afterAll: (fn: Hook) => void after.push(fn),
  };
  const runTests = async () => {
    for (const fn of before) await fn();
    try {
      for (const t of tests) await t.fn();
    } finally {
      for (const fn of after) await fn();
    }
    return tests.length;
  };
  return { shim, runTests };
}

/** Runs `source`; resolves to what it printed and how many tests it defined (and ran). */
export async function runExample(source: string): Promise<{ printed: string; tests: number }> {
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const { shim, runTests } = testingShim();
  const modules: Record<string, unknown> = { vitest: shim };
  const imports = [...js.matchAll(/^import\s*\{[^}]*\}\s*from\s*'([^']+)';/gm)].map((m) => m[1]!);
  for (const from of imports) {
    const load = LOADERS[from];
    if (!(from in modules) && load === undefined)
      throw new Error(`the example imports ${from}, which the docs test does not provide`);
    if (load !== undefined) modules[from] = await load();
  }
  const body = js.replace(/^import\s*\{([^}]*)\}\s*from\s*'([^']+)';/gm, (_, names: string, from: string) => {
    const bindings = names.replace(/\s+as\s+/g, ': ');
    return `const {${bindings}} = __modules[${JSON.stringify(from)}];`;
  });
  const other = /^import\s.*$/m.exec(body);
  if (other !== null) throw new Error(`the docs test runs named imports only, not: ${other[0]}`);
  const lines: string[] = [];
  const console = { log: (...args: unknown[]) => void lines.push(format(...args)) };
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>;
  await new AsyncFunction('__modules', 'console', body)(modules, console);
  const tests = await runTests();
  return { printed: lines.join('\n'), tests };
}
