// A run's outcome on the page: the status line, a chart for a time series and the table — the
// time or the dimensions first, time-series timestamps as dates, incomplete buckets marked — or,
// when the run failed, what to do about it.
import { bucketSeconds, type QueryNode } from '@playq/query';
import { lineChart, seriesOf } from './chart';
import { el } from './dom';
import { failureMessage } from './failure';
import { bucketLabel, cellText, incompleteBuckets, resultColumns, statusText } from './result-format';

type Row = Readonly<Record<string, unknown>>;

/** The buckets of a time-series result that are incomplete; empty for other results. */
function incompleteOf(records: readonly Row[], node: QueryNode, now: number) {
  const bucket = bucketSeconds(node);
  const period = node.period;
  if (bucket === undefined || period === undefined || period.type !== 'period')
    return { incomplete: new Set<number>() };
  const times = records.map((r) => r.timestamp).filter((t): t is number => typeof t === 'number');
  return {
    bucket,
    incomplete: incompleteBuckets(times, { period, bucketSeconds: bucket, now: Math.floor(now / 1000) }),
  };
}

/**
 * A table of records: the time or the dimensions first; timestamps as dates when `bucket` is given.
 *
 * @example
 * output.append(recordTable(page.records, 'sessions-result'));
 */
export function recordTable(
  records: readonly Row[],
  testId: string,
  bucket?: number,
  incomplete: ReadonlySet<number> = new Set(),
) {
  const t = el('table', { 'data-testid': testId });
  const columns = resultColumns(records);
  const head = t.createTHead().insertRow();
  for (const c of columns) head.append(el('th', {}, c === 'timestamp' ? 'timestamp (UTC)' : c));
  const body = t.createTBody();
  for (const r of records) {
    const tr = body.insertRow();
    for (const c of columns) {
      const cell = tr.insertCell();
      cell.textContent = cellText(c, r[c], bucket);
      if (r[c] === '') cell.classList.add('playq-empty');
    }
    if (typeof r.timestamp === 'number' && incomplete.has(r.timestamp)) {
      tr.classList.add('playq-partial');
      tr.title = `The bucket starting ${bucketLabel(r.timestamp, bucket ?? 60)} is incomplete`;
      tr.cells[0]?.append(el('span', { class: 'playq-badge' }, 'incomplete'));
    }
  }
  return t;
}

// Rows that open the sessions behind them: a click (or Enter on the focused row) calls `onRow`.
function drillable(
  t: HTMLTableElement,
  records: readonly Row[],
  labelOf: (record: Row) => string,
  onRow: (record: Row, label: string) => void,
) {
  t.classList.add('playq-drillable');
  for (const [i, tr] of [...(t.tBodies[0]?.rows ?? [])].entries()) {
    const record = records[i];
    if (record === undefined) continue;
    const label = `row ${i + 1} (${labelOf(record)})`;
    tr.tabIndex = 0;
    tr.title = 'Show the sessions behind this row';
    tr.dataset.drill = String(i + 1);
    const open = () => {
      for (const other of t.tBodies[0]?.rows ?? []) other.classList.remove('playq-drilled');
      tr.classList.add('playq-drilled');
      onRow(record, label);
    };
    tr.addEventListener('click', open);
    tr.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') open();
    });
  }
}

/** The result area: `running`, `showPage` (with a note, when given, after the status) and `showFailure` update it. */
export function resultView() {
  const status = el('p', { 'data-testid': 'status', class: 'playq-status' });
  const chart = el('div', { 'data-testid': 'chart' });
  const output = el('div', { class: 'playq-output' });
  const clear = () => {
    delete status.dataset.totalrecords;
    status.classList.remove('playq-failed');
    chart.replaceChildren();
    output.replaceChildren();
  };
  return {
    status,
    elements: [chart, output],
    running() {
      clear();
      status.textContent = 'Running…';
    },
    showPage(
      page: { readonly records: readonly Row[]; readonly totalrecords: number },
      node: QueryNode,
      now: number,
      onRow?: (record: Row, label: string) => void,
      note = '',
    ) {
      clear();
      const { bucket, incomplete } = incompleteOf(page.records, node, now);
      const shown = statusText(page.records.length, page.totalrecords);
      status.textContent = note === '' ? shown : `${shown}. Note: ${note}.`;
      status.dataset.totalrecords = String(page.totalrecords);
      chart.innerHTML = lineChart(seriesOf(page.records), {
        ...(bucket ? { bucketSeconds: bucket } : {}),
        incomplete,
      });
      const t = recordTable(page.records, 'result', bucket, incomplete);
      if (onRow !== undefined) {
        const labelOf = (r: Row) => node.aggby.map((d) => cellText(d, r[d], bucket)).join(', ');
        drillable(t, page.records, labelOf, onRow);
      }
      output.append(t);
    },
    showFailure(error: unknown) {
      clear();
      status.textContent = failureMessage(error);
      status.classList.add('playq-failed');
    },
  };
}
