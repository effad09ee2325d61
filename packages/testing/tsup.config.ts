import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', arbitraries: 'src/arbitraries/index.ts', msw: 'src/msw/index.ts' },
  format: ['esm'],
  // Internals tagged @internal stay out of the published types.
  dts: { compilerOptions: { stripInternal: true } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'node',
  // Optional peers and siblings stay imports, so users share one instance of each.
  external: ['msw', 'fast-check', /^@playq\//],
});
