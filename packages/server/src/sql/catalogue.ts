// The server's side of the catalogue: which SQL a metric or dimension name compiles to. Only names
// listed here ever become SQL identifiers; anything else is refused before SQL is built.

export const METRICS = [
  'latency',
  'viewercount',
  'bufferingratio',
  'concurviewavg',
  'users',
  'errors',
] as const;
export type Metric = (typeof METRICS)[number];

export const DIMENSIONS = ['country', 'platform', 'subscriberid', 'category', 'key', 'player'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Dimensions present only on error events. */
export const ERROR_ONLY_DIMENSIONS: ReadonlySet<Dimension> = new Set(['category', 'key']);

export const SESSION_METRICS: ReadonlySet<Metric> = new Set([
  'latency',
  'viewercount',
  'bufferingratio',
  'concurviewavg',
  'users',
]);

export function isMetric(name: string): name is Metric {
  return (METRICS as readonly string[]).includes(name);
}

export function isDimension(name: string): name is Dimension {
  return (DIMENSIONS as readonly string[]).includes(name);
}

/** Quoted column identifier of a dimension (`key` is a SQL keyword). */
export function dimColumn(dim: Dimension): string {
  return `"${dim}"`;
}

/** Comparison operators of the qoefilter grammar and their SQL spelling. */
export const SQL_OPERATORS: Readonly<Record<string, string>> = {
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
  '=': '=',
  '!=': '<>',
};
