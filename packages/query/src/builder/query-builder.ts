// The builder's run-time half: one small class holding a frozen query node, whose every method
// returns a new instance. Input that cannot become a well-formed AST is kept as `InvalidText`, so
// the builder never throws and `validate` reports the problem with the rest.
import {
  COMPARISON_OPERATORS,
  type ComparisonOperator,
  type FilterAst,
  type FilterClause,
  isIdentifier,
  type QoeCondition,
  type QoeFilterAst,
} from '@playq/grammar/print';
import { TIMESTAMP } from '../catalogue/catalogue';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import { MAX_EPOCH_SECONDS } from '../limits';
import {
  type AggMode,
  DEFAULT_GRANULARITY,
  DEFAULT_SESSION_TYPE,
  type Endpoint,
  type Granularity,
  type InvalidText,
  type QueryNode,
  type SessionType,
  type SortOrder,
} from '../model';
import type { ParameterCodec as Parameter } from '../parameters/parameter';
import { PARAMETER_CODECS as PARAMETERS, type ParameterName } from '../parameters/parameter-codecs';
import { filterText, qoeFilterText } from '../parameters/parameter-texts';
import type { TextParsers } from '../parameters/text-parsers';
import { lastPeriodEnd } from '../time-series';
import { entriesWith, urlWith } from '../url/to-url';
import { deepFreeze } from '../util/deep-freeze';
import { invalidText } from '../validate/diagnostics';
import { spanSeconds, type TimeInput, type TimeUnit, toEpochSeconds } from './time';
import type { InitialState, LastOptions, LooseState, PeriodInput, QueryBuilder } from './types';

const OPERATORS: readonly string[] = COMPARISON_OPERATORS;
const CONTROL = /[\u0000-\u001f\u007f]/;

const isInvalid = (v: { type: string }): v is InvalidText => v.type === 'invalid';

/** What `last(n, unit)` was given: the span in seconds and the instant it ends at. */
interface LastSpan {
  readonly span: number;
  readonly now: number;
}

/**
 * The value of every parameter, in the parameter table's order (unset ones `undefined`): each step
 * copies one short array, which V8 does an order of magnitude faster than spreading an object.
 */
type Values = unknown[];
/** What no step changes: the endpoint and the customer. */
interface Head {
  readonly endpoint: Endpoint;
  readonly customerId: string;
}
/** Where each parameter's value sits in a builder's values, by name. */
type Positions = { readonly [K in ParameterName]: number };

/** @internal */
interface Env {
  readonly catalogue: AnyCatalogue;
  readonly parse: TextParsers;
  /** The parameter table: the builder's fields, what `withParameter` reads, what `toURL` prints. */
  readonly table: readonly Parameter[];
  readonly rows: ReadonlyMap<string, Parameter>;
  /** Where each parameter's value sits in a builder's values. */
  readonly at: Positions;
}

/** @internal */
export class Builder {
  readonly #head: Head;
  /** Never mutated: every step copies. */
  readonly #v: Values;
  /** What every builder of one family shares: its catalogue, text parsers and parameter table. */
  readonly #env: Env;
  /** The frozen node, made once on first request. */
  #node: QueryNode | undefined;
  /**
   * The span and instant of `last()` while the period is still the one it set: a later step that
   * makes the query a time series (or changes its granularity) ends the period where
   * `lastPeriodEnd` says, whatever the order of the calls.
   */
  readonly #last: LastSpan | undefined;

  constructor(head: Head, values: Values, env: Env, last?: LastSpan) {
    this.#head = head;
    this.#v = values;
    this.#env = env;
    this.#last = last;
  }

