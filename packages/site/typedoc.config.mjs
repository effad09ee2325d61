// TypeDoc for the API reference: one module per public entry of each published package (from the
// packages' `exports`, see scripts/api-entries.mjs), rendered as Markdown pages for VitePress.
import { readFileSync } from 'node:fs';
import { apiEntries } from './scripts/api-entries.mjs';

// "Defined in" links to the file on the code host the packages' manifests name (`repository`).
const repository = JSON.parse(readFileSync(new URL('../query/package.json', import.meta.url), 'utf8'))
  .repository.url.replace(/^git\+/, '')
  .replace(/\.git$/, '');

/** @type {Partial<import('typedoc').TypeDocOptions & Record<string, unknown>>} */
export default {
  name: 'API reference',
  entryPoints: apiEntries().map((e) => e.file),
  tsconfig: './tsconfig.typedoc.json',
  out: './src/api',
  plugin: ['typedoc-plugin-markdown', 'typedoc-vitepress-theme', './scripts/typedoc-package-names.mjs'],
  docsRoot: './src',
  excludeInternal: true,
  excludePrivate: true,
  readme: 'none',
  hideGenerator: true,
  skipErrorChecking: true,
  disableGit: true,
  gitRevision: 'main',
  // Paths are relative to packages/, the entries' common folder.
  sourceLinkTemplate: `${repository}/blob/{gitRevision}/packages/{path}#L{line}`,
  indexFormat: 'table',
  logLevel: 'Warn',
};
