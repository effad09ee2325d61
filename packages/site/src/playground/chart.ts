// A small line chart of a time series as SVG markup: one line per metric, bucket start on the x
// axis. Enough to see the shape of a result; the table beside it has the numbers.

export interface ChartSeries {
  readonly name: string;
  readonly points: readonly (readonly [time: number, value: number])[];
}

const COLOURS = ['#3b82f6', '#ef4444', '#10b981', '#f59e0b', '#8b5cf6'];
const W = 640;
const H = 220;
const PAD = 36;

/** The series of a time-series result: one per numeric field other than `timestamp`. */
export function seriesOf(records: readonly Record<string, unknown>[]): ChartSeries[] {
  const first = records[0];
  if (first === undefined || typeof first.timestamp !== 'number') return [];
  const names = Object.keys(first).filter((k) => k !== 'timestamp' && typeof first[k] === 'number');
  const sorted = [...records].sort((a, b) => (a.timestamp as number) - (b.timestamp as number));
  return names.map((name) => ({
    name,
    points: sorted.map((r) => [r.timestamp as number, Number(r[name])] as const),
  }));
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** SVG markup for the series, each scaled to its own range (the legend gives the maximum). */
export function lineChart(series: readonly ChartSeries[]): string {
  const times = series.flatMap((s) => s.points.map((p) => p[0]));
  if (times.length === 0) return '';
  const t0 = Math.min(...times);
  const t1 = Math.max(...times, t0 + 1);
  const x = (t: number) => PAD + ((t - t0) / (t1 - t0)) * (W - 2 * PAD);
  const lines = series.map((s, i) => {
    const max = Math.max(...s.points.map((p) => p[1]), 1e-9);
    const y = (v: number) => H - PAD - (v / max) * (H - 2 * PAD);
    const d = s.points.map((p) => `${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(' ');
    const colour = COLOURS[i % COLOURS.length];
    const legend = `<text x="${PAD + i * 160}" y="16" fill="${colour}" font-size="12">${esc(s.name)} (max ${max.toLocaleString('en-US')})</text>`;
    return `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${d}"/>${legend}`;
  });
  const label = (t: number) => new Date(t * 1000).toISOString().slice(5, 16).replace('T', ' ');
  const axis =
    `<line x1="${PAD}" y1="${H - PAD}" x2="${W - PAD}" y2="${H - PAD}" stroke="#999"/>` +
    `<text x="${PAD}" y="${H - 12}" font-size="11" fill="#666">${label(t0)}</text>` +
    `<text x="${W - PAD}" y="${H - 12}" font-size="11" fill="#666" text-anchor="end">${label(t1)}</text>`;
  return `<svg class="playq-chart" role="img" aria-label="time series chart" viewBox="0 0 ${W} ${H}" width="100%">${axis}${lines.join('')}</svg>`;
}
