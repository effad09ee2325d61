// What the API reference pages get after TypeDoc writes them. The pages users land on first (the
// builders' entry points, createClient, createTestService, checkContract and playq()) end with a
// table of what they give you: the methods or options of the interface they return or take, each
// with its first sentence and a link to its section, read from the pages TypeDoc wrote for those
// interfaces (the TSDoc stays the one source: nothing here repeats a description). "Defined in"
// lines that point into node_modules (members inherited from TypeScript's or Node's types) go:
// they name no file of this repository. And a title two modules share (`sessionList` of
// `@playq/query` and of `@playq/query/builder`) names its module, so search tells them apart.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Each entry page and the sections of interface pages its table lists, under src/api/@playq/. */
export const ENTRY_PAGES = [
  {
    page: 'query/variables/metricQuery.md',
    title: 'Methods of the builder',
    lists: [['query/interfaces/BuilderMethods.md', 'Methods']],
  },
  {
    page: 'query/variables/sessionQuery.md',
    title: 'Methods of the builder',
    lists: [
      ['query/interfaces/SessionMethods.md', 'Methods'],
      ['query/interfaces/BuilderMethods.md', 'Methods'],
    ],
  },
  {
    page: 'query/variables/sessionList.md',
    title: 'Methods of the builder',
    lists: [['query/interfaces/BuilderMethods.md', 'Methods']],
    // A session list has one record per session: no time series.
    without: ['timeseries'],
  },
  {
    page: 'client/functions/createClient.md',
    title: 'Methods of the client',
    lists: [['client/interfaces/PlayqClient.md', 'Methods']],
  },
  {
    page: 'testing/functions/createTestService.md',
    title: 'What the test service holds',
    lists: [
      ['testing/interfaces/TestService.md', 'Properties'],
      ['testing/interfaces/TestService.md', 'Methods'],
    ],
  },
  {
    page: 'testing/functions/checkContract.md',
    title: 'Options',
    lists: [['testing/interfaces/ContractOptions.md', 'Properties']],
  },
  {
    page: 'codemirror/functions/playq.md',
    title: 'Options',
    lists: [['codemirror/interfaces/PlayqOptions.md', 'Properties']],
  },
];

/** The anchor VitePress gives a heading (its slugify: lower case, punctuation to dashes). */
export function anchorOf(heading) {
  return heading
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/**
 * The members of one `## section` of an interface page: the name (its `###` heading, unescaped),
 * the anchor, and the first sentence of its description.
 *
 * @example
 * members('## Methods\n\n### run()\n\nDefined in: x\n\nOne page of records. More.\n', 'Methods');
 * // [{ name: 'run()', anchor: 'run', summary: 'One page of records.' }]
 */
export function members(markdown, section) {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${section}`);
  if (start < 0) return [];
  const found = [];
  for (let i = start + 1; i < lines.length && !/^## /.test(lines[i]); i++) {
    const heading = /^### (.+)$/.exec(lines[i]);
    if (heading === null) continue;
    const name = heading[1].replace(/\\(.)/g, '$1');
    // Members a standard interface contributes (Symbol.asyncDispose) are the platform's, not ours.
    if (name.startsWith('[')) continue;
    found.push({
      name,
      anchor: anchorOf(heading[1].replace(/\\/g, '')),
      summary: summaryAfter(lines, i + 1),
    });
  }
  return found;
}

// The first paragraph of prose after a heading (not a signature, heading or "Defined in"), to its
// first sentence.
function summaryAfter(lines, from) {
  const paragraph = [];
  for (let i = from; i < lines.length; i++) {
    const line = lines[i];
    if (/^#{2,3} /.test(line)) break;
    const prose = line !== '' && !/^(#|>|Defined in:|```|\*\*\*)/.test(line);
    if (prose) paragraph.push(line.trim());
    else if (paragraph.length > 0) break;
  }
  return firstSentence(paragraph.join(' ')).replace(/\|/g, '\\|');
}

