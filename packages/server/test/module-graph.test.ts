// The server's modules import one another without a cycle (type-only imports count too): each
// module can be read after the ones it imports. The detector is shown to find a planted cycle.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Relative imports of each module (`from './x'`, `import('./x')`), as module paths. */
function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of files) {
    const targets = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
      join(dirname(file), m[1]!),
    );
    graph.set(
      file,
      targets.filter((t) => files.has(t)),
    );
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the modules along it. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string) => {
    state.set(n, 'open');
    stack.push(n);
    for (const d of graph.get(n) ?? []) {
      if (state.get(d) === 'open') found.push([...stack.slice(stack.indexOf(d)), d]);
      else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of graph.keys()) if (!state.has(n)) visit(n);
  return found;
}

function sources(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (entry.endsWith('.ts')) files.set(entry.slice(0, -3), readFileSync(join(dir, entry), 'utf8'));
  }
  return files;
}

describe('module graph of packages/server/src', () => {
  it('has no import cycle', () => {
    const graph = importGraph(sources(SRC));
    expect(graph.size).toBeGreaterThan(30);
    expect(cycles(graph).map((c) => c.join(' -> '))).toStrictEqual([]);
  });

  it('finds a planted cycle, type-only or through a dynamic import', () => {
    const planted = new Map([
      ['sql/compile', "import { compileEvents } from './events';"],
      ['sql/events', "import type { CompileContext } from './compile';"],
      ['http/a', "const b = await import('./b');"],
      ['http/b', "import { a } from './a';\nimport { x } from '../sql/compile';"],
    ]);
    expect(cycles(importGraph(planted)).map((c) => c.join(' -> '))).toStrictEqual([
      'sql/compile -> sql/events -> sql/compile',
      'http/a -> http/b -> http/a',
    ]);
  });
});
