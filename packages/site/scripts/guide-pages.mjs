// Where each page of docs/ goes on the site and its title there: the user guide in the order a
// new user reads it, reference pages after it, and the contributors' pages in their own section.
// The site's sidebar, prepare-docs (which copies each page to its place) and the site's tests
// read this one table.

/** The page served as `/guide/` (the guide's index). */
export const GUIDE_INDEX = 'getting-started';

/**
 * The sections of the site made from docs/*.md, in sidebar order. `page` is the file name in
 * docs/ without `.md`; `base` is the first segment of the page's path on the site.
 *
 * @example
 * SECTIONS[0].pages[0]; // { page: 'getting-started', title: 'Getting started' }
 */
export const SECTIONS = [
  {
    base: 'guide',
    title: 'Guide',
    pages: [
      { page: 'getting-started', title: 'Getting started' },
      { page: 'query', title: 'Compose queries' },
      { page: 'grammar', title: 'Validate user input' },
      { page: 'client', title: 'Run queries' },
      { page: 'testing', title: 'Test your integration' },
      { page: 'cli', title: 'The command line' },
      { page: 'editor', title: 'Editor support' },
      { page: 'server', title: 'The reference service' },
      { page: 'catalogue', title: 'The catalogue' },
    ],
  },
  { base: 'guide', title: 'Reference', pages: [{ page: 'decisions', title: 'Decisions' }] },
  {
    base: 'contributing',
    title: 'Contributing',
    pages: [
      { page: 'architecture', title: 'Architecture' },
      { page: 'mutation-testing', title: 'Mutation testing' },
      { page: 'performance', title: 'Performance figures' },
    ],
  },
];

/**
 * The site path of a docs page (`/guide/query`); a page no section lists goes to `/guide/`.
 *
 * @example
 * sitePath('mutation-testing'); // '/contributing/mutation-testing'
 */
export function sitePath(page) {
  if (page === GUIDE_INDEX) return '/guide/';
  const section = SECTIONS.find((s) => s.pages.some((p) => p.page === page));
  return `/${section?.base ?? 'guide'}/${page}`;
}

/** The Markdown file under the site's src/ that serves a docs page (`guide/index.md`). */
export function siteFile(page) {
  const path = sitePath(page).slice(1);
  return path.endsWith('/') ? `${path}index.md` : `${path}.md`;
}

/**
 * The sidebars for the docs pages present (`text` is each page's Markdown), the path of the first
 * contributors' page, and the pages no section lists. Those go to a "More" group titled by their
 * heading, so a new page is never dropped; the site's tests fail until it has its place above.
 */
/** @param {readonly { page: string; text: string }[]} docs */
export function siteLayout(docs) {
  const present = new Map(docs.map((d) => [d.page, d.text]));
  /** @type {Record<string, { text: string; items: { text: string; link: string }[] }[]>} */
  const sidebar = {};
  const listed = new Set();
  for (const section of SECTIONS) {
    const items = section.pages
      .filter((p) => present.has(p.page))
      .map((p) => {
        listed.add(p.page);
        return { text: p.title, link: sitePath(p.page) };
      });
    if (items.length > 0) groupsOf(sidebar, section.base).push({ text: section.title, items });
  }
  const unplaced = [...present.keys()].filter((page) => !listed.has(page)).sort();
  if (unplaced.length > 0) {
    const items = unplaced.map((page) => {
      const heading = /^# (.+)$/m.exec(present.get(page))?.[1] ?? page;
      return { text: heading.replace(/`/g, ''), link: sitePath(page) };
    });
    groupsOf(sidebar, 'guide').push({ text: 'More', items });
  }
  const contributing = sidebar['/contributing/']?.[0]?.items[0]?.link;
  return { sidebar, contributing, unplaced };
}

function groupsOf(sidebar, base) {
  const key = `/${base}/`;
  sidebar[key] ??= [];
  return sidebar[key];
}
