// The docs site: the guides copied from docs/, the TypeDoc API reference and the playground.
// scripts/prepare-docs.mjs generates src/guide and src/api before a build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitepress';

const src = fileURLToPath(new URL('../src', import.meta.url));
const guides = existsSync(`${src}/guide`)
  ? readdirSync(`${src}/guide`)
      .filter((f) => f.endsWith('.md'))
      .map((f) => f.replace(/\.md$/, ''))
  : [];
const apiSidebarFile = `${src}/api/typedoc-sidebar.json`;
const apiSidebar = existsSync(apiSidebarFile) ? JSON.parse(readFileSync(apiSidebarFile, 'utf8')) : [];

export default defineConfig({
  title: 'playq',
  description: 'TypeScript toolkit for the Playback Analytics Query Service',
  srcDir: 'src',
  cleanUrls: true,
  // The guides link to files of the repository outside docs/ (sources, the changelog); those
  // links work on the code host, not on the site.
  ignoreDeadLinks: [/^\.\.\//, /^\.\/\.\.\//],
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/grammar' },
      { text: 'API', link: '/api/' },
      { text: 'Playground', link: '/playground' },
    ],
    sidebar: {
      '/guide/': [{ text: 'Guide', items: guides.map((g) => ({ text: g, link: `/guide/${g}` })) }],
      '/api/': apiSidebar,
    },
    search: { provider: 'local' },
  },
  vite: {
    // The packages resolve to their built dist/, as a user's bundler would see them.
    build: { chunkSizeWarningLimit: 1500 },
  },
});
