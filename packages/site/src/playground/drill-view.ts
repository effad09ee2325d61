// The sessions behind a breakdown row: clicking a row of a metricquery breakdown or time series
// lists them (the session list @playq/query's drillDown makes for that row) in a second table,
// a page at a time with Previous/Next controls, with the URL of the page shown; a row drillDown
// refuses shows its diagnostic instead.
import type { QueryDiagnostic } from '@playq/query';
import { el } from './dom';
import { failureMessage } from './failure';
import { pageWindow } from './page-window';
import { statusText } from './result-format';
import { recordTable } from './result-view';
import { sessionPager } from './session-pager';

type Row = Readonly<Record<string, unknown>>;

/** How many sessions a page of the drill-down shows. */
export const SESSION_PAGE = 20;

/**
 * The "Sessions" area under the result: `running`, `paging`, `showPage`, `showProblems`,
 * `showFailure` update it; it stays empty until a row is clicked.
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
  const pager = sessionPager();
  section.append(title, url, status, output, pager.element);
  const reset = (label: string, link: string) => {
    section.hidden = false;
    title.textContent = `Sessions behind ${label}`;
    url.textContent = link;
    delete status.dataset.totalrecords;
    delete status.dataset.offset;
    status.classList.remove('playq-failed');
    output.replaceChildren();
    pager.hide();
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
    /** Another page of the same list is on its way: its URL shows, the table stays until it comes. */
    paging(link: string) {
      url.textContent = link;
      delete status.dataset.totalrecords;
      delete status.dataset.offset;
      status.classList.remove('playq-failed');
      status.textContent = 'Running…';
    },
    showPage(
      page: { readonly records: readonly Row[]; readonly totalrecords: number },
      at: { readonly offset: number; readonly limit: number },
      loadPage: (offset: number) => void,
    ) {
      status.textContent = statusText(page.records.length, page.totalrecords);
      status.dataset.totalrecords = String(page.totalrecords);
      status.dataset.offset = String(at.offset);
      output.replaceChildren(recordTable(page.records, 'sessions-result'));
      const shown = page.records.length;
      pager.show(pageWindow({ ...at, shown, total: page.totalrecords }), loadPage);
    },
    showProblems(label: string, problems: readonly QueryDiagnostic[]) {
      reset(label, '');
      status.textContent = problems.map((p) => p.message).join(' ');
      status.classList.add('playq-failed');
    },
    showFailure(error: unknown) {
      status.textContent = failureMessage(error);
      status.classList.add('playq-failed');
      pager.ready();
    },
  };
}
