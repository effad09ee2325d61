// TypeDoc for the API reference: one module per public entry of each published package (from the
// packages' `exports`, see scripts/api-entries.mjs), rendered as Markdown pages for VitePress.
import { apiEntries } from './scripts/api-entries.mjs';

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
  indexFormat: 'table',
  logLevel: 'Warn',
};
