import { packageConfig } from '../../vitest.shared.ts';

// Type behaviour (`*.test-d.ts`) is tested by vitest's typecheck alongside the runtime tests.
export default packageConfig('query', {
  typecheck: {
    enabled: true,
    include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
    tsconfig: './tsconfig.typetest.json',
  },
});
