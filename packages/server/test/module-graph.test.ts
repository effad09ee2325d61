// The server's modules import one another without a cycle (type-only imports count too): each
// module can be read after the ones it imports. The detector is shown to find a planted cycle.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, sources } from '../../../test-support/module-graph';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

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
