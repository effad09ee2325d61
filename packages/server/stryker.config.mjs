// Mutation testing scope for @playq/server: the SQL compiler, the executor and the
// HTTP layer.
// Run with `pnpm mutation` here (incremental; see docs/testing.md); the floor is 75%.
import { strykerConfig } from '../../scripts/stryker-config.mjs';

// The suite builds real DuckDB data sets: a mutant needs more slack than the default allowance.
export default strykerConfig({
  mutate: ['src/sql/**/*.ts', 'src/exec/**/*.ts', 'src/http/**/*.ts'],
  tsconfigFile: 'tsconfig.json',
  timeoutMS: 10_000,
});
