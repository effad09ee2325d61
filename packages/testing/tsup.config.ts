import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', arbitraries: 'src/arbitraries/index.ts', msw: 'src/msw/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'node',
  // Optional peers and siblings stay imports, so users share one instance of each.
  external: ['msw', 'fast-check', /^@playq\//],
});
