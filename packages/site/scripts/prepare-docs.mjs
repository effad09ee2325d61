// Gathers the site's generated pages: each page of the repository's docs/ copied to its place on
// the site (scripts/guide-pages.mjs) with its links resolved for the site (scripts/doc-links.mjs),
// so docs/ stays plain Markdown that reads well on the code host, and the API reference that
// TypeDoc writes from the packages' TSDoc (src/api/, the entry points' pages ending with their
// members: scripts/api-pages.mjs), and the HTTP API page's OpenAPI document and
// Redoc bundle (src/public/). None of it is committed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finishApiPages } from './api-pages.mjs';
import { siteLinks } from './doc-links.mjs';
import { SECTIONS, siteFile } from './guide-pages.mjs';
import { writeHttpApiFiles } from './http-api.mjs';

const site = join(dirname(fileURLToPath(import.meta.url)), '..');
const docs = join(site, '..', '..', 'docs');

for (const base of new Set(['guide', ...SECTIONS.map((s) => s.base)]))
  rmSync(join(site, 'src', base), { recursive: true, force: true });
for (const name of readdirSync(docs).filter((f) => f.endsWith('.md'))) {
  const target = join(site, 'src', siteFile(name.replace(/\.md$/, '')));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, siteLinks(readFileSync(join(docs, name), 'utf8')));
}

writeHttpApiFiles(join(site, 'src', 'public'));

if (process.env.PLAYQ_SITE_SKIP_API !== '1') {
  rmSync(join(site, 'src', 'api'), { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [join(site, 'node_modules', 'typedoc', 'bin', 'typedoc'), '--options', 'typedoc.config.mjs'],
    { cwd: site, stdio: 'inherit' },
  );
  finishApiPages(join(site, 'src', 'api'));
}
