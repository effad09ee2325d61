// The docs speak to a user's checkout: no issue numbers or design-contract section numbers a user
// cannot look up, no internal version labels of the semantics, and no "this machine" figures as
// if the reader were on the machine that measured them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync(join(root, 'packages'))
    .map((p) => `packages/${p}/README.md`)
    .filter((p) => {
      try {
        readFileSync(join(root, p));
        return true;
      } catch {
        return false;
      }
    }),
];

const STALE: readonly [RegExp, string][] = [
  [/\bissue \d+/i, 'an issue number'],
  [/\bsection \d+/i, 'a section number of the design contract'],
  [/\bDESIGN(\.md| section)/, 'the design file, which a checkout does not have'],
  [/\bv2\b/, 'an internal version label'],
  [/\bthis (2|two)-core machine/i, '"this machine"'],
  [/(^|[\s`(])\/work\/|\bflock \S+\.lock\b/, "a path or lock of the maintainers' machine"],
];

describe('the wording of the docs', () => {
  it.each(pages)('%s cites nothing a user cannot look up', (page) => {
    const found: string[] = [];
    readFileSync(join(root, page), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const [pattern, what] of STALE) {
          const m = pattern.exec(line);
          if (m) found.push(`${page}:${i + 1}: "${m[0]}" (${what})`);
        }
      });
    expect(found).toEqual([]);
  });
});
