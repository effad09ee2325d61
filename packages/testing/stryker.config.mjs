// Mutation testing scope for @playq/testing: the contract rules that judge a service's answers.
// Run with `pnpm mutation` here (incremental; see docs/testing.md); the floor is 75%.
import { strykerConfig } from '../../scripts/stryker-config.mjs';

export default strykerConfig({
  mutate: ['src/contract/*-rules.ts', 'src/contract/validate-envelope.ts'],
  tsconfigFile: 'tsconfig.json',
  timeoutMS: 10_000,
});
