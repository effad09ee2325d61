// Where the docs pages land on the site and how they link: the guide in a new user's order with
// titles in words, contributors' pages in their own section, every page of docs/ placed, links
// resolved for the site; the API reference's modules named by the specifiers users import.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiEntries } from '../scripts/api-entries.mjs';
import { REPOSITORY_BLOB, siteLinks } from '../scripts/doc-links.mjs';
import { SECTIONS, siteFile, siteLayout, sitePath } from '../scripts/guide-pages.mjs';

const docsDir = fileURLToPath(new URL('../../../docs', import.meta.url));
const docs = readdirSync(docsDir)
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({ page: f.replace(/\.md$/, ''), text: readFileSync(`${docsDir}/${f}`, 'utf8') }));

describe('the guide', () => {
  const layout = siteLayout(docs);

  it('places every page of docs/ (a new page needs its place in scripts/guide-pages.mjs)', () => {
    expect(layout.unplaced).toEqual([]);
  });

  it("lists the user guide in a new user's order, titled in words", () => {
    expect(layout.sidebar['/guide/']?.[0]?.items.map((i: { text: string }) => i.text)).toEqual([
      'Getting started',
      'Compose queries',
      'Validate user input',
      'Run queries',
      'Test your integration',
      'The command line',
      'Editor support',
      'The reference service',
      'The catalogue',
    ]);
  });

  it('serves getting started as /guide/ and keeps contributor pages out of the guide', () => {
    expect(sitePath('getting-started')).toBe('/guide/');
    expect(siteFile('getting-started')).toBe('guide/index.md');
    const guideLinks = layout.sidebar['/guide/']?.flatMap((g: { items: { link: string }[] }) =>
      g.items.map((i) => i.link),
    );
    expect(guideLinks).not.toContain('/guide/mutation-testing');
    expect(sitePath('mutation-testing')).toBe('/contributing/mutation-testing');
    expect(sitePath('architecture')).toBe('/contributing/architecture');
    expect(layout.contributing).toMatch(/^\/contributing\//);
  });

  it('puts a page no section lists under "More", titled by its heading', () => {
    const more = siteLayout([...docs, { page: 'zz-new', text: '# A `new` page\n' }]);
    expect(more.unplaced).toEqual(['zz-new']);
    expect(more.sidebar['/guide/']?.at(-1)).toEqual({
      text: 'More',
      items: [{ text: 'A new page', link: '/guide/zz-new' }],
    });
  });

  it('names each page once', () => {
    const pages = SECTIONS.flatMap((s: { pages: { page: string }[] }) => s.pages.map((p) => p.page));
    expect(new Set(pages).size).toBe(pages.length);
  });
});

describe('links on the site', () => {
  it("resolves a page's links to other pages and to the repository's files", () => {
    expect(siteLinks('[a](query.md) [b](./client.md#retries) [c](mutation-testing.md) [d](#here)')).toBe(
      '[a](/guide/query) [b](/guide/client#retries) [c](/contributing/mutation-testing) [d](#here)',
    );
    expect(siteLinks('[r](../README.md) [s](../packages/query/src/index.ts#L3)')).toBe(
      `[r](${REPOSITORY_BLOB}/README.md) [s](${REPOSITORY_BLOB}/packages/query/src/index.ts#L3)`,
    );
    expect(siteLinks('[w](https://example.com/x.md) and `code](x.md)`-free text')).toBe(
      '[w](https://example.com/x.md) and `code](x.md)`-free text',
    );
  });
});

describe('the API reference', () => {
  const entries = apiEntries();

  it('documents every public package by the name users import, subpaths included', () => {
    const names = entries.map((e: { specifier: string }) => e.specifier);
    for (const pkg of ['grammar', 'query', 'client', 'server', 'testing', 'cli', 'codemirror'])
      expect(names).toContain(`@playq/${pkg}`);
    expect(names).toEqual(expect.arrayContaining(['@playq/query/builder', '@playq/testing/msw']));
    expect(names.filter((n: string) => /\/src\b|monorepo|site/.test(n))).toEqual([]);
  });

  it('describes each entry in a sentence from its role comment, not the file layout', () => {
    for (const e of entries) {
      expect(e.description, e.specifier).toMatch(/^[A-Za-z`].{20,}/);
      expect(e.description, e.specifier).not.toMatch(/^@playq\//);
    }
  });
});
