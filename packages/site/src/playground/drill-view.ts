// The sessions behind a breakdown row: clicking a row of a metricquery breakdown or time series
// lists them (the session list @playq/query's drillDown makes for that row) in a second table,
// with the list's URL; a row drillDown refuses shows its diagnostic instead.
import type { QueryDiagnostic } from '@playq/query';
import { el } from './dom';
import { failureMessage } from './failure';
import { statusText } from './result-format';
import { recordTable } from './result-view';

type Row = Readonly<Record<string, unknown>>;

/**
 * The "Sessions" area under the result: `running`, `showPage`, `showProblems`, `showFailure`
 * update it; it stays empty until a row is clicked.
 *
 * @example
 * const sessions = drillView();
 * root.append(...sessions.elements);
 */
export function drillView() {
  const section = el('section', { 'data-testid': 'sessions', class: 'playq-sessions', hidden: '' });
  const title = el('h3', {}, 'Sessions');
  const url = el('code', { 'data-testid': 'sessions-url', class: 'playq-url' });
  const status = el('p', { 'data-testid': 'sessions-status', class: 'playq-status' });
  const output = el('div', { class: 'playq-output' });
  section.append(title, url, status, output);
  const reset = (label: string, link: string) => {
    section.hidden = false;
    title.textContent = `Sessions behind ${label}`;
    url.textContent = link;
    delete status.dataset.totalrecords;
    status.classList.remove('playq-failed');
    output.replaceChildren();
  };
  return {
    elements: [section],
    clear() {
      section.hidden = true;
    },
    running(label: string, link: string) {
      reset(label, link);
      status.textContent = 'Running…';
    },
    showPage(page: { readonly records: readonly Row[]; readonly totalrecords: number }) {
      status.textContent = statusText(page.records.length, page.totalrecords);
      status.dataset.totalrecords = String(page.totalrecords);
      output.replaceChildren(recordTable(page.records, 'sessions-result'));
    },
    showProblems(label: string, problems: readonly QueryDiagnostic[]) {
      reset(label, '');
      status.textContent = problems.map((p) => p.message).join(' ');
      status.classList.add('playq-failed');
    },
    showFailure(error: unknown) {
      status.textContent = failureMessage(error);
      status.classList.add('playq-failed');
    },
  };
}
