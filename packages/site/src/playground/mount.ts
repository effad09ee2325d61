// The playground page: a query form with filter and qoefilter fields using @playq/codemirror,
// the canonical URL and builder code of the query as you type, and a Run button that sends it
// to a service (a local `playq serve` by default) and shows the records and, for a time series,
// a chart.

import { autocompletion } from '@codemirror/autocomplete';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView, placeholder } from '@codemirror/view';
import { apiKeyAuth, createClient, type PlayqClient, serviceValues } from '@playq/client';
import { playq, singleLine } from '@playq/codemirror';
import type { TextKind } from '@playq/grammar';
import { CATALOGUE, type ValueProvider } from '@playq/query';
import { lineChart, seriesOf } from './chart';
import { type FormState, formQuery } from './form-query';

// `pnpm docs:dev` tells the page where its service runs; a built site defaults to playq serve's port.
const DEFAULT_SERVICE =
  (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_PLAYQ_SERVICE ??
  'http://127.0.0.1:8080/api/v1';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text = '') {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== '') e.textContent = text;
  return e;
}

function field(label: string, control: HTMLElement): HTMLElement {
  const wrap = el('label', { class: 'playq-field' });
  wrap.append(el('span', {}, label), control);
  return wrap;
}

function select(id: string, options: readonly [string, string][], value: string): HTMLSelectElement {
  const s = el('select', { 'data-testid': id });
  for (const [v, text] of options) s.append(el('option', { value: v }, text));
  s.value = value;
  return s;
}

function editor(
  kind: TextKind,
  doc: string,
  hint: string,
  values: ValueProvider,
  onChange: () => void,
  onSubmit: () => void,
) {
  const parent = el('div', { class: 'playq-editor', 'data-testid': kind });
  const view = new EditorView({
    parent,
    doc,
    extensions: [
      playq(kind, { values }),
      autocompletion({ activateOnTypingDelay: 50 }),
      syntaxHighlighting(defaultHighlightStyle),
      singleLine({ onSubmit }),
      placeholder(hint),
      EditorView.updateListener.of((u) => u.docChanged && onChange()),
    ],
  });
  return { parent, view };
}

function renderTable(records: readonly Record<string, unknown>[]): HTMLTableElement {
  const table = el('table', { 'data-testid': 'result' });
  const columns = Object.keys(records[0] ?? {});
  const head = table.createTHead().insertRow();
  for (const c of columns) head.append(el('th', {}, c));
  const body = table.createTBody();
  for (const r of records) {
    const row = body.insertRow();
    for (const c of columns) row.insertCell().textContent = String(r[c]);
  }
  return table;
}

