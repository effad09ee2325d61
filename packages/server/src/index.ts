// @playq/server: the reference Playback Analytics Query Service on an embedded DuckDB database, or
// on ClickHouse (chdb in process, or a server or cluster) through the same plans.

export { type CustomerCredentials, checkCredentials, DEMO_CUSTOMERS } from './data/credentials';
export { PLANTABLE_METRICS, type PlantPlan, plantPlan } from './data/effect-plan';
export type { PackedValues } from './data/packed-values';
export {
  type ColumnSpec,
  ERROR_COLUMNS,
  SESSION_COLUMNS,
  SESSION_STATUSES,
  type SessionStatus,
} from './data/schema';
export { type ChdbOptions, openChdb } from './engine/chdb-engine';
export type { ClickHouseEngine } from './engine/clickhouse-engine';
export { type ClickHouseLoadOptions, loadIntoClickHouse } from './engine/clickhouse-load';
export { type ClickHouseSchemaOptions, clickHouseSchema } from './engine/clickhouse-schema';
export { type ClickHouseServerOptions, openClickHouse } from './engine/clickhouse-server';
export { Dataset } from './engine/duckdb/dataset';
export { type GenerateOptions, generateDataset } from './engine/duckdb/generate';
export { MAX_EFFECT_FACTOR, type PlantedEffect } from './engine/duckdb/generate-effects';
export { type GenerateFilesOptions, generateToDirectory } from './engine/duckdb/generate-files';
export { type InPlaceOptions, openParquetInPlace } from './engine/duckdb/in-place';
export {
  type DataFormat,
  DatasetLoadError,
  findDataFiles,
  type LoadOptions,
  loadDataset,
} from './engine/duckdb/load';
export { datasetFromRecords, type ErrorRecord, type SessionRecord } from './engine/duckdb/records';
export {
  datasetFromRows,
  type ErrorRow,
  SCENARIO_DEFAULTS,
  SCENARIO_START,
  type ScenarioRows,
  type SessionRow,
  scenarioRecords,
} from './engine/duckdb/scenario-rows';
export { type WriteOptions, writeDataset } from './engine/duckdb/write';
export {
  type ChunkVisitor,
  type DatasetStats,
  type Dictionary,
  decodedBy,
  type Engine,
  type LargeDictionary,
  QueryTimeoutError,
  type StatementOptions,
} from './engine/engine';
export { MissingEngineError } from './engine/optional-peer';
export type { AdmissionOptions } from './exec/admission';
export type { AddressLimitOptions } from './http/address-limits';
export { PROBLEM_TYPE_BASE, type ProblemBody, problemResponse, type ServerProblemCode } from './http/problem';
export type { Envelope } from './http/query-handler';
export type { RateLimitOptions } from './http/rate-limit';
export type { ListenInfo } from './http/serving';
export { createService, type Service } from './service';
export type { DataSource, ServiceOptions } from './service-options';
export { type CompileContext, type CompiledQuery, compileQuery } from './sql/compile';
export type { Dialect, DialectName, PlanTarget } from './sql/dialect';
export type { PlanParameter } from './sql/params';
export type { OutputColumn, PlanKind } from './sql/plan';