// Up to the first full stop outside parentheses and code that ends a sentence (not "e.g.").
function firstSentence(text) {
  let depth = 0;
  let code = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '`') code = !code;
    else if (!code && c === '(') depth++;
    else if (!code && c === ')') depth--;
    else if (
      !code &&
      depth === 0 &&
      c === '.' &&
      (text[i + 1] ?? ' ').trim() === '' &&
      !/\b(e\.g|i\.e)$/.test(text.slice(0, i))
    )
      return text.slice(0, i + 1);
  }
  return text;
}

/**
 * An entry page with its table of members appended (or replaced, when the page has one already).
 * `lists` are `[link from the entry page to the interface page, its members]`.
 */
export function withMembers(page, title, lists) {
  const marker = '<!-- playq:members -->';
  const kept = page.includes(marker) ? page.slice(0, page.indexOf(marker)).trimEnd() : page.trimEnd();
  const rows = lists.flatMap(([link, list]) =>
    list.map((m) => `| [\`${m.name}\`](${link}#${m.anchor}) | ${m.summary} |`),
  );
  if (rows.length === 0) return `${kept}\n`;
  return `${kept}\n\n${marker}\n\n## ${title}\n\n| Name | What it does |\n| --- | --- |\n${rows.join('\n')}\n`;
}

/** Appends the tables to the entry pages under `apiDir` (src/api); a missing page is an error. */
export function addEntryMembers(apiDir) {
  const root = join(apiDir, '@playq');
  for (const entry of ENTRY_PAGES) {
    const file = join(root, entry.page);
    if (!existsSync(file)) throw new Error(`api-pages: TypeDoc wrote no ${entry.page}`);
    const lists = entry.lists.map(([target, section]) => {
      const list = members(readFileSync(join(root, target), 'utf8'), section).filter(
        (m) => !(entry.without ?? []).includes(m.name.replace(/\(\)$/, '')),
      );
      if (list.length === 0) throw new Error(`api-pages: no "## ${section}" in ${target}`);
      const bare = list.filter((m) => m.summary === '').map((m) => m.name);
      if (bare.length > 0) throw new Error(`api-pages: no description for ${bare.join(', ')} in ${target}`);
      return [relative(dirname(file), join(root, target)), list];
    });
    writeFileSync(file, withMembers(readFileSync(file, 'utf8'), entry.title, lists));
  }
}

/**
 * A page without its "Defined in" lines that point into node_modules (and the blank line after).
 *
 * @example
 * withoutForeignSources('a\n\nDefined in: [node\\_modules/x.d.ts:1](u)\n\nb'); // 'a\n\nb'
 */
export function withoutForeignSources(page) {
  return page.replace(/^Defined in: \[node\\_modules\/[^\n]*\n(\n)?/gm, '');
}

const titleOf = (page) => /^# (.+)$/m.exec(page)?.[1];
// The module a page belongs to: the second link of its breadcrumb line.
const moduleOf = (page) => /^\[API reference\]\([^)]*\) \/ \[([^\]]+)\]/m.exec(page)?.[1];

/**
 * The pages (by file) with every title that more than one page has followed by its module.
 *
 * @example
 * const crumb = (m) => `[API reference](../index.md) / [${m}](index.md) / x\n\n`;
 * distinctTitles(new Map([['a', `${crumb('@p/q')}# Variable: x`], ['b', `${crumb('@p/q/b')}# Variable: x`]]));
 * // Map { 'a' => '…# Variable: x (@p/q)', 'b' => '…# Variable: x (@p/q/b)' }
 */
export function distinctTitles(pages) {
  const count = new Map();
  for (const page of pages.values()) {
    const title = titleOf(page);
    if (title !== undefined) count.set(title, (count.get(title) ?? 0) + 1);
  }
  const out = new Map();
  for (const [file, page] of pages) {
    const title = titleOf(page);
    const module = moduleOf(page);
    const shared = title !== undefined && module !== undefined && count.get(title) > 1;
    out.set(file, shared ? page.replace(/^# .+$/m, `# ${title} (${module})`) : page);
  }
  return out;
}

/** Every step above, over the pages under `apiDir` (src/api). */
export function finishApiPages(apiDir) {
  addEntryMembers(apiDir);
  const pages = new Map();
  for (const entry of readdirSync(apiDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    pages.set(file, withoutForeignSources(readFileSync(file, 'utf8')));
  }
  for (const [file, page] of distinctTitles(pages)) writeFileSync(file, page);
}
