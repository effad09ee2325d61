// @playq/testing: the testing toolkit for the Playback Analytics Query Service — an in-process
// test service, a contract suite for any deployment and record/replay transports. fast-check
// arbitraries live in `@playq/testing/arbitraries` and MSW handlers in `@playq/testing/msw`, so
// the optional peers fast-check and msw are loaded only by the subpath that needs them.

export type { ErrorRow, PlantedEffect, ScenarioRows, SessionRow } from '@playq/server';
export { CONTRACT_CHECKS, checkContract } from './contract/check-contract';
export { formatContractReport } from './contract/format-report';
export type {
  CheckStatus,
  ClientCredentialsOptions,
  ContractCheckResult,
  ContractOptions,
  ContractReport,
  Finding,
  FindingBasis,
  Transport,
} from './contract/types';
export { validateEnvelope } from './contract/validate-envelope';
export {
  type ErrorFields,
  epochSeconds,
  errorEvent,
  type ScenarioTime,
  type SessionFields,
  session,
} from './scenario/rows';
export {
  startTestServer,
  type TestServer,
  type TestServerOptions,
  withTestServer,
} from './service/test-server';
export {
  createTestService,
  TEST_DATA_END,
  TEST_ORIGIN,
  type TestDataSource,
  type TestService,
  type TestServiceOptions,
} from './service/test-service';
export {
  type Fixture,
  type FixtureEntry,
  type FixtureRequest,
  type FixtureResponse,
  parseFixture,
} from './transport/fixture';
export { loadFixture, saveFixture } from './transport/fixture-file';
export {
  type RecordingOptions,
  type RecordingTransport,
  recordingTransport,
} from './transport/recording-transport';
export { REDACTED, type RedactOptions } from './transport/redact';
export {
  type OnMissing,
  ReplayMissError,
  type ReplayOptions,
  type ReplayTransport,
  replayTransport,
} from './transport/replay-transport';
