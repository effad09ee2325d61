// The playground's query form as a query: the form's fields become builder calls (the same
// builder users write), and the result is shown three ways: the canonical URL, the TypeScript
// `playq explain` prints, and the validation problems.

import {
  builderCode,
  metricQuery,
  type QueryDiagnostic,
  type QueryNode,
  toURL,
  validate,
} from '@playq/query';

export interface FormState {
  readonly baseUrl: string;
  readonly customerId: string;
  /** How far back the period reaches from the end of the current hour, in hours. */
  readonly lastHours: number;
  readonly metrics: string;
  /** A dimension, `timestamp` for a time series, or '' for none. */
  readonly aggby: string;
  readonly granularity: 'minute' | 'hour' | 'day';
  readonly filter: string;
  readonly qoefilter: string;
  readonly limit: number;
  /** Milliseconds since the epoch; the period ends at the end of its hour. */
  readonly now: number;
}

export interface FormQuery {
  readonly node: QueryNode;
  readonly url: string;
  readonly code: string;
  readonly problems: readonly QueryDiagnostic[];
}

const HOUR = 3600;

/** The query a form describes, its canonical URL, its builder code and its problems. */
export function formQuery(form: FormState): FormQuery {
  const end = Math.floor(form.now / 1000 / HOUR) * HOUR + HOUR;
  const metrics = form.metrics
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  // biome-ignore lint/suspicious/noExplicitAny: names typed into a form, checked by validate()
  let b: any = metricQuery(form.customerId)
    .between(end - form.lastHours * HOUR, end)
    .metrics(...(metrics as []));
  if (form.aggby === 'timestamp') b = b.timeseries(form.granularity);
  else if (form.aggby !== '') b = b.aggBy(form.aggby);
  if (form.filter.trim() !== '') b = b.where(form.filter);
  if (form.qoefilter.trim() !== '') b = b.having(form.qoefilter);
  b = b.limit(form.limit);
  const node: QueryNode = b.toQuery();
  const problems = validate(node);
  const valid = !problems.some((p) => p.severity === 'error');
  return {
    node,
    url: valid ? toURL(node, { baseUrl: form.baseUrl }) : '',
    code: valid ? builderCode(node) : '',
    problems,
  };
}
