// Mutation testing scope for @playq/client: transport, retries, pagination, auth, errors.
// Run with `pnpm mutation` here (incremental; see docs/testing.md); the floor is 85%.
import { strykerConfig } from '../../scripts/stryker-config.mjs';

export default strykerConfig({ mutate: ['src/**/*.ts', '!src/transport/types.ts'] });
