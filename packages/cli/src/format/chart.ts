// Tiny terminal charts for time series: a sparkline that fits a line, and a horizontal bar chart
// for a handful of labelled values. Plain Unicode block characters, no dependency.

const TICKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/**
 * Squeezes `values` into at most `width` points by averaging neighbours, so a week of hourly
 * buckets still fits a terminal line.
 *
 * @example
 * resample([1, 3, 5, 7], 2); // [2, 6]
 */
export function resample(values: readonly number[], width: number): number[] {
  if (width < 1) throw new RangeError(`playq: chart width must be at least 1, got ${width}`);
  if (values.length <= width) return [...values];
  const out: number[] = [];
  for (let i = 0; i < width; i++) {
    const from = Math.floor((i * values.length) / width);
    const to = Math.max(from + 1, Math.floor(((i + 1) * values.length) / width));
    let sum = 0;
    for (let j = from; j < to; j++) sum += values[j] ?? 0;
    out.push(sum / (to - from));
  }
  return out;
}

/**
 * A one-line sparkline, one block character per point, scaled from the series' minimum (`▁`) to
 * its maximum (`█`); a flat series is a flat line. At most `width` characters.
 *
 * @example
 * sparkline([0, 1, 2, 3, 4, 5, 6, 7]); // '▁▂▃▄▅▆▇█'
 */
export function sparkline(values: readonly number[], width = 80): string {
  const points = resample(
    values.filter((v) => Number.isFinite(v)),
    width,
  );
  if (points.length === 0) return '';
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min;
  return points
    .map(
      (v) =>
        TICKS[span === 0 ? 0 : Math.min(TICKS.length - 1, Math.floor(((v - min) / span) * TICKS.length))],
    )
    .join('');
}

/**
 * Horizontal bars, one line per item, the longest bar `width` cells wide; labels are aligned and
 * each line ends with the value.
 *
 * @example
 * barChart([{ label: 'US', value: 4 }, { label: 'FR', value: 2 }], 4);
 * // 'US ████ 4\nFR ██   2\n'
 */
export function barChart(
  items: readonly { readonly label: string; readonly value: number }[],
  width = 40,
): string {
  if (items.length === 0) return '';
  const max = Math.max(0, ...items.map((i) => i.value));
  const labelWidth = Math.max(...items.map((i) => [...i.label].length));
  return items
    .map((item) => {
      const cells = max > 0 && item.value > 0 ? Math.max(1, Math.round((item.value / max) * width)) : 0;
      const label = item.label + ' '.repeat(labelWidth - [...item.label].length);
      const value = Number.isInteger(item.value)
        ? String(item.value)
        : String(Math.round(item.value * 1000) / 1000);
      return `${label} ${'█'.repeat(cells)}${' '.repeat(width - cells)} ${value}\n`;
    })
    .join('');
}
