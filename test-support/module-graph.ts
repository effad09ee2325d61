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

/**
 * The folder a module belongs to: its first folder under `src/` (`sql/` for `sql/groups` and for
 * `sql/x/y`), or the module itself when it lies at the top (`service`), where each file is a layer
 * of its own.
 */
export function folderOf(module: string): string {
  const slash = module.indexOf('/');
  return slash < 0 ? module : `${module.slice(0, slash)}/`;
}

/** The import graph between folders: an edge wherever a module of one imports a module of another. */
export function folderGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [module, targets] of graph) {
    const from = folderOf(module);
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const target of targets) if (folderOf(target) !== from) edges.add(folderOf(target));
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges].sort()]));
}

/**
 * For each edge of a folder cycle, the module imports that make it (`sql/ -> data/` is
 * `sql/population -> engine/duckdb/dataset`, ...): what to move to break it.
 */
export function importsBetween(
  graph: ReadonlyMap<string, readonly string[]>,
  from: string,
  to: string,
): string[] {
  return [...graph].flatMap(([module, targets]) =>
    folderOf(module) === from
      ? targets.filter((t) => folderOf(t) === to).map((t) => `${module} -> ${t}`)
      : [],
  );
}
