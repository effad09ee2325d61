// Test support for "no import cycle" checks: the relative-import graph of a package's sources
// (type-only and dynamic imports count too) and every cycle a depth-first walk finds in it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Relative imports of each module (`from './x'`, `import('./x')`), as module paths. */
export function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
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
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
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

/** The `.ts` files under `dir`, keyed by their path without the extension. */
export function sources(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (entry.endsWith('.ts')) files.set(entry.slice(0, -3), readFileSync(join(dir, entry), 'utf8'));
  }
  return files;
}
