// Every sample output in the docs comes from its example: each ```ts block followed by a ```text
// block (README.md, docs/*.md, the packages' READMEs and the site's home page) is run and must
// print exactly that text; before a ```text tsc block it is compiled, and the compiler's messages
// and the named types must be that text. Examples of docs/client.md run against a reference service
// on 127.0.0.1. The examples of the home page and the getting-started page that
// are tests run too. docs/cli.md's samples are checked by the CLI's own tests.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createService, type Service } from '@playq/server';
import { afterAll, describe, expect, it } from 'vitest';
import { compileExample } from './docs/compile-example';
import { fencedBlocks, samplesOf, withSampleOutput } from './docs/markdown-blocks';
import { runExample } from './docs/run-example';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const CHECKED_ELSEWHERE = new Set(['docs/cli.md']);
/** Pages whose examples talk to a service at LOCAL_SERVICE: they get a reference service on loopback. */
const LIVE = new Set(['docs/client.md']);
const LOCAL_SERVICE = 'http://127.0.0.1:8080';
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
/** `UPDATE_DOC_SAMPLES=1` writes what each example gives into its page instead of comparing: review the diff. */
const UPDATE = process.env.UPDATE_DOC_SAMPLES === '1';
const withoutTrailingSpace = (s: string) => s.replace(/[ \t]+$/gm, '').replace(/\n+$/, '');

let service: Promise<{ service: Service; origin: string }> | undefined;
/** The reference service live examples use, started on first use (as docs/client.md's own test does). */
function liveService() {
  service ??= createService({ data: { generate: { sessions: 3000, seed: 3 } }, rateLimit: false }).then(
    async (s) => ({ service: s, origin: (await s.listen({ port: 0, host: '127.0.0.1' })).url }),
  );
  return service;
}
afterAll(async () => (await service)?.service.close());

/** What an example gives: its compiler messages, or what it prints (against a live service if its page needs one). */
async function actualOutput(page: string, example: string, compiler: boolean): Promise<string> {
  if (compiler) return compileExample(example);
  if (!LIVE.has(page)) return (await runExample(example)).printed;
  const { origin } = await liveService();
  const { printed } = await runExample(example.replaceAll(LOCAL_SERVICE, origin));
  return printed.replaceAll(origin, LOCAL_SERVICE);
}

describe('sample outputs in the docs', () => {
  it('finds samples on the pages that show output', () => {
    const counted = pages.map((p) => [p, samplesOf(read(p)).length] as const);
    expect(counted.filter(([, n]) => n > 0).map(([p]) => p)).toEqual(
      expect.arrayContaining(['docs/getting-started.md', 'packages/site/src/index.md']),
    );
  });

  for (const page of pages) {
    samplesOf(read(page)).forEach(({ example, output }, index) => {
      const compiler = output.attrs === 'tsc';
      it(`${page}:${example.line} ${compiler ? 'gets the compiler messages' : 'prints the text'} below it`, async () => {
        const actual = await actualOutput(page, example.body, compiler);
        if (UPDATE) writeFileSync(join(root, page), withSampleOutput(read(page), index, actual));
        else
          expect(
            withoutTrailingSpace(actual),
            `${page}:${output.line}: the block under the example differs from what it ${compiler ? 'compiles to' : 'prints'} ` +
              '(UPDATE_DOC_SAMPLES=1 writes what it gives into the page: review that diff)',
          ).toBe(withoutTrailingSpace(output.body));
      }, 60_000);
    });
  }
});

describe('the sample blocks of a page', () => {
  const page = [
    '# t',
    '```ts',
    "console.log('a');",
    '```',
    '',
    '```text',
    'old',
    'lines',
    '```',
    '```ts',
    'x;',
    '```',
    '',
  ].join('\n');

  it('pairs a ts block with the text block right after it, and rewrites that text block alone', () => {
    const [sample] = samplesOf(page);
    expect(sample?.example).toMatchObject({ lang: 'ts', line: 2, body: "console.log('a');\n" });
    expect(sample?.output).toMatchObject({ lang: 'text', attrs: '', line: 6, body: 'old\nlines\n' });
    expect(samplesOf(page)).toHaveLength(1);
    expect(withSampleOutput(page, 0, 'new')).toBe(page.replace('old\nlines', 'new'));
    expect(withSampleOutput(page, 0, '')).toBe(page.replace('old\nlines\n', ''));
    expect(samplesOf(withSampleOutput(page, 0, 'a\nb\nc'))[0]?.output.body).toBe('a\nb\nc\n');
  });

  it('reads the tsc mark of a compiler sample', () => {
    expect(samplesOf(page.replace('```text', '```text tsc'))[0]?.output.attrs).toBe('tsc');
  });
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
