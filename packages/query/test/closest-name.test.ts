// The did-you-mean of the builder's compile-time errors (`ClosestName`, a type) against the one
// `validate` gives (`suggestName`): for misspellings of every catalogue name, by up to three random
// edits, the compiler names the same candidate (or, on a tie, a set of equally close ones holding it).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, editDistance, suggestName } from '../src/index';
import { createEditor, type Editor } from './support/language-service';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz_ABC';

/** One edit of a name: delete, insert, substitute or swap two neighbours, at a position. */
const edit = fc
  .tuple(fc.constantFrom('delete', 'insert', 'substitute', 'swap'), fc.nat(), fc.constantFrom(...LETTERS))
  .map(([kind, at, letter]) => (name: string) => {
    const i = name.length === 0 ? 0 : at % name.length;
    if (kind === 'delete') return name.slice(0, i) + name.slice(i + 1);
    if (kind === 'insert') return name.slice(0, i) + letter + name.slice(i);
    if (kind === 'substitute') return name.slice(0, i) + letter + name.slice(i + 1);
    return name.length < 2 ? name : name.slice(0, i) + (name[i + 1] ?? '') + name[i] + name.slice(i + 2);
  });
const typo = (names: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...names), fc.array(edit, { minLength: 1, maxLength: 3 }))
    .map(([name, edits]) => edits.reduce((n, e) => e(n), name))
    .filter((t) => t.length > 0 && /^[A-Za-z_]+$/.test(t));

let editor: Editor;
beforeAll(() => {
  editor = createEditor();
});

/** What the compiler makes of `ClosestName<typo, Names>` for each typo, as printed names. */
function typeLevel(typos: readonly string[], names: string): string[][] {
  const aliases = typos.map((t, i) => `type T${i} = ClosestName<'${t}', ${names}>;`).join('\n');
  const types = editor.aliases(
    `import type { ClosestName, DimensionName, MetricName } from '../../src/index';\n${aliases}`,
  );
  return typos.map((_, i) => {
    const printed = types[`T${i}`] ?? '';
    return printed === 'never' ? [] : printed.split(' | ').map((p) => JSON.parse(p) as string);
  });
}

describe('ClosestName, the type-level did-you-mean', () => {
  it.each([
    ['metrics', CATALOGUE.metricNames, 'MetricName'],
    ['dimensions', CATALOGUE.dimensionNames, 'DimensionName'],
  ])('suggests what suggestName suggests, for misspelt %s', (_, names, union) => {
    const typos = [...new Set(fc.sample(typo(names), { numRuns: 150, seed: 31 }))];
    const suggested = typeLevel(typos, union);
    typos.forEach((t, i) => {
      const hint = suggestName(t, names);
      const got = suggested[i] ?? [];
      if (hint === undefined) {
        expect(got, t).toEqual([]);
        return;
      }
      expect(got, t).toContain(hint);
      // A tie lists every candidate as close as the runtime's choice, and no other.
      const best = editDistance(t.toLowerCase(), hint);
      for (const g of got) expect(editDistance(t.toLowerCase(), g), `${t} ~ ${g}`).toBe(best);
    });
  });

  it('is exact on the documented examples', () => {
    const [country, none, ratio, exact] = typeLevel(
      ['contry', 'xyz', 'bufferingration', 'LATENCY'],
      "'country' | 'platform' | 'latency' | 'bufferingratio' | 'cirrbufferingratio'",
    );
    expect(country).toEqual(['country']);
    expect(none).toEqual([]);
    expect(ratio).toEqual(['bufferingratio']);
    expect(exact).toEqual(['latency']);
  });
});
