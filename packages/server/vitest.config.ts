import { packageConfig } from '../../vitest.shared.ts';

// Generous timeouts: the suite builds real DuckDB data sets and runs beside other packages' suites
// on a 2-core machine under CI, where a hook that takes 1 s alone can take 10 s.
export default packageConfig('server', { testTimeout: 30_000, hookTimeout: 120_000 });
