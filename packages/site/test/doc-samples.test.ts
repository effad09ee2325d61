// Every sample output in the docs comes from running its example: each ```ts block followed by a
// ```text block (README.md, docs/*.md, the packages' READMEs and the site's home page) is run and
// must print exactly that text. The examples of the home page and the getting-started page that
// are tests run too. docs/cli.md's samples are checked by the CLI's own tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fencedBlocks, samplesOf } from './docs/markdown-blocks';
import { runExample } from './docs/run-example';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const CHECKED_ELSEWHERE = new Set(['docs/cli.md']);
/** Pages whose examples that are tests run here as tests. */
const RUN_TESTS = new Set(['packages/site/src/index.md', 'docs/getting-started.md']);

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
  'packages/site/src/index.md',
].filter((p) => !CHECKED_ELSEWHERE.has(p));

const read = (page: string) => readFileSync(join(root, page), 'utf8');
const withoutTrailingSpace = (s: string) => s.replace(/[ \t]+$/gm, '').replace(/\n+$/, '');

describe('sample outputs in the docs', () => {
  it('finds samples on the pages that show output', () => {
    const counted = pages.map((p) => [p, samplesOf(read(p)).length] as const);
    expect(counted.filter(([, n]) => n > 0).map(([p]) => p)).toEqual(
      expect.arrayContaining(['docs/getting-started.md', 'packages/site/src/index.md']),
    );
  });

  for (const page of pages) {
    for (const { example, output } of samplesOf(read(page))) {
      it(`${page}:${example.line} prints the text below it`, async () => {
        const { printed } = await runExample(example.body);
        expect(withoutTrailingSpace(printed)).toBe(withoutTrailingSpace(output.body));
      }, 60_000);
    }
  }
});

describe('examples that are tests', () => {
  for (const page of RUN_TESTS) {
    const tests = fencedBlocks(read(page)).filter((b) => b.lang === 'ts' && b.body.includes("from 'vitest'"));
    for (const block of tests) {
      it(`${page}:${block.line} passes`, async () => {
        const { tests: ran } = await runExample(block.body);
        expect(ran).toBeGreaterThan(0);
      }, 120_000);
    }
  }
});
