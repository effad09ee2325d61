import { mergeConfig, type Plugin } from 'vitest/config';
import { packageConfig } from '../../vitest.shared.ts';

// As tsup's `.md` text loader does for the build: a Markdown import is its text.
const markdownAsText: Plugin = {
  name: 'markdown-as-text',
  transform(code, id) {
    return id.endsWith('.md') ? { code: `export default ${JSON.stringify(code)};`, map: null } : undefined;
  },
};

export default mergeConfig(
  packageConfig('cli', {
    // The binary tests spawn dist/bin.js; build it once before any test file runs.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  }),
  { plugins: [markdownAsText] },
);
