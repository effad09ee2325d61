// Gathers the site's generated pages: the guides from the repository's docs/*.md (copied, so
// docs/ stays plain Markdown that reads well on its own) and the API reference that TypeDoc
// writes from the packages' TSDoc. Both land in src/ and are not committed.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const site = join(dirname(fileURLToPath(import.meta.url)), '..');
const docs = join(site, '..', '..', 'docs');
const guide = join(site, 'src', 'guide');

rmSync(guide, { recursive: true, force: true });
mkdirSync(guide, { recursive: true });
for (const name of readdirSync(docs).filter((f) => f.endsWith('.md')))
  cpSync(join(docs, name), join(guide, name));

if (process.env.PLAYQ_SITE_SKIP_API !== '1') {
  rmSync(join(site, 'src', 'api'), { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [join(site, 'node_modules', 'typedoc', 'bin', 'typedoc'), '--options', 'typedoc.json'],
    {
      cwd: site,
      stdio: 'inherit',
    },
  );
}
