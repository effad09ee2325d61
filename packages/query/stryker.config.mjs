// Mutation testing scope for @playq/query: builder, catalogue, validation and the URL codec.
// Run with `pnpm mutation` here (incremental; see docs/testing.md); the floor is 85%.
import { strykerConfig } from '../../scripts/stryker-config.mjs';

export default strykerConfig({ mutate: ['src/**/*.ts'] });
