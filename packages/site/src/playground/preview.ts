// The query as you type: its canonical URL, the TypeScript `playq explain` prints, and its
// problems. While a field is invalid, the last valid URL and code stay, dimmed, under the
// problems that explain why, instead of collapsing to empty panels.
import { el, field } from './dom';
import type { FormQuery } from './form-query';

const STALE_NOTE = 'The last valid query, dimmed: fix the problems above to update it.';

/** The preview panels, and `show` to update them with the form's query. */
export function queryPreview() {
  const url = el('pre', { 'data-testid': 'url', class: 'playq-out' });
  const code = el('pre', { 'data-testid': 'code', class: 'playq-out' });
  const problems = el('ul', { 'data-testid': 'problems', class: 'playq-problems' });
  const note = el('p', { 'data-testid': 'stale-note', class: 'playq-stale-note', hidden: '' }, STALE_NOTE);
  const elements = [
    problems,
    note,
    field('Canonical URL', url),
    field('TypeScript (what playq explain prints)', code),
  ];
  const show = (q: FormQuery | { readonly error: string }) => {
    const list = 'error' in q ? [{ severity: 'error', message: q.error }] : q.problems;
    problems.replaceChildren(...list.map((p) => el('li', { class: p.severity }, p.message)));
    const valid = !('error' in q) && q.url !== '';
    if (valid) {
      url.textContent = q.url;
      code.textContent = q.code;
    }
    const stale = !valid && url.textContent !== '';
    for (const panel of [url, code]) panel.classList.toggle('playq-stale', stale);
    note.hidden = !stale;
  };
  return { elements, show };
}
