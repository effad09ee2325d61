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
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  DEFAULT_SESSION_TYPE,
  type Endpoint,
  type Granularity,
  type InvalidText,
  type QueryNode,
  type SessionType,
  type SortOrder,
} from '../model';
import { filterText, qoeFilterText, toSearchParams, toURL } from '../url/to-url';
import { deepFreeze } from '../util/deep-freeze';
import { invalidText } from '../validate/diagnostics';
import type { TextParsers } from './text-parsers';
import { spanSeconds, type TimeInput, type TimeUnit, toEpochSeconds } from './time';
import type { InitialState, LastOptions, LooseState, PeriodInput, QueryBuilder } from './types';

const OPERATORS: readonly string[] = COMPARISON_OPERATORS;
const CONTROL = /[\u0000-\u001f\u007f]/;

const isInvalid = (v: { type: string }): v is InvalidText => v.type === 'invalid';

/**
 * Every field of a query node, always present (unset ones `undefined`), so that all builder
 * states share one object shape and each step is a cheap copy.
 */
interface Props {
  type: 'query';
  endpoint: Endpoint;
  customerId: string;
  period: QueryNode['period'] | undefined;
  metrics: readonly string[];
  aggby: readonly string[];
  granularity: Granularity | undefined;
  filter: QueryNode['filter'] | undefined;
  qoefilter: QueryNode['qoefilter'] | undefined;
  orderby: string | undefined;
  order: SortOrder | undefined;
  limit: number;
  offset: number;
  planlevel: string | undefined;
  agg: AggMode | undefined;
  sessiontype: SessionType | undefined;
  allstatus: 0 | 1 | undefined;
  concurrency: 0 | 1 | undefined;
  businesserror: boolean | undefined;
}

/** @internal */
interface Env {
  readonly catalogue: AnyCatalogue;
  readonly parse: TextParsers;
}

/** @internal */
export class Builder {
  /** Never mutated: every step copies. */
  readonly #p: Props;
  /** What every builder of one family shares: its catalogue and its text parsers. */
  readonly #env: Env;
  /** The frozen node, made once on first request. */
  #node: QueryNode | undefined;

  constructor(props: Props, env: Env) {
    this.#p = props;
    this.#env = env;
  }

  get ['~catalogue'](): AnyCatalogue {
    return this.#env.catalogue;
  }

