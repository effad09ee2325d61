import { packageConfig } from '../../vitest.shared.ts';

export default packageConfig('cli', {
  // The binary tests spawn dist/bin.js; build it once before any test file runs.
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
});
