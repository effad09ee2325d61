// A small line chart of a time series as SVG markup: one line per metric, dates on the x axis.
// A bucket that holds less than a whole bucket of data is drawn as a dashed segment with a hollow
// point, so a partial bucket never reads as a sudden drop. The table beside it has the numbers.
import { bucketLabel } from './result-format';

export interface ChartSeries {
  readonly name: string;
  readonly points: readonly (readonly [time: number, value: number])[];
}

export interface ChartOptions {
  /** Bucket length in seconds, for the date labels. Default 3600. */
  readonly bucketSeconds?: number;
  /** Bucket starts whose bucket is incomplete. */
  readonly incomplete?: ReadonlySet<number>;
}

const COLOURS = ['#3b82f6', '#ef4444', '#10b981', '#f59e0b', '#8b5cf6'];
const W = 640;
const H = 220;
const PAD = 36;

/** The series of a time-series result: one per numeric field other than `timestamp`. */
export function seriesOf(records: readonly Record<string, unknown>[]): ChartSeries[] {
  const first = records[0];
  if (first === undefined || typeof first.timestamp !== 'number') return [];
  const names = Object.keys(first).filter(
    (k) => k !== 'timestamp' && k !== 'totalpages' && typeof first[k] === 'number',
  );
  const sorted = [...records].sort((a, b) => (a.timestamp as number) - (b.timestamp as number));
  return names.map((name) => ({
    name,
    points: sorted.map((r) => [r.timestamp as number, Number(r[name])] as const),
  }));
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
type Point = readonly [x: number, y: number, incomplete: boolean];

/** One series: a solid line through the whole buckets, dashed segments to incomplete ones. */
function seriesMarkup(points: readonly Point[], colour: string): string {
  const fmt = (p: Point) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`;
  const whole = points.filter((p) => !p[2]);
  const line = `<polyline class="playq-series" fill="none" stroke="${colour}" stroke-width="2" points="${whole.map(fmt).join(' ')}"/>`;
  const dashed = points.flatMap((p, i) => {
    const prev = points[i - 1];
    if (prev === undefined || (!p[2] && !prev[2])) return [];
    return [
      `<path class="playq-partial" d="M${fmt(prev)} L${fmt(p)}" stroke="${colour}" stroke-width="2" stroke-dasharray="5 4" fill="none"/>`,
    ];
  });
  const hollow = points
    .filter((p) => p[2])
    .map(
      (p) =>
        `<circle class="playq-partial" cx="${p[0].toFixed(1)}" cy="${p[1].toFixed(1)}" r="3.5" fill="white" stroke="${colour}" stroke-width="2"/>`,
    );
  return line + dashed.join('') + hollow.join('');
}

/** The x axis: a baseline and the dates of the first, middle and last buckets. */
function axisMarkup(t0: number, t1: number, x: (t: number) => number, bucketSeconds: number): string {
  const mid = t0 + Math.round((t1 - t0) / 2 / bucketSeconds) * bucketSeconds;
  const ticks = [...new Set([t0, mid, t1])].map((t, i, all) => {
    const anchor = i === 0 ? 'start' : i === all.length - 1 ? 'end' : 'middle';
    return `<text class="playq-tick" x="${x(t).toFixed(1)}" y="${H - 12}" font-size="11" fill="#666" text-anchor="${anchor}">${bucketLabel(t, bucketSeconds)}</text>`;
  });
  return `<line x1="${PAD}" y1="${H - PAD}" x2="${W - PAD}" y2="${H - PAD}" stroke="#999"/>${ticks.join('')}`;
}

/** SVG markup for the series, each scaled to its own range (the legend gives the maximum). */
export function lineChart(series: readonly ChartSeries[], options: ChartOptions = {}): string {
  const times = series.flatMap((s) => s.points.map((p) => p[0]));
  if (times.length === 0) return '';
  const bucketSeconds = options.bucketSeconds ?? 3600;
  const incomplete = options.incomplete ?? new Set<number>();
  const t0 = Math.min(...times);
  const t1 = Math.max(...times, t0 + 1);
  const x = (t: number) => PAD + ((t - t0) / (t1 - t0)) * (W - 2 * PAD);
  const lines = series.map((s, i) => {
    const max = Math.max(...s.points.map((p) => p[1]), 1e-9);
    const y = (v: number) => H - PAD - (v / max) * (H - 2 * PAD);
    const colour = COLOURS[i % COLOURS.length] ?? '#333';
    const legend = `<text x="${PAD + i * 160}" y="16" fill="${colour}" font-size="12">${esc(s.name)} (max ${max.toLocaleString('en-US')})</text>`;
    return (
      seriesMarkup(
        s.points.map((p) => [x(p[0]), y(p[1]), incomplete.has(p[0])] as const),
        colour,
      ) + legend
    );
  });
  const note = times.some((t) => incomplete.has(t))
    ? `<text class="playq-partial-note" x="${W - PAD}" y="16" font-size="11" fill="#666" text-anchor="end">dashed: incomplete bucket</text>`
    : '';
  return `<svg class="playq-chart" role="img" aria-label="time series chart" viewBox="0 0 ${W} ${H}" width="100%">${axisMarkup(t0, t1, x, bucketSeconds)}${lines.join('')}${note}</svg>`;
}
