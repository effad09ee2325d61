// The CLI's modules import one another without a cycle (type-only and dynamic imports count):
// commands take their shared types from commands/command.ts, never from the program that
// registers them. The detector itself is shown to find a planted cycle.
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, sources } from '../../../test-support/module-graph';

describe('module graph of packages/cli/src', () => {
  it('has no import cycle', () => {
    const graph = importGraph(sources(new URL('../src', import.meta.url).pathname));
    expect(graph.size).toBeGreaterThan(40);
    expect(cycles(graph).map((c) => c.join(' -> '))).toStrictEqual([]);
  });

  it('finds the cycle a command importing a type from the program would make', () => {
    const planted = new Map([
      ['program', "import { registerQuery } from './commands/query';"],
      ['commands/query', "import type { Finish } from '../program';"],
    ]);
    expect(cycles(importGraph(planted)).map((c) => c.join(' -> '))).toStrictEqual([
      'program -> commands/query -> program',
    ]);
  });
});
