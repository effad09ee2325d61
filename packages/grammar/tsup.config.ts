import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', arbitraries: 'src/arbitraries/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  // chevrotain pulls in all of lodash-es as hundreds of modules: imported unbundled it costs about
  // half a second at start-up. Bundled and tree-shaken it is a few milliseconds.
  noExternal: ['chevrotain'],
  treeshake: true,
});
