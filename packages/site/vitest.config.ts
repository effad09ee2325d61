import { packageConfig } from '../../vitest.shared';

// One browser, one site build: the e2e steps run in order in one file.
export default packageConfig('site', { testTimeout: 60_000, hookTimeout: 300_000 });
