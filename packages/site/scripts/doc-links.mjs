// Links in a docs page as the site needs them: docs/*.md pages are written for the code host
// (`[x](query.md#y)`, `[x](../README.md)`); on the site a page's link to another page becomes
// that page's site path, and a link to another file of the repository points at the code host.
import { sitePath } from './guide-pages.mjs';

/** Where the repository's files are browsed (package.json `repository` of every package). */
export const REPOSITORY_BLOB = 'https://github.com/playq/playq/blob/main';

// Fenced blocks and inline code spans: their text is code, never a link.
const CODE = /(^```[\s\S]*?^```|`[^`\n]*`)/m;

/**
 * The page's Markdown with its relative links resolved for the site; other links, and code,
 * unchanged.
 *
 * @example
 * siteLinks('[q](query.md#paging) and [r](../README.md)');
 * // '[q](/guide/query#paging) and [r](https://github.com/playq/playq/blob/main/README.md)'
 */
export function siteLinks(markdown) {
  return markdown
    .split(new RegExp(CODE.source, 'gm'))
    .map((part, i) => (i % 2 === 1 ? part : resolveLinks(part)))
    .join('');
}

function resolveLinks(markdown) {
  return markdown.replace(/\]\((\.\/)?([^)\s#:]*)(#[^)\s]*)?\)/g, (whole, _dot, target, anchor = '') => {
    if (target === '') return whole;
    const page = /^([\w-]+)\.md$/.exec(target)?.[1];
    if (page !== undefined) return `](${sitePath(page)}${anchor})`;
    if (target.startsWith('../')) return `](${REPOSITORY_BLOB}/${target.slice(3)}${anchor})`;
    return whole;
  });
}
