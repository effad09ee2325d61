// @playq/server: the reference Playback Analytics Query Service on an embedded DuckDB database.

export { checkCredentials, DEMO_CUSTOMERS, type DemoCredentials } from './data/customers';
export { Dataset, type DatasetStats, type Dictionary, QueryTimeoutError } from './data/dataset';
export { type GenerateOptions, generateDataset } from './data/generate';
export {
  type DataFormat,
  DatasetLoadError,
  datasetFromRecords,
  type ErrorRecord,
  findDataFiles,
  type LoadOptions,
  loadDataset,
  type SessionRecord,
} from './data/load';
export { type ColumnSpec, ERROR_COLUMNS, SESSION_COLUMNS } from './data/schema';
export { generateToDirectory, type WriteOptions, writeDataset } from './data/write';
export type { AddressLimitOptions } from './http/address-limits';
export { PROBLEM_TYPE_BASE, type ProblemBody, problemResponse, type ServerProblemCode } from './http/problem';
export type { Envelope } from './http/query-handler';
export type { RateLimitOptions } from './http/rate-limit';
export {
  createService,
  type DataSource,
  type ListenInfo,
  type Service,
  type ServiceOptions,
} from './service';
export type { AdmissionOptions } from './sql/admission';
export { type CompiledQuery, compileQuery } from './sql/compile';
