import { packageConfig } from '../../vitest.shared';

export default packageConfig('codemirror');
