import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'tanstack-query': 'src/tanstack-query/index.ts' },
  format: ['esm'],
  // Internals tagged @internal stay out of the published types.
  dts: { compilerOptions: { stripInternal: true } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
});