/** Build the playground inside `root`. The service URL may come from `?service=` in the page URL. */
export function mountPlayground(root: HTMLElement): void {
  const params = new URLSearchParams(location.search);
  const service = el('input', {
    'data-testid': 'service',
    value: params.get('service') ?? DEFAULT_SERVICE,
    size: '40',
  });
  const apiKey = el('input', { 'data-testid': 'apikey', value: 'demo-key', size: '12' });
  const customer = el('input', { 'data-testid': 'customer', value: 'demo', size: '10' });
  const last = select(
    'last',
    [
      ['1', '1 hour'],
      ['24', '24 hours'],
      ['168', '7 days'],
      ['720', '30 days'],
    ],
    '720',
  );
  const metrics = el('input', { 'data-testid': 'metrics', value: 'viewercount,errors', size: '28' });
  const dims = CATALOGUE.dimensionNames.map((d) => [d, d] as [string, string]);
  const aggby = select(
    'aggby',
    [['', '(none)'], ['timestamp', 'timestamp (time series)'], ...dims],
    'country',
  );
  const granularity = select(
    'granularity',
    [
      ['hour', 'hour'],
      ['day', 'day'],
      ['minute', 'minute'],
    ],
    'day',
  );
  const limit = el('input', { 'data-testid': 'limit', value: '100', size: '5' });
  const url = el('pre', { 'data-testid': 'url', class: 'playq-out' });
  const code = el('pre', { 'data-testid': 'code', class: 'playq-out' });
  const problems = el('ul', { 'data-testid': 'problems', class: 'playq-problems' });
  const run = el('button', { 'data-testid': 'run', class: 'playq-run' }, 'Run');
  const status = el('p', { 'data-testid': 'status', class: 'playq-status' });
  const chart = el('div', { 'data-testid': 'chart' });
  const output = el('div', { class: 'playq-output' });

  let client: PlayqClient | undefined;
  let values: ValueProvider | undefined;
  const connect = () => {
    client = createClient({ baseUrl: service.value, auth: apiKeyAuth(apiKey.value), retry: false });
    values = serviceValues(client, { customerId: customer.value, period: () => periodOf() });
  };
  const periodOf = () => {
    const end = Math.floor(Date.now() / 3_600_000) * 3600 + 3600;
    return { start: end - Number(last.value) * 3600, end };
  };
  const lazyValues: ValueProvider = (request) => {
    if (values === undefined) connect();
    return values!(request);
  };

  const filter = editor(
    'filter',
    '',
    '[country=US|FR][platform=ios]',
    lazyValues,
    () => update(),
    () => void send(),
  );
  const qoe = editor(
    'qoefilter',
    '',
    'latency > 2 AND bufferingratio <= 5',
    lazyValues,
    () => update(),
    () => void send(),
  );

  const form = (): FormState => ({
    baseUrl: service.value,
    customerId: customer.value,
    lastHours: Number(last.value),
    metrics: metrics.value,
    aggby: aggby.value,
    granularity: granularity.value as FormState['granularity'],
    filter: filter.view.state.doc.toString(),
    qoefilter: qoe.view.state.doc.toString(),
    limit: Number(limit.value),
    now: Date.now(),
  });

  function update() {
    try {
      const q = formQuery(form());
      url.textContent = q.url;
      code.textContent = q.code;
      problems.replaceChildren(...q.problems.map((p) => el('li', { class: p.severity }, p.message)));
      run.disabled = q.url === '';
      return q;
    } catch (e) {
      problems.replaceChildren(el('li', { class: 'error' }, String(e)));
      run.disabled = true;
      return undefined;
    }
  }

  async function send() {
    const q = update();
    if (q === undefined || q.url === '') return;
    connect();
    status.textContent = 'Running…';
    output.replaceChildren();
    chart.replaceChildren();
    try {
      const page = await client!.run(q.node);
      const records = page.records as readonly Record<string, unknown>[];
      status.textContent = `${records.length} records shown, totalrecords ${page.totalrecords}`;
      status.dataset.totalrecords = String(page.totalrecords);
      output.append(renderTable(records));
      const svg = lineChart(seriesOf(records));
      if (svg !== '') chart.innerHTML = svg;
    } catch (e) {
      status.textContent = `Failed: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  for (const input of [service, apiKey, customer]) input.addEventListener('change', () => connect());
  for (const input of [last, metrics, aggby, granularity, limit])
    input.addEventListener('input', () => update());
  run.addEventListener('click', () => void send());

  const row = (...children: HTMLElement[]) => {
    const r = el('div', { class: 'playq-row' });
    r.append(...children);
    return r;
  };
  root.replaceChildren(
    row(field('Service', service), field('API key', apiKey), field('Customer', customer)),
    row(
      field('Period: last', last),
      field('Metrics', metrics),
      field('aggby', aggby),
      field('granularity', granularity),
      field('limit', limit),
    ),
    field('filter', filter.parent),
    field('qoefilter', qoe.parent),
    problems,
    field('Canonical URL', url),
    field('TypeScript (what playq explain prints)', code),
    row(run, status),
    chart,
    output,
  );
  update();
  root.dataset.ready = String(Math.round(performance.now()));
}
