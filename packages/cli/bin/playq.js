#!/usr/bin/env node
// The `playq` executable: loads the built CLI. In a clone of the repository before `pnpm build`
// it says what to run instead of failing with a module-not-found stack trace.
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  process.stderr.write('playq is not built yet: run `pnpm build` (or `pnpm start`) first\n');
  process.exitCode = 1;
}
