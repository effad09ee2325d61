// The server's modules import one another without a cycle (type-only imports count too): each
// module can be read after the ones it imports. And in every package the folders of src/ are
// layers: no two import each other, directly or around a circle. The detectors are shown to find
// planted cycles.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  cycles,
  folderGraph,
  importGraph,
  importsBetween,
  sources,
} from '../../../test-support/module-graph';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const PACKAGES = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Each folder cycle of a module graph, with the imports along it. */
function folderCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return cycles(folderGraph(graph)).map((cycle) => {
    const edges = cycle.slice(1).map((to, i) => importsBetween(graph, cycle[i]!, to).join(', '));
    return `${cycle.join(' -> ')} (${edges.join('; ')})`;
  });
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

describe('folders of every package', () => {
  const packages = readdirSync(PACKAGES).filter((name) => existsSync(join(PACKAGES, name, 'src')));

  it('finds the packages', () => {
    expect(packages).toEqual(expect.arrayContaining(['client', 'query', 'server']));
  });

  it.each(packages)(
    '%s: no folder of src/ imports one that imports it back, directly or around a circle',
    (name) => {
      expect(folderCycles(importGraph(sources(join(PACKAGES, name, 'src'))))).toStrictEqual([]);
    },
  );

  it('finds a planted folder cycle, naming the imports that make it', () => {
    const planted = new Map([
      ['service', "import { run } from './exec/executor';"],
      ['exec/executor', "import { plan } from '../sql/plan';"],
      ['sql/plan', "import type { Dictionary } from '../engine/duckdb/dataset';"],
      ['engine/duckdb/dataset', "import { groups } from '../../sql/groups';"],
      ['sql/groups', "import { schema } from '../data/schema';"],
      ['data/schema', ''],
    ]);
    expect(cycles(importGraph(planted))).toStrictEqual([]);
    expect(folderCycles(importGraph(planted))).toStrictEqual([
      'sql/ -> engine/ -> sql/ (sql/plan -> engine/duckdb/dataset; engine/duckdb/dataset -> sql/groups)',
    ]);
  });

  it('takes a folder and its subfolders as one layer, and each file at the top as its own', () => {
    const layered = new Map([
      ['index', "export { a } from './engine/a';\nexport { b } from './engine/duckdb/b';"],
      ['engine/a', "import { b } from './duckdb/b';"],
      ['engine/duckdb/b', "import type { A } from '../a';\nimport type { O } from '../../options';"],
      ['options', "import type { A } from './engine/a';"],
    ]);
    expect(folderCycles(importGraph(layered))).toStrictEqual([
      'engine/ -> options -> engine/ (engine/duckdb/b -> options; options -> engine/a)',
    ]);
  });
});
