import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  // Internals tagged @internal stay out of the published types.
  dts: { compilerOptions: { stripInternal: true } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
});
