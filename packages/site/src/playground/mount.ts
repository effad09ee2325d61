// The playground page, composed from its parts: the form (form-controls), the filter and
// qoefilter editors (editors), the query preview (preview), the connection to a service
// (connection), the result area (result-view), the causes "Why?" finds (causes-view) and the
// sessions behind a clicked row or cause (drill-view, run a page at a time by session-drill).
// Run sends the form's query to the service — a local `playq serve` by default — and shows the
// records and, for a time series, a chart of every bucket. The period follows the data the service
// holds (data-defaults), and an answer whose period misses that data says so.
import {
  type DataSpan,
  isDrillable,
  isTimeSeries,
  outsideTheData,
  type QueryNode,
  type ValueProvider,
} from '@playq/query';
import { causesView } from './causes-view';
import { type Connection, connect } from './connection';
import { type DataDefaults, followData } from './data-defaults';
import { el, field, row } from './dom';
import { drillView } from './drill-view';
import { textEditor } from './editors';
import { formControls } from './form-controls';
import { type FormQuery, formPeriod, formQuery } from './form-query';
import { queryPreview } from './preview';
import { resultView } from './result-view';
import { sessionDrill } from './session-drill';
import { whyQuery } from './why-query';

// `pnpm docs:dev` tells the page where its service runs; a built site defaults to playq serve's port.
const DEFAULT_SERVICE =
  (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_PLAYQ_SERVICE ??
  'http://127.0.0.1:8080/api/v1';

type Form = ReturnType<typeof formControls>;

/**
 * The connection for the form's current settings, made again when they change, and the clock the
 * period ends by: now, or the end of the customer's data once the service has said where it ends.
 * `onSpan` hears the span (or its absence) of each new connection.
 */
function serviceLink(form: Form, onSpan: (span: DataSpan | undefined, d: DataDefaults | undefined) => void) {
  let connection: Connection | undefined;
  let settings = '';
  let defaults: DataDefaults | undefined;
  const nowMs = () => (defaults?.atDataEnd ? defaults.nowMs : Date.now());
  // The same settings keep their connection (its token, its span); changed ones make a new one.
  const reconnect = () => {
    const read = form.read();
    const key = JSON.stringify([
      read.baseUrl,
      read.customerId,
      read.apiKey,
      read.clientId,
      read.clientSecret,
    ]);
    if (connection !== undefined && key === settings) return connection;
    const made = connect(read, () => formPeriod({ ...form.read(), now: nowMs() }));
    connection = made;
    settings = key;
    void made.span().then((span) => {
      if (connection !== made) return;
      defaults = span === undefined ? undefined : followData(span, Date.now());
      onSpan(span, defaults);
    });
    return made;
  };
  const values: ValueProvider = (request) => (connection ?? reconnect()).values(request);
  return { reconnect, values, nowMs };
}

type Row = Readonly<Record<string, unknown>>;
type Answer = { records: Row[]; totalrecords: number; dataSpan?: DataSpan };

/** A time series' every bucket (all its pages, in order); any other query's first page. */
async function fetchAnswer(client: Connection['client'], node: QueryNode): Promise<Answer> {
  if (!isTimeSeries(node)) return client.run(node);
  const answer: Answer = { records: [], totalrecords: 0 };
  for await (const page of client.pages(node)) {
    if (answer.records.length === 0) {
      answer.totalrecords = page.totalrecords;
      if (page.dataSpan) answer.dataSpan = page.dataSpan;
    }
    answer.records.push(...page.records);
  }
  return answer;
}

/** The sentence for an answer whose period misses the customer's data, else ''. */
function missedData(node: QueryNode, span: DataSpan | undefined): string {
  const p = node.period;
  if (span === undefined || p === undefined || p.type !== 'period') return '';
  return outsideTheData({ start: p.start, end: p.end }, span) ?? '';
}

/** Events: connection settings reconnect, query fields update the preview, Run sends. */
function wire(
  form: Form,
  buttons: { readonly run: HTMLButtonElement; readonly why: HTMLButtonElement },
  on: { reconnect(): void; update(): void; send(): void; why(): void },
) {
  const c = form.controls;
  for (const input of [c.service, c.apiKey, c.clientId, c.clientSecret, c.customer])
    input.addEventListener('change', () => on.reconnect());
  for (const input of [
    c.endpoint,
    c.last,
    c.metrics,
    c.aggby,
    c.granularity,
    c.orderby,
    c.order,
    c.agg,
    c.planLevel,
    c.limit,
  ])
    input.addEventListener('input', () => on.update());
  buttons.run.addEventListener('click', () => on.send());
  buttons.why.addEventListener('click', () => on.why());
}

/** Build the playground inside `root`. The service URL may come from `?service=` in the page URL. */
export function mountPlayground(root: HTMLElement): void {
  const form = formControls(new URLSearchParams(location.search), DEFAULT_SERVICE);
  const preview = queryPreview();
  const result = resultView();
  const sessions = drillView();
  const drill = sessionDrill(sessions, () => form.read().baseUrl);
  const run = el('button', { 'data-testid': 'run', class: 'playq-run' }, 'Run');
  const why = el(
    'button',
    {
      'data-testid': 'why',
      class: 'playq-run playq-why',
      title: 'Which values of which dimensions drag the first metric down',
    },
    'Why?',
  );
  const causes = causesView();
  const link = serviceLink(form, (span, defaults) => {
    form.follow(span, defaults);
    update();
  });
  const on = { change: () => update(), submit: () => void send() };
  const filter = textEditor('filter', '[country=US|FR][platform=ios]', link.values, on);
  const qoefilter = textEditor('qoefilter', 'latency > 2 AND bufferingratio <= 5', link.values, on);

  function update(): FormQuery | undefined {
    form.refresh();
    try {
      const q = formQuery({
        ...form.read(),
        filter: filter.text(),
        qoefilter: qoefilter.text(),
        now: link.nowMs(),
      });
      preview.show(q);
      run.disabled = q.url === '';
      why.disabled = q.url === '' || !whyQuery(q.node).ok;
      return q;
    } catch (e) {
      preview.show({ error: String(e) });
      run.disabled = true;
      why.disabled = true;
      return undefined;
    }
  }

  async function send() {
    const q = update();
    if (q === undefined || q.url === '') return;
    const { client } = link.reconnect();
    result.running();
    causes.clear();
    drill.clear();
    const now = link.nowMs();
    const node = q.node;
    const onRow = isDrillable(node)
      ? (record: Row, label: string) => drill.open(client, node, record, label)
      : undefined;
    try {
      const answer = await fetchAnswer(client, node);
      result.showPage(answer, node, now, onRow, missedData(node, answer.dataSpan));
    } catch (e) {
      result.showFailure(e);
    }
  }

  // Why?: the causes of the first metric that is better lower or higher, each opening its sessions.
  async function explain() {
    const q = update();
    if (q === undefined || q.url === '') return;
    const asked = whyQuery(q.node);
    drill.clear();
    if (!asked.ok) {
      causes.showReason(asked.reason);
      return;
    }
    const { client } = link.reconnect();
    causes.running(asked.metric);
    try {
      const found = await client.insights(asked.query);
      causes.show(found, (cause, label) => drill.openList(client, cause.drillDown, label));
    } catch (e) {
      causes.showFailure(e);
    }
  }

  wire(
    form,
    { run, why },
    { reconnect: link.reconnect, update, send: () => void send(), why: () => void explain() },
  );
  root.replaceChildren(
    ...form.rows,
    field('filter', filter.parent),
    field('qoefilter', qoefilter.parent),
    ...preview.elements,
    row(run, why, result.status),
    ...result.elements,
    ...causes.elements,
    ...sessions.elements,
  );
  update();
  link.reconnect();
  root.dataset.ready = String(Math.round(performance.now()));
}
