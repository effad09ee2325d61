// Mutation testing scope for @playq/grammar: every parser, lexer, serializer and diagnostic helper.
// Run with `pnpm mutation` here (incremental; see docs/testing.md); the floor is 90%.
import { strykerConfig } from '../../scripts/stryker-config.mjs';

export default strykerConfig({ mutate: ['src/**/*.ts', '!src/ast.ts', '!src/diagnostic.ts'] });
