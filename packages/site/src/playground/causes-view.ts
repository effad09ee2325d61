// The "Why?" area: the values that drag the metric down, as client.insights ranks them (dimension,
// value, the metric there, share of the attempts, impact with a bar), the top cause's own worst
// parts, and a click (or Enter) on a cause to list its sessions.
import type { InsightCause, Insights } from '@playq/client';
import { el } from './dom';
import { failureMessage } from './failure';

const figure = (n: number) => (Number.isInteger(n) ? String(n) : n.toPrecision(3));

/** A table of causes; each row opens its sessions with `onCause`. */
function causeTable(
  causes: readonly InsightCause[],
  metric: string,
  testId: string,
  onCause: (cause: InsightCause, label: string) => void,
) {
  const t = el('table', { 'data-testid': testId, class: 'playq-drillable' });
  const head = t.createTHead().insertRow();
  for (const c of ['#', 'dimension', 'value', metric, 'attempts', 'share', 'impact', ''])
    head.append(el('th', {}, c));
  const most = Math.max(...causes.map((c) => c.impact));
  const body = t.createTBody();
  for (const [i, cause] of causes.entries()) {
    const tr = body.insertRow();
    const cells = [
      String(i + 1),
      cause.dimension,
      cause.value,
      figure(cause.metricValue),
      String(cause.attempts),
      `${(100 * cause.share).toFixed(1)}%`,
      figure(cause.impact),
    ];
    for (const text of cells) tr.insertCell().textContent = text;
    const bar = el('span', { class: 'playq-bar' });
    bar.style.width = `${Math.max(2, Math.round((100 * cause.impact) / most))}%`;
    tr.insertCell().append(bar);
    const label = `${cause.dimension}=${cause.value}`;
    tr.tabIndex = 0;
    tr.title = 'Show the sessions behind this value';
    tr.dataset.cause = String(i + 1);
    const open = () => {
      for (const other of t.tBodies[0]?.rows ?? []) other.classList.remove('playq-drilled');
      tr.classList.add('playq-drilled');
      onCause(cause, label);
    };
    tr.addEventListener('click', open);
    tr.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') open();
    });
  }
  return t;
}

/**
 * The "Why?" section: `running`, `show`, `showReason` and `showFailure` update it; hidden until
 * Why? is pressed.
 *
 * @example
 * const causes = causesView();
 * root.append(...causes.elements);
 */
export function causesView() {
  const section = el('section', { 'data-testid': 'causes', class: 'playq-causes', hidden: '' });
  const title = el('h3', {}, 'Why?');
  const status = el('p', { 'data-testid': 'causes-status', class: 'playq-status' });
  const output = el('div', { class: 'playq-output' });
  section.append(title, status, output);
  const reset = (text: string) => {
    section.hidden = false;
    delete status.dataset.requests;
    status.classList.remove('playq-failed');
    status.textContent = text;
    output.replaceChildren();
  };
  return {
    elements: [section],
    clear() {
      section.hidden = true;
    },
    running(metric: string) {
      title.textContent = `Why is ${metric} what it is?`;
      reset('Looking for causes…');
    },
    show(found: Insights, onCause: (cause: InsightCause, label: string) => void) {
      const top = found.causes[0];
      reset(
        `${found.metric} is ${figure(found.overall.value)} over ${found.overall.attempts} attempts (${found.better} is better); ` +
          (top === undefined
            ? `no value is worse with at least ${found.minAttempts} attempts and ${(100 * found.minShare).toFixed(1)}% of them.`
            : `${found.causes.length} values drag it down. Click one to list its sessions.`) +
          ` ${found.requests} requests.`,
      );
      status.dataset.requests = String(found.requests);
      if (top === undefined) return;
      output.append(causeTable(found.causes, found.metric, 'causes-result', onCause));
      if (top.within !== undefined && top.within.length > 0) {
        output.append(
          el('h4', {}, `Within ${top.dimension}=${top.value}`),
          causeTable(top.within, found.metric, 'causes-within', (cause, label) =>
            onCause(cause, `${top.dimension}=${top.value}, ${label}`),
          ),
        );
      }
    },
    showReason(reason: string) {
      title.textContent = 'Why?';
      reset(reason);
      status.classList.add('playq-failed');
    },
    showFailure(error: unknown) {
      status.textContent = failureMessage(error);
      status.classList.add('playq-failed');
    },
  };
}
