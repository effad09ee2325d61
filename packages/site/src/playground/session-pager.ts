// The page controls of the sessions table: Previous and Next buttons that ask for the page before
// or after (the list's own offset paging), and a live line saying which sessions are shown. A
// button that loses its page keeps the focus on the controls (it moves to the other button).
import { el } from './dom';
import { type PageWindow, pageText } from './page-window';

/**
 * The controls: `show` a page's window with the function that loads another offset; `hide` them.
 *
 * @example
 * const pager = sessionPager();
 * pager.show(pageWindow({ offset: 0, limit: 20, shown: 20, total: 45 }), (offset) => load(offset));
 */
export function sessionPager() {
  const nav = el('nav', { class: 'playq-pager', 'aria-label': 'Session pages', hidden: '' });
  const previous = el('button', { type: 'button', 'data-testid': 'sessions-previous' }, 'Previous');
  const next = el('button', { type: 'button', 'data-testid': 'sessions-next' }, 'Next');
  const where = el('span', { 'data-testid': 'sessions-page', 'aria-live': 'polite' });
  nav.append(previous, where, next);
  let shown: PageWindow | undefined;
  let load: ((offset: number) => void) | undefined;
  const busy = (on: boolean) => {
    for (const e of [nav, previous, next]) {
      const name = e === nav ? 'aria-busy' : 'aria-disabled';
      if (on) e.setAttribute(name, 'true');
      else e.removeAttribute(name);
    }
  };
  const go = (offset: number | undefined) => {
    if (offset === undefined || load === undefined || nav.hasAttribute('aria-busy')) return;
    busy(true);
    load(offset);
  };
  previous.addEventListener('click', () => go(shown?.previous));
  next.addEventListener('click', () => go(shown?.next));
  return {
    element: nav,
    show(w: PageWindow, loadPage: (offset: number) => void) {
      const focused = document.activeElement;
      shown = w;
      load = loadPage;
      previous.disabled = w.previous === undefined;
      next.disabled = w.next === undefined;
      busy(false);
      where.textContent = pageText(w);
      nav.hidden = previous.disabled && next.disabled && w.first === 1;
      const other = focused === previous ? next : focused === next ? previous : undefined;
      if (other !== undefined && (focused as HTMLButtonElement).disabled && !other.disabled) other.focus();
    },
    /** A page load failed: the controls answer again, still on the page shown before. */
    ready() {
      busy(false);
    },
    hide() {
      nav.hidden = true;
      shown = undefined;
      load = undefined;
      busy(false);
    },
  };
}
