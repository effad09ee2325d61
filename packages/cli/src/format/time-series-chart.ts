// The chart under a time-series table: one sparkline per metric with its range and the time span
// it covers, so the shape of a day or a week is visible at a glance.
import { displayCell } from './cell';
import { sparkline } from './chart';
import type { Colors } from './colors';

/**
 * Renders a sparkline for each numeric metric of time-series records (ordered by `timestamp`).
 *
 * @example
 * renderTimeSeriesChart(records, ['errors'], 60, colors);
 * // errors  ▁▂▅█▆▃▁  min 0  max 41
 * //         2026-01-01 00:00 … 2026-01-01 06:00 UTC
 */
export function renderTimeSeriesChart(
  records: readonly Readonly<Record<string, unknown>>[],
  metrics: readonly string[],
  width: number,
  colors: Colors,
): string {
  const sorted = [...records].sort((a, b) => Number(a.timestamp) - Number(b.timestamp));
  const label = Math.max(...metrics.map((m) => m.length));
  const lines: string[] = [''];
  for (const metric of metrics) {
    const values = sorted.map((r) => r[metric]).filter((v): v is number => typeof v === 'number');
    if (values.length === 0) continue;
    const min = Math.min(...values);
    const max = Math.max(...values);
    const line = sparkline(values, Math.max(10, width - label - 2));
    lines.push(
      `${colors.bold(metric.padEnd(label))}  ${colors.cyan(line)}  ${colors.dim(`min ${displayCell(metric, min)}  max ${displayCell(metric, max)}`)}`,
    );
  }
  const first = sorted[0]?.timestamp;
  const last = sorted.at(-1)?.timestamp;
  if (lines.length > 1 && typeof first === 'number' && typeof last === 'number') {
    lines.push(
      `${' '.repeat(label)}  ${colors.dim(`${displayCell('timestamp', first)} … ${displayCell('timestamp', last)} UTC`)}`,
    );
  }
  return lines.length > 1 ? `${lines.join('\n')}\n` : '';
}