  #with(patch: Partial<Props>): Builder {
    // Spreading two objects of varying shapes is an order of magnitude slower in V8 than copying
    // one fixed shape field by field and assigning the patch onto it.
    return new Builder(Object.assign(copy(this.#p), patch), this.#env);
  }

  /** One field changed: the hot path of most calls, without a patch object to allocate. */
  #set<K extends keyof Props>(key: K, value: Props[K]): Builder {
    const next = copy(this.#p);
    next[key] = value;
    return new Builder(next, this.#env);
  }

  metrics(...names: string[]): Builder {
    return this.#set('metrics', union(this.#p.metrics, names));
  }

  aggBy(...dimensions: string[]): Builder {
    const aggby = union(this.#p.aggby, dimensions);
    const granularity = aggby.includes(TIMESTAMP) ? (this.#p.granularity ?? DEFAULT_GRANULARITY) : undefined;
    const next = copy(this.#p);
    next.aggby = aggby;
    next.granularity = granularity;
    return new Builder(next, this.#env);
  }

  timeseries(granularity: Granularity = DEFAULT_GRANULARITY): Builder {
    return this.#with({ aggby: union(this.#p.aggby, [TIMESTAMP]), granularity });
  }

  period(period: PeriodInput): Builder {
    if (typeof period === 'string') {
      const r = this.#env.parse.period(period);
      return this.#with({ period: r.ok ? r.value : invalid(period, r.errors) });
    }
    if (period === null || typeof period !== 'object') {
      return this.#with({ period: invalidText(String(period), 'A period is text or { start, end }.') });
    }
    return this.between(period.start, period.end);
  }

  between(from: TimeInput, to: TimeInput): Builder {
    const start = toEpochSeconds(from);
    const end = toEpochSeconds(to);
    if (!start.ok || !end.ok) {
      const message = [start, end].flatMap((r) => (r.ok ? [] : [r.message])).join(' ');
      return this.#with({
        period: invalidText(`start=${String(from)},end=${String(to)}`, message, 'invalid_time'),
      });
    }
    const a = start.seconds;
    const b = end.seconds;
    if (a >= 0 && a < b && b <= MAX_EPOCH_SECONDS) {
      return this.#set('period', { type: 'period', start: a, end: b });
    }
    // Going through the grammar gives the same errors (and positions) as typed text would.
    const text = `start=${a},end=${b}`;
    const r = this.#env.parse.period(text);
    return this.#with({ period: r.ok ? r.value : invalid(text, r.errors) });
  }

  last(n: number, unit: TimeUnit, options: LastOptions = {}): Builder {
    const now = toEpochSeconds(options.now ?? new Date());
    const span = spanSeconds(n, unit);
    if (!now.ok) return this.#with({ period: invalidText(String(options.now), now.message, 'invalid_time') });
    if (span === undefined || !Number.isSafeInteger(span) || span <= 0) {
      return this.#with({
        period: invalidText(
          `last ${n} ${String(unit)}`,
          `last(n, unit) needs a positive whole number of seconds, minutes, hours, days or weeks.`,
          'invalid_time',
        ),
      });
    }
    return this.between(now.seconds - span, now.seconds);
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
    const current = this.#p.filter;
    if (current === undefined) return this.#set('filter', added);
    if (!isInvalid(current) && !isInvalid(added)) {
      return this.#set('filter', { type: 'filter', clauses: current.clauses.concat(added.clauses) });
    }
    // Re-parse the joined text so positions in the errors point into what the URL will carry.
    const text =
      (isInvalid(current) ? current.text : filterText(current)) +
      (isInvalid(added) ? added.text : filterText(added));
    const r = this.#env.parse.filter(text);
    return this.#with({
      filter: r.ok
        ? r.value
        : invalid(text, isInvalid(added) && r.errors.length === 0 ? added.errors : r.errors),
    });
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
    const current = this.#p.qoefilter;
    if (current === undefined) return this.#with({ qoefilter: added });
    if (!isInvalid(current) && !isInvalid(added)) {
      return this.#with({
        qoefilter: Object.freeze({
          type: 'qoefilter',
          conditions: Object.freeze([...current.conditions, ...added.conditions]),
        }),
      });
    }
    const text = `${isInvalid(current) ? current.text : qoeFilterText(current)} AND ${isInvalid(added) ? added.text : qoeFilterText(added)}`;
    const r = this.#env.parse.qoefilter(text);
    return this.#with({
      qoefilter: r.ok
        ? r.value
        : invalid(text, isInvalid(added) && r.errors.length === 0 ? added.errors : r.errors),
    });
  }

  orderBy(name: string, order?: SortOrder): Builder {
    const next = copy(this.#p);
    next.orderby = name;
    next.order = order;
    return new Builder(next, this.#env);
  }

  limit(n: number): Builder {
    return this.#set('limit', n);
  }

  offset(n: number): Builder {
    return this.#set('offset', n);
  }

  page(n: number, size?: number): Builder {
    const limit = size ?? this.#p.limit;
    return this.#with({ limit, offset: (n - 1) * limit });
  }

  planLevel(level: string | number): Builder {
    return this.#with({ planlevel: String(level) });
  }

  agg(mode: AggMode): Builder {
    return this.#with({ agg: mode });
  }

  // The switches store nothing for their defaults, so equal meanings give deep-equal nodes.
  sessionType(type: SessionType): Builder {
    return this.#set('sessiontype', type === DEFAULT_SESSION_TYPE ? undefined : type);
  }

  allStatuses(on = true): Builder {
    return this.#set('allstatus', on ? 1 : undefined);
  }

  concurrency(on = true): Builder {
    return this.#set('concurrency', on ? 1 : undefined);
  }

  businessErrors(on = true): Builder {
    return this.#set('businesserror', on ? true : undefined);
  }

  // Nodes are built unfrozen and never mutated after construction (each call copies), so they
  // are frozen once, when they leave the builder; that keeps each builder step cheap.
  toQuery(): QueryNode {
    if (this.#node === undefined) this.#node = materialize(this.#p);
    return this.#node;
  }

  toJSON(): QueryNode {
    return this.toQuery();
  }

  toURL(baseUrl: string | URL): string {
    return toURL(this.#p as QueryNode, { baseUrl });
  }

  toSearchParams(): URLSearchParams {
    return toSearchParams(this.#p as QueryNode);
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

function emptyProps(endpoint: Endpoint, customerId: string): Props {
  return {
    type: 'query',
    endpoint,
    customerId,
    period: undefined,
    metrics: [],
    aggby: [],
    granularity: undefined,
    filter: undefined,
    qoefilter: undefined,
    orderby: undefined,
    order: undefined,
    limit: DEFAULT_LIMIT,
    offset: DEFAULT_OFFSET,
    planlevel: undefined,
    agg: undefined,
    sessiontype: undefined,
    allstatus: undefined,
    concurrency: undefined,
    businesserror: undefined,
  };
}

function copy(p: Props): Props {
  return {
    type: p.type,
    endpoint: p.endpoint,
    customerId: p.customerId,
    period: p.period,
    metrics: p.metrics,
    aggby: p.aggby,
    granularity: p.granularity,
    filter: p.filter,
    qoefilter: p.qoefilter,
    orderby: p.orderby,
    order: p.order,
    limit: p.limit,
    offset: p.offset,
    planlevel: p.planlevel,
    agg: p.agg,
    sessiontype: p.sessiontype,
    allstatus: p.allstatus,
    concurrency: p.concurrency,
    businesserror: p.businesserror,
  };
}

/** The node of a builder: unset fields left out, deeply frozen. */
function materialize(p: Props): QueryNode {
  const node: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(p)) if (value !== undefined) node[key] = value;
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

/** The factories of one catalogue and one set of text parsers. @internal */
export function queriesWith<C extends AnyCatalogue>(catalogue: C, parse: TextParsers): Queries<C> {
  const env: Env = Object.freeze({ catalogue, parse });
  return Object.freeze({
    catalogue,
    metricQuery: (customerId: string) => new Builder(emptyProps('metricquery', customerId), env) as never,
    sessionQuery: (customerId: string) => new Builder(emptyProps('session', customerId), env) as never,
    fromQuery: (node: QueryNode) => builderOf(node, env) as never,
  });
}

function builderOf(node: QueryNode, env: Env): Builder {
  if (typeof node !== 'object' || node === null || (node as { type?: unknown }).type !== 'query') {
    throw new TypeError('@playq/query: fromQuery expects a query node (an object with type "query").');
  }
  const props: Props = Object.assign(emptyProps(node.endpoint, node.customerId), structuredClone(node));
  return new Builder(props, env);
}
