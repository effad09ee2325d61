// @playq/cli: the `playq` command. The binary lives in bin.ts; this entry exposes `run` so the CLI
// can be embedded and tested in-process, plus the small formatting helpers it is built from.

export { CliError, EXIT } from './errors';
export { barChart, sparkline } from './format/chart';
export { type Colors, createColors, shouldColor } from './format/colors';
export { type CsvOptions, csvField, csvHeader, csvNumber, csvRow } from './format/csv';
export { renderTable, type TableOptions } from './format/table';
export type { CliIo, OutputStream } from './io';
export { run } from './program';
