// Running a drill-down: the session list drillDown makes for a clicked row, a page of
// SESSION_PAGE sessions at a time, on the connection that answered the breakdown. Only the
// latest request shows: a page that comes back after another row was clicked, or after a new
// Run, is dropped.
import { drillDown, type QueryNode, toURL } from '@playq/query';
import type { Connection } from './connection';
import { type drillView, SESSION_PAGE } from './drill-view';

type Row = Readonly<Record<string, unknown>>;
type Client = Connection['client'];

/**
 * Opens the sessions behind a row in `sessions`; `baseUrl()` gives the URLs they show.
 *
 * @example
 * const drill = sessionDrill(sessions, () => form.read().baseUrl);
 * drill.open(client, node, record, 'row 2 (BR)');
 */
export function sessionDrill(sessions: ReturnType<typeof drillView>, baseUrl: () => string) {
  let latest = 0;
  async function show(client: Client, list: QueryNode) {
    const mine = ++latest;
    try {
      const page = await client.run(list);
      if (mine !== latest) return;
      sessions.showPage(page, { offset: list.offset, limit: list.limit }, (offset) => {
        const next = { ...list, offset };
        sessions.paging(toURL(next, { baseUrl: baseUrl() }));
        void show(client, next);
      });
    } catch (e) {
      if (mine === latest) sessions.showFailure(e);
    }
  }
  return {
    open(client: Client, node: QueryNode, record: Row, label: string) {
      const drilled = drillDown(node, record, { limit: SESSION_PAGE });
      if (!drilled.ok) {
        latest++;
        sessions.showProblems(label, drilled.errors);
        return;
      }
      sessions.running(label, toURL(drilled.query, { baseUrl: baseUrl() }));
      void show(client, drilled.query);
    },
    /** The sessions of a session list made elsewhere (a cause's drill-down), a page at a time. */
    openList(client: Client, list: QueryNode, label: string) {
      const first = { ...list, offset: 0, limit: SESSION_PAGE };
      sessions.running(label, toURL(first, { baseUrl: baseUrl() }));
      void show(client, first);
    },
    /** A new Run: the sessions area empties and a page still on its way is dropped. */
    clear() {
      latest++;
      sessions.clear();
    },
  };
}
