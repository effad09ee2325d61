// The playground's form controls: where to send the query and with which credentials, and the
// query's plain parameters (endpoint, period, metrics, breakdown, order, paging). Fields that only
// one endpoint takes show only for it, the credential fields are the endpoint's; the orderby
// choices follow the requested names; the period follows the data the service holds until the
// user picks one, and a time series has no page size to pick (it asks for every bucket).
import { CATALOGUE, credentialOf, type DataSpan, isEndpoint } from '@playq/query';
import { type DataDefaults, DEFAULT_LAST_HOURS, LAST_CHOICES, spanText } from './data-defaults';
import { el, field, input, row, select, setOptions } from './dom';
import { FORM_ENDPOINTS, type FormState } from './form-query';

/** The connection settings: service, customer and the credentials of each endpoint. */
export interface ConnectionSettings {
  readonly baseUrl: string;
  readonly customerId: string;
  readonly apiKey: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export type FormFields = Omit<FormState, 'filter' | 'qoefilter' | 'now'>;

const LAST = LAST_CHOICES.map(([hours, label]) => [String(hours), label] as const);
const GRANULARITIES = ['auto', 'minute', '5minute', '10minute', 'hour', 'day'].map((g) => [g, g] as const);
const ORDERS = [
  ['desc', 'desc'],
  ['asc', 'asc'],
] as const;
const AGGS = [
  ['1', '1 (groups)'],
  ['2', '2 (error events)'],
] as const;
/** The error-insights breakdown of the session endpoint, offered as one choice. */
const ERROR_INSIGHTS = 'category,key,player';

const names = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

function aggbyOptions(endpoint: string): [string, string][] {
  const dims = CATALOGUE.dimensionNames.map((d) => [d, d] as [string, string]);
  // A session list has one record per session: no breakdown to choose.
  if (endpoint === 'listsessions') return [['', '(none)']];
  return endpoint === 'session'
    ? [['', '(none)'], ...dims, [ERROR_INSIGHTS, 'category, key, player (error insights)']]
    : [['', '(none)'], ['timestamp', 'timestamp (time series)'], ...dims];
}

/** The form's inputs and selects with their defaults; the service may come from `?service=`. */
function createControls(params: URLSearchParams, defaultService: string) {
  return {
    service: input('service', params.get('service') ?? defaultService, 40),
    customer: input('customer', 'demo', 10),
    apiKey: input('apikey', 'demo-key', 12),
    clientId: input('clientid', 'demo', 8),
    clientSecret: input('clientsecret', 'demo-secret', 12),
    endpoint: select(
      'endpoint',
      FORM_ENDPOINTS.map((e) => [e, e] as const),
      'metricquery',
    ),
    last: select('last', LAST, String(DEFAULT_LAST_HOURS)),
    metrics: input('metrics', 'viewercount,errors', 28),
    aggby: select('aggby', aggbyOptions('metricquery'), 'country'),
    granularity: select('granularity', GRANULARITIES, 'day'),
    orderby: select('orderby', [['', '(default)']], ''),
    order: select('order', ORDERS, 'desc'),
    agg: select('agg', AGGS, '1'),
    planLevel: input('planlevel', '', 6),
    limit: input('limit', '100', 5),
  };
}
type Controls = ReturnType<typeof createControls>;

/** What the controls hold, as the form's fields and the connection settings. */
function readControls(c: Controls): FormFields & ConnectionSettings {
  return {
    baseUrl: c.service.value,
    customerId: c.customer.value,
    apiKey: c.apiKey.value,
    clientId: c.clientId.value,
    clientSecret: c.clientSecret.value,
    endpoint: c.endpoint.value as FormFields['endpoint'],
    lastHours: Number(c.last.value),
    metrics: c.metrics.value,
    aggby: c.aggby.value,
    granularity: c.granularity.value as FormFields['granularity'],
    orderby: c.orderby.value,
    order: c.order.value as 'asc' | 'desc',
    limit: Number(c.limit.value),
    agg: c.agg.value === '2' ? 2 : 1,
    planLevel: c.planLevel.value.trim(),
  };
}

/** The controls, laid out in rows; `read` gives their values, `refresh` updates what depends on them. */
export function formControls(params: URLSearchParams, defaultService: string) {
  const c = createControls(params, defaultService);
  const sessionOnly = [field('agg', c.agg), field('planlevel (blank: looked up)', c.planLevel)];
  const clientFields = [field('Client id', c.clientId), field('Client secret', c.clientSecret)];
  const apiKeyField = field('API key', c.apiKey);
  const granularityField = field('granularity', c.granularity);
  const aggbyField = field('aggby', c.aggby);
  const limitField = field('limit', c.limit);
  const spanNote = el('p', { 'data-testid': 'data-span', class: 'playq-note' });
  // Once the user picks a period, the served data no longer changes it.
  let periodPicked = false;
  c.last.addEventListener('input', () => {
    periodPicked = true;
  });
  const follow = (span: DataSpan | undefined, defaults: DataDefaults | undefined) => {
    spanNote.textContent = span && defaults ? spanText(span, defaults.atDataEnd) : '';
    if (defaults && !periodPicked) c.last.value = String(defaults.lastHours);
  };
  const refresh = () => {
    const endpoint = c.endpoint.value;
    const bearer = isEndpoint(endpoint) && credentialOf(endpoint) === 'bearer';
    setOptions(c.aggby, aggbyOptions(endpoint));
    for (const f of sessionOnly) f.hidden = endpoint !== 'session';
    for (const f of clientFields) f.hidden = !bearer;
    apiKeyField.hidden = bearer;
    aggbyField.hidden = endpoint === 'listsessions';
    granularityField.hidden = c.aggby.value !== 'timestamp';
    limitField.hidden = c.aggby.value === 'timestamp';
    const requested = [...new Set([...names(c.metrics.value), ...names(c.aggby.value)])];
    setOptions(c.orderby, [['', '(default)'], ...requested.map((n) => [n, n] as const)]);
  };
  const rows = [
    row(field('Service', c.service), field('Customer', c.customer), apiKeyField, ...clientFields),
    row(
      field('Endpoint', c.endpoint),
      ...sessionOnly,
      field('Period: last', c.last),
      field('Metrics', c.metrics),
    ),
    row(aggbyField, granularityField, field('orderby', c.orderby), field('order', c.order), limitField),
    spanNote,
  ];
  refresh();
  return { controls: c, rows, read: () => readControls(c), refresh, follow };
}
