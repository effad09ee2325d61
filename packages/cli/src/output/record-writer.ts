// Turns pages of result records into one output format, page by page, so an export of many pages
// streams to its file instead of waiting for the last page (the table waits: it needs every
// width, and the JSON envelope needs the final count).

import { columnsOf, NOT_DATA } from '../format/cell';
import type { Colors } from '../format/colors';
import { type CsvOptions, csvHeader, csvRow } from '../format/csv';
import { renderTable } from '../format/table';
import { safeJson, terminalText } from '../format/terminal-text';
import { renderTimeSeriesChart } from '../format/time-series-chart';

export const FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

export type ResultRecord = Readonly<Record<string, unknown>>;

export interface WriterOptions {
  readonly format: Format;
  /** Where text goes; awaited so a file write applies backpressure. */
  readonly write: (text: string) => void | Promise<void>;
  readonly colors: Colors;
  /** Pretty-print JSON (for a terminal). */
  readonly pretty?: boolean;
  /** CSV cell options: formula-like text is neutralised unless `raw`. */
  readonly csv?: CsvOptions;
  /**
   * The text goes to a terminal: CSV cells get their control characters escaped too (JSON and
   * tables always escape them).
   */
  readonly terminal?: boolean;
  /** For a table of a time series: add a chart of each metric below it. */
  readonly chart?: {
    readonly metrics: readonly string[];
    readonly width: number;
    /** Fills empty buckets for the chart; used only when every record of the result is held. */
    readonly fill?: ((records: readonly ResultRecord[]) => ResultRecord[]) | undefined;
  };
}

export interface ResultSummary {
  readonly totalrecords: number;
  readonly pagecount: number;
}

export interface RecordWriter {
  /** Adds records in order. */
  add(records: readonly ResultRecord[]): Promise<void>;
  /** Writes whatever is still held; call once, after the last page. */
  end(summary: ResultSummary): Promise<void>;
  /** Records added so far. */
  readonly count: number;
}

/**
 * A writer for one format. CSV takes its columns from the first record (records of one result
 * share their keys); a later record with another key is an error rather than a silently lost field.
 *
 * @example
 * const w = createRecordWriter({ format: 'ndjson', write: (t) => process.stdout.write(t), colors });
 * await w.add([{ country: 'US', errors: 3 }]);
 * await w.end({ totalrecords: 1, pagecount: 1 });
 */
export function createRecordWriter(options: WriterOptions): RecordWriter {
  const { format, write } = options;
  const held: ResultRecord[] = [];
  let columns: string[] | undefined;
  let count = 0;
  const csv = options.csv ?? {};
  const forCsv = options.terminal
    ? (rs: readonly ResultRecord[]) => rs.map(escapeRecord)
    : (rs: readonly ResultRecord[]) => rs;
  return {
    get count() {
      return count;
    },
    async add(records) {
      count += records.length;
      switch (format) {
        case 'table':
        case 'json':
          for (const r of records) held.push(r);
          return;
        case 'ndjson':
          if (records.length > 0) await write(records.map((r) => `${safeJson(r)}\n`).join(''));
          return;
        case 'csv': {
          if (records.length === 0) return;
          const rows = forCsv(records);
          let text = '';
          if (columns === undefined) {
            columns = columnsOf(rows.slice(0, 1));
            text += csvHeader(columns, csv);
          }
          for (const r of rows) {
            const extra = Object.keys(r).find((k) => !columns!.includes(k) && !NOT_DATA.has(k));
            if (extra !== undefined)
              throw new Error(
                `record has a field "${extra}" that the CSV header (${columns.join(',')}) lacks`,
              );
            text += csvRow(columns, r, csv);
          }
          await write(text);
          return;
        }
      }
    },
    async end(summary) {
      if (format === 'table') {
        await write(renderTable(held, { colors: options.colors }));
        const chart = options.chart;
        if (chart && held.length > 1) {
          const complete = held.length === summary.totalrecords;
          const series = complete && chart.fill ? chart.fill(held) : held;
          await write(renderTimeSeriesChart(series, chart.metrics, chart.width, options.colors));
        }
      } else if (format === 'json') {
        const envelope = {
          totalcount: held.length,
          pagecount: summary.pagecount,
          totalrecords: summary.totalrecords,
          response: held,
        };
        await write(`${safeJson(envelope, options.pretty ? 2 : undefined)}\n`);
      }
    },
  };
}

// A record for CSV on a terminal: names and text values with their control characters escaped.
function escapeRecord(record: ResultRecord): ResultRecord {
  return Object.fromEntries(
    Object.entries(record).map(([k, v]) => [terminalText(k), typeof v === 'string' ? terminalText(v) : v]),
  );
}

/**
 * The format an output file's extension implies, when it implies one.
 *
 * @example
 * formatForFile('errors.csv'); // 'csv'
 */
export function formatForFile(path: string): Format | undefined {
  const ext = /\.([A-Za-z]+)$/.exec(path)?.[1]?.toLowerCase();
  if (ext === 'csv') return 'csv';
  if (ext === 'ndjson' || ext === 'jsonl') return 'ndjson';
  if (ext === 'json') return 'json';
  if (ext === 'txt') return 'table';
  return undefined;
}
