// The docs site: the pages of docs/ (placed by scripts/guide-pages.mjs), the TypeDoc API
// reference and the playground. scripts/prepare-docs.mjs copies the pages and generates src/api
// before a build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitepress';
import { ebnf } from '../scripts/ebnf-language.mjs';
import { siteLayout } from '../scripts/guide-pages.mjs';

const src = fileURLToPath(new URL('../src', import.meta.url));
const docsDir = fileURLToPath(new URL('../../../docs', import.meta.url));
const layout = siteLayout(
  readdirSync(docsDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ page: f.replace(/\.md$/, ''), text: readFileSync(`${docsDir}/${f}`, 'utf8') })),
);
const apiSidebarFile = `${src}/api/typedoc-sidebar.json`;
const apiSidebar = existsSync(apiSidebarFile) ? JSON.parse(readFileSync(apiSidebarFile, 'utf8')) : [];

export default defineConfig({
  title: 'playq',
  description: 'TypeScript toolkit for the Playback Analytics Query Service',
  srcDir: 'src',
  cleanUrls: true,
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }]],
  markdown: { languages: [ebnf] },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/' },
      { text: 'API', link: '/api/' },
      { text: 'HTTP API', link: '/http-api' },
      { text: 'Playground', link: '/playground' },
      ...(layout.contributing ? [{ text: 'Contributing', link: layout.contributing }] : []),
    ],
    sidebar: { ...layout.sidebar, '/api/': apiSidebar },
    search: { provider: 'local' },
  },
  vite: {
    // The packages resolve to their built dist/, as a user's bundler would see them.
    build: { chunkSizeWarningLimit: 1500 },
  },
});
