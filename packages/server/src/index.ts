// @playq/server: the reference Playback Analytics Query Service on an embedded DuckDB database.

export { checkCredentials, DEMO_CUSTOMERS, type DemoCredentials } from './data/customers';
export { Dataset, type DatasetStats, type Dictionary, QueryTimeoutError } from './data/dataset';
export { type GenerateOptions, generateDataset } from './data/generate';
export {
  type DataFormat,
  DatasetLoadError,
  findDataFiles,
  type LoadOptions,
  loadDataset,
} from './data/load';
export { datasetFromRecords, type ErrorRecord, type SessionRecord } from './data/records';
export {
  type ColumnSpec,
  ERROR_COLUMNS,
  SESSION_COLUMNS,
  SESSION_STATUSES,
  type SessionStatus,
} from './data/schema';
export { generateToDirectory, type WriteOptions, writeDataset } from './data/write';
export type { AddressLimitOptions } from './http/address-limits';
export { PROBLEM_TYPE_BASE, type ProblemBody, problemResponse, type ServerProblemCode } from './http/problem';
export type { Envelope } from './http/query-handler';
export type { RateLimitOptions } from './http/rate-limit';
export type { ListenInfo } from './http/serving';
export { createService, type Service } from './service';
export type { DataSource, ServiceOptions } from './service-options';
export type { AdmissionOptions } from './sql/admission';
export { type CompiledQuery, compileQuery } from './sql/compile';
export type { PlanParameter } from './sql/params';
export type { OutputColumn, PlanKind } from './sql/plan';
