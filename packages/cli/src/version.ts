// The package version, read once from package.json so `playq --version` cannot drift from it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The version of @playq/cli. */
export const VERSION: string = (require('../package.json') as { version: string }).version;
