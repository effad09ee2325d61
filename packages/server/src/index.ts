// @playq/server: the reference Playback Analytics Query Service on an embedded DuckDB database, or
// on ClickHouse (chdb in process, or a server or cluster) through the same plans.

export { checkCredentials, DEMO_CUSTOMERS, type DemoCredentials } from './data/customers';
export { Dataset, type DatasetStats, type Dictionary, QueryTimeoutError } from './data/dataset';
export { type GenerateOptions, generateDataset } from './data/generate';
export { type GenerateFilesOptions, generateToDirectory } from './data/generate-files';
export { type InPlaceOptions, openParquetInPlace } from './data/in-place';
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
export { type WriteOptions, writeDataset } from './data/write';
export { type ChdbOptions, openChdb } from './engine/chdb-engine';
export type { ClickHouseEngine } from './engine/clickhouse-engine';
export { type ClickHouseLoadOptions, loadIntoClickHouse } from './engine/clickhouse-load';
export { type ClickHouseSchemaOptions, clickHouseSchema } from './engine/clickhouse-schema';
export { type ClickHouseServerOptions, openClickHouse } from './engine/clickhouse-server';
export {
  type ChunkVisitor,
  decodedBy,
  type Engine,
  type LargeDictionary,
  type StatementOptions,
} from './engine/engine';
export { MissingEngineError } from './engine/optional-peer';
export type { AddressLimitOptions } from './http/address-limits';
export { PROBLEM_TYPE_BASE, type ProblemBody, problemResponse, type ServerProblemCode } from './http/problem';
export type { Envelope } from './http/query-handler';
export type { RateLimitOptions } from './http/rate-limit';
export type { ListenInfo } from './http/serving';
export { createService, type Service } from './service';
export type { DataSource, ServiceOptions } from './service-options';
export type { AdmissionOptions } from './sql/admission';
export { type CompileContext, type CompiledQuery, compileQuery } from './sql/compile';
export type { Dialect, DialectName, PlanTarget } from './sql/dialect';
export type { PackedValues } from './sql/packed-values';
export type { PlanParameter } from './sql/params';
export type { OutputColumn, PlanKind } from './sql/plan';