  // Each access names its parameter (`at.metrics`), so V8 sees one property per call site.
  get #at(): Positions {
    return this.#env.at;
  }

  get ['~catalogue'](): AnyCatalogue {
    return this.#env.catalogue;
  }

  /** One value changed (by its position in the table): the hot path, a copy of one short array. */
  #set(at: number, value: unknown): Builder {
    const next = this.#v.slice();
    next[at] = value;
    if (at === this.#at.period || this.#last === undefined) return new Builder(this.#head, next, this.#env);
    return new Builder(this.#head, next, this.#env, this.#last).#realigned();
  }

  #set2(at: number, value: unknown, at2: number, value2: unknown): Builder {
    const next = this.#v.slice();
    next[at] = value;
    next[at2] = value2;
    return new Builder(this.#head, next, this.#env, this.#last).#realigned();
  }

  /** The period `last()` set, ended where `lastPeriodEnd` says for the query as it now stands. */
  #realigned(): Builder {
    const last = this.#last;
    if (last === undefined) return this;
    const aggby = (this.#v[this.#at.aggby] as QueryNode['aggby'] | undefined) ?? [];
    const granularity = this.#v[this.#at.granularity] as QueryNode['granularity'];
    const end = lastPeriodEnd(
      { aggby, endpoint: this.#head.endpoint, agg: this.#v[this.#at.agg] as QueryNode['agg'], granularity },
      last.span,
      last.now,
    );
    const period = this.#v[this.#at.period] as QueryNode['period'];
    if (period?.type === 'period' && period.end === end) return this;
    const next = this.#v.slice();
    next[this.#at.period] = { type: 'period', start: end - last.span, end };
    return new Builder(this.#head, next, this.#env, last);
  }

  metrics(...names: string[]): Builder {
    return this.#set(this.#at.metrics, union(this.#v[this.#at.metrics] as QueryNode['metrics'], names));
  }

  aggBy(...dimensions: string[]): Builder {
    const aggby = union(this.#v[this.#at.aggby] as QueryNode['aggby'], dimensions);
    const granularity = aggby.includes(TIMESTAMP)
      ? ((this.#v[this.#at.granularity] as QueryNode['granularity']) ?? DEFAULT_GRANULARITY)
      : undefined;
    return this.#set2(this.#at.aggby, aggby, this.#at.granularity, granularity);
  }

  timeseries(granularity: Granularity = DEFAULT_GRANULARITY): Builder {
    const aggby = union(this.#v[this.#at.aggby] as QueryNode['aggby'], [TIMESTAMP]);
    return this.#set2(this.#at.aggby, aggby, this.#at.granularity, granularity);
  }

  period(period: PeriodInput): Builder {
    if (typeof period === 'string') {
      const r = this.#env.parse.period(period);
      return this.#set(this.#at.period, r.ok ? r.value : invalid(period, r.errors));
    }
    if (period === null || typeof period !== 'object') {
      return this.#set(this.#at.period, invalidText(String(period), 'A period is text or { start, end }.'));
    }
    return this.between(period.start, period.end);
  }

  between(from: TimeInput, to: TimeInput): Builder {
    const start = toEpochSeconds(from);
    const end = toEpochSeconds(to);
    if (!start.ok || !end.ok) {
      const message = [start, end].flatMap((r) => (r.ok ? [] : [r.message])).join(' ');
      return this.#set(
        this.#at.period,
        invalidText(`start=${String(from)},end=${String(to)}`, message, 'invalid_time'),
      );
    }
    const a = start.seconds;
    const b = end.seconds;
    if (a >= 0 && a < b && b <= MAX_EPOCH_SECONDS) {
      return this.#set(this.#at.period, { type: 'period', start: a, end: b });
    }
    // Going through the grammar gives the same errors (and positions) as typed text would.
    const text = `start=${a},end=${b}`;
    const r = this.#env.parse.period(text);
    return this.#set(this.#at.period, r.ok ? r.value : invalid(text, r.errors));
  }

  last(n: number, unit: TimeUnit, options: LastOptions = {}): Builder {
    const now = toEpochSeconds(options.now ?? new Date());
    const span = spanSeconds(n, unit);
    if (!now.ok)
      return this.#set(this.#at.period, invalidText(String(options.now), now.message, 'invalid_time'));
    if (span === undefined || !Number.isSafeInteger(span) || span <= 0) {
      return this.#set(
        this.#at.period,
        invalidText(
          `last ${n} ${String(unit)}`,
          `last(n, unit) needs a positive whole number of seconds, minutes, hours, days or weeks.`,
          'invalid_time',
        ),
      );
    }
    const set = this.between(now.seconds - span, now.seconds);
    return new Builder(set.#head, set.#v, set.#env, { span, now: now.seconds }).#realigned();
  }

  where(dimensionOrText: string, values?: string | readonly string[]): Builder {
    if (values === undefined) {
      const r = this.#env.parse.filter(dimensionOrText);
      return this.#withFilter(r.ok ? r.value : invalid(dimensionOrText, r.errors));
    }
    const list: readonly string[] =
      typeof values === 'string' ? [values] : Array.isArray(values) ? values : toArray(values);
    const dimension = String(dimensionOrText).toLowerCase();
    const sketch = () => `[${dimensionOrText}=${list.join('|')}]`;
    if (!isIdentifier(dimension)) {
      return this.#withFilter(invalidText(sketch(), `"${dimensionOrText}" is not a dimension name.`));
    }
    if (list.length === 0) {
      return this.#withFilter(
        invalidText(sketch(), `The filter on "${dimension}" has no values.`, 'empty_value'),
      );
    }
    // One pass both checks the values and drops repeats (as the grammar does for `US|US`).
    const distinct: string[] = [];
    for (let i = 0; i < list.length; i++) {
      const v = list[i];
      if (typeof v !== 'string' || v === '' || CONTROL.test(v)) {
        return this.#withFilter(
          invalidText(
            sketch(),
            `The filter on "${dimension}" has an empty value or one with control characters.`,
          ),
        );
      }
      if (!distinct.includes(v)) distinct.push(v);
    }
    const clause: FilterClause = { type: 'clause', dimension, values: distinct };
    return this.#withFilter({ type: 'filter', clauses: [clause] });
  }

  #withFilter(added: FilterAst | InvalidText): Builder {
    const current = this.#v[this.#at.filter] as QueryNode['filter'];
    if (current === undefined) return this.#set(this.#at.filter, added);
    if (!isInvalid(current) && !isInvalid(added)) {
      return this.#set(this.#at.filter, { type: 'filter', clauses: current.clauses.concat(added.clauses) });
    }
    // Re-parse the joined text so positions in the errors point into what the URL will carry.
    const text =
      (isInvalid(current) ? current.text : filterText(current)) +
      (isInvalid(added) ? added.text : filterText(added));
    const r = this.#env.parse.filter(text);
    return this.#set(
      this.#at.filter,
      r.ok ? r.value : invalid(text, isInvalid(added) && r.errors.length === 0 ? added.errors : r.errors),
    );
  }

  having(metricOrText: string, operator?: ComparisonOperator, value?: number): Builder {
    if (operator === undefined && value === undefined) {
      const r = this.#env.parse.qoefilter(metricOrText);
      return this.#withQoe(r.ok ? r.value : invalid(metricOrText, r.errors));
    }
    const metric = String(metricOrText).toLowerCase();
    const sketch = () => `${metricOrText}${String(operator)}${String(value)}`;
    if (!isIdentifier(metric))
      return this.#withQoe(invalidText(sketch(), `"${metricOrText}" is not a metric name.`));
    if (operator === undefined || !OPERATORS.includes(operator)) {
      return this.#withQoe(
        invalidText(sketch(), `"${String(operator)}" is not one of ${OPERATORS.join(' ')}.`),
      );
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return this.#withQoe(
        invalidText(sketch(), `The value compared with ${metric} must be a finite number.`),
      );
    }
    const condition: QoeCondition = Object.freeze({
      type: 'condition',
      metric,
      operator,
      value: value === 0 ? 0 : value,
    });
    return this.#withQoe(Object.freeze({ type: 'qoefilter', conditions: Object.freeze([condition]) }));
  }

  #withQoe(added: QoeFilterAst | InvalidText): Builder {
    const current = this.#v[this.#at.qoefilter] as QueryNode['qoefilter'];
    if (current === undefined) return this.#set(this.#at.qoefilter, added);
    if (!isInvalid(current) && !isInvalid(added)) {
      return this.#set(
        this.#at.qoefilter,
        Object.freeze({
          type: 'qoefilter',
          conditions: Object.freeze([...current.conditions, ...added.conditions]),
        }),
      );
    }
    const text = `${isInvalid(current) ? current.text : qoeFilterText(current)} AND ${isInvalid(added) ? added.text : qoeFilterText(added)}`;
    const r = this.#env.parse.qoefilter(text);
    return this.#set(
      this.#at.qoefilter,
      r.ok ? r.value : invalid(text, isInvalid(added) && r.errors.length === 0 ? added.errors : r.errors),
    );
  }

  orderBy(name: string, order?: SortOrder): Builder {
    return this.#set2(this.#at.orderby, name, this.#at.order, order);
  }

  limit(n: number): Builder {
    return this.#set(this.#at.limit, n);
  }

  offset(n: number): Builder {
    return this.#set(this.#at.offset, n);
  }

  page(n: number, size?: number): Builder {
    const limit = size ?? (this.#v[this.#at.limit] as QueryNode['limit']);
    return this.#set2(this.#at.limit, limit, this.#at.offset, (n - 1) * limit);
  }

  withParameter(name: string, text: string): Builder {
    const row = this.#env.rows.get(name);
    if (row === undefined) {
      throw new TypeError(`@playq/query: withParameter: "${String(name)}" is not a query parameter.`);
    }
    const r = row.decode(String(text), this.#env.parse);
    // Text the row refuses is kept as given, so that validation reports it with the rest.
    const value = r.value === undefined && r.problem !== undefined ? String(text) : r.value;
    const node: Record<string, unknown> = { ...this.toQuery(), [name]: value };
    if (value === undefined) delete node[name];
    // Defaults that follow from the others (a time series' granularity), as fromURL fills them.
    for (const other of this.#env.table) if (node[other.name] === undefined) other.absent?.(node);
    const last = name === 'period' ? undefined : this.#last;
    return new Builder(this.#head, valuesOf(node, this.#env.table), this.#env, last).#realigned();
  }

  planLevel(level: string | number): Builder {
    return this.#set(this.#at.planlevel, String(level));
  }

  agg(mode: AggMode): Builder {
    return this.#set(this.#at.agg, mode);
  }

  // The switches store nothing for their defaults, so equal meanings give deep-equal nodes.
  sessionType(type: SessionType): Builder {
    return this.#set(this.#at.sessiontype, type === DEFAULT_SESSION_TYPE ? undefined : type);
  }

  allStatuses(on = true): Builder {
    return this.#set(this.#at.allstatus, on ? 1 : undefined);
  }

  concurrency(on = true): Builder {
    return this.#set(this.#at.concurrency, on ? 1 : undefined);
  }

  businessErrors(on = true): Builder {
    return this.#set(this.#at.businesserror, on ? true : undefined);
  }

  // Nodes are built unfrozen and never mutated after construction (each call copies), so they
  // are frozen once, when they leave the builder; that keeps each builder step cheap.
  toQuery(): QueryNode {
    if (this.#node === undefined) this.#node = materialize(this.#head, this.#v, this.#env.table);
    return this.#node;
  }

  toJSON(): QueryNode {
    return this.toQuery();
  }

  toURL(baseUrl: string | URL): string {
    const v = this.#v;
    return urlWith(this.#env.table, baseUrl, this.#head, (_, i) => v[i]);
  }

  toSearchParams(): URLSearchParams {
    const v = this.#v;
    return new URLSearchParams(entriesWith(this.#env.table, (_, i) => v[i]));
  }
}

/** Untyped callers may pass any iterable (a `Set`) or nothing usable at all. */
function toArray(values: unknown): string[] {
  if (values !== null && typeof values === 'object' && Symbol.iterator in values) {
    return Array.from(values as Iterable<string>);
  }
  return [];
}

function union(existing: readonly string[], added: readonly string[]): string[] {
  const out = existing.slice();
  for (let i = 0; i < added.length; i++) {
    const name = added[i]!;
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

function invalid(text: string, errors: InvalidText['errors']): InvalidText {
  return Object.freeze({ type: 'invalid', text, errors });
}

/** A fresh builder's values: each parameter's empty value from its table row. */
function emptyValues(table: readonly Parameter[]): Values {
  let empty = EMPTY_VALUES.get(table);
  if (empty === undefined) {
    // Builders share it: `#set` copies before it changes a value. (Not frozen: copies of a
    // frozen array are slow to write to.)
    empty = table.map((p) => p.empty);
    EMPTY_VALUES.set(table, empty);
  }
  return empty as Values;
}

/** Each table's empty state, worked out once: every `metricQuery()` starts from it. */
const EMPTY_VALUES = new WeakMap<readonly Parameter[], readonly unknown[]>();

/** The values of a node, in table order; a parameter the node lacks takes its empty value. */
function valuesOf(node: Readonly<Record<string, unknown>>, table: readonly Parameter[]): Values {
  return table.map((p) => (node[p.name] === undefined ? p.empty : node[p.name]));
}

/** The node of a builder: unset fields left out, deeply frozen. */
function materialize(head: Head, values: Values, table: readonly Parameter[]): QueryNode {
  const node: Record<string, unknown> = {
    type: 'query',
    endpoint: head.endpoint,
    customerId: head.customerId,
  };
  for (let i = 0; i < table.length; i++) if (values[i] !== undefined) node[table[i]!.name] = values[i];
  return deepFreeze(node as unknown as QueryNode);
}

/** The three builder factories, typed by one catalogue. */
export interface Queries<C extends AnyCatalogue> {
  /** The catalogue the builders accept names from. */
  readonly catalogue: C;
  /**
   * Start a query on the metric endpoint (`GET {base}/metricquery/{customerId}`).
   *
   * @example
   * metricQuery('demo').last(24, 'hours').metrics('latency', 'viewercount').aggBy('country')
   *   .where('platform', ['ios', 'android']).having('bufferingratio', '>', 5)
   *   .orderBy('viewercount', 'desc').limit(100)
   *   .toURL('https://example.com/api/v1');
   * // 'https://example.com/api/v1/metricquery/demo?period=start%3D…%2Cend%3D…&metrics=latency%2Cviewercount
   * //  &aggby=country&filter=%5Bplatform%3Dios%7Candroid%5D&qoefilter=bufferingratio%3E5&orderby=viewercount
   * //  &order=desc&limit=100'
   */
  metricQuery(customerId: string): QueryBuilder<InitialState<'metricquery', C>>;
  /**
   * Start a query on the session endpoint (`GET {base}/session/{customerId}`), which needs `agg`
   * and, in a URL, `planlevel`.
   *
   * @example
   * sessionQuery('demo').planLevel('2').agg(1).between(0, 86400)
   *   .metrics('errors', 'subscriberid').aggBy('subscriberid')
   *   .toURL('https://example.com/api/v1');
   * // 'https://example.com/api/v1/session/demo?planlevel=2&period=start%3D0%2Cend%3D86400
   * //  &metrics=errors%2Csubscriberid&aggby=subscriberid&agg=1'
   */
  sessionQuery(customerId: string): QueryBuilder<InitialState<'session', C>>;
  /**
   * Start a session list (`GET {base}/listsessions/{customerId}`): one record per session of the
   * population, with the requested list fields in the caller's order; the drill-down from an
   * aggregate (see `drillDown`).
   *
   * @example
   * sessionList('demo').last(7, 'days').metrics('bufferingratio', 'sessionid', 'country')
   *   .where('country', 'BR').limit(100)
   *   .toURL('https://example.com/api/v1');
   * // 'https://example.com/api/v1/listsessions/demo?period=…&metrics=bufferingratio%2Csessionid%2Ccountry
   * //  &filter=%5Bcountry%3DBR%5D&limit=100'
   */
  sessionList(customerId: string): QueryBuilder<InitialState<'listsessions', C>>;
  /**
   * A builder holding an existing query node, to change it further. Its types are loose, since
   * the node's contents are only known at run time. Throws a `TypeError` for anything that is not
   * a query node (a programming error, not bad input: `validate` reports bad contents).
   *
   * @example
   * const r = fromURL(url);
   * if (r.ok) fromQuery(r.query).limit(50).toURL(base);
   */
  fromQuery(node: QueryNode): QueryBuilder<LooseState<Endpoint, C>>;
}

/** The factories of one catalogue, one set of text parsers and one parameter table. @internal */
export function queriesWith<C extends AnyCatalogue>(
  catalogue: C,
  parse: TextParsers,
  table: readonly Parameter[] = PARAMETERS,
): Queries<C> {
  const rows = new Map(table.map((p) => [p.name, p]));
  const at: Record<string, number> = {};
  for (let i = 0; i < table.length; i++) at[table[i]!.name] = i;
  const env: Env = Object.freeze({ catalogue, parse, table, rows, at: at as Positions });
  const start = (endpoint: Endpoint, customerId: string) =>
    new Builder({ endpoint, customerId }, emptyValues(table), env);
  return Object.freeze({
    catalogue,
    metricQuery: (customerId: string) => start('metricquery', customerId) as never,
    sessionQuery: (customerId: string) => start('session', customerId) as never,
    sessionList: (customerId: string) => start('listsessions', customerId) as never,
    fromQuery: (node: QueryNode) => builderOf(node, env) as never,
  });
}

function builderOf(node: QueryNode, env: Env): Builder {
  if (typeof node !== 'object' || node === null || (node as { type?: unknown }).type !== 'query') {
    throw new TypeError('@playq/query: fromQuery expects a query node (an object with type "query").');
  }
  const copy = structuredClone(node) as unknown as Readonly<Record<string, unknown>>;
  return new Builder(
    { endpoint: node.endpoint, customerId: node.customerId },
    valuesOf(copy, env.table),
    env,
  );
}
