import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    builder: 'src/builder-only.ts',
    arbitraries: 'src/arbitraries/index.ts',
    openapi: 'src/openapi/index.ts',
    'standard-schema': 'src/standard-schema/index.ts',
  },
  format: ['esm'],
  // Internals tagged @internal stay out of the published types.
  // The Standard Schema interface is types only: inlined, so no consumer installs the spec package.
  dts: { compilerOptions: { stripInternal: true }, resolve: ['@standard-schema/spec'] },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
});
