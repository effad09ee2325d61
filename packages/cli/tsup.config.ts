import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
  format: ['esm'],
  // Internals tagged @internal stay out of the published types.
  dts: { compilerOptions: { stripInternal: true } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'node',
  // The docs pages `playq mcp` serves as resources are bundled as text: an install has no docs/.
  loader: { '.md': 'text' },
  // Maps give file and line for stack traces without carrying the sources (and the bundled docs)
  // a second time: a command's users do not step through it, and it halves the tarball.
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
});
