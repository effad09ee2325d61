import type { QueryNode } from '@playq/query';
import type * as fc from 'fast-check';
import { expectTypeOf, test } from 'vitest';
import * as arbitraries from '../src/arbitraries/index';
import {
  type CheckStatus,
  type ContractReport,
  checkContract,
  createTestService,
  type Fixture,
  recordingTransport,
  replayTransport,
  type Transport,
} from '../src/index';
import { playqHandlers } from '../src/msw/index';

test('public types', () => {
  expectTypeOf(checkContract).returns.resolves.toEqualTypeOf<ContractReport>();
  expectTypeOf<ContractReport['checks'][number]['status']>().toEqualTypeOf<CheckStatus>();
  expectTypeOf<CheckStatus>().toEqualTypeOf<'pass' | 'fail' | 'info' | 'skip'>();
  expectTypeOf(arbitraries.metricQuery()).toEqualTypeOf<fc.Arbitrary<QueryNode>>();
  expectTypeOf(arbitraries.queryWithEnvelope()).toMatchTypeOf<
    fc.Arbitrary<{ readonly query: QueryNode; readonly envelope: arbitraries.ResultEnvelope }>
  >();
  expectTypeOf(recordingTransport().fixture).returns.toEqualTypeOf<Fixture>();
  expectTypeOf(replayTransport).returns.toMatchTypeOf<Transport>();
  expectTypeOf(createTestService).returns.resolves.toHaveProperty('fetch').toMatchTypeOf<Transport>();
  expectTypeOf(playqHandlers).parameter(0).toHaveProperty('fetch');
  // @ts-expect-error a contract run needs a customer and its API key
  checkContract({ baseUrl: 'http://x' });
});
