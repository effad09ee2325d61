// The builder's run-time half: one small class holding a frozen query node, whose every method
// returns a new instance. Input that cannot become a well-formed AST is kept as `InvalidText`, so
// the builder never throws and `validate` reports the problem with the rest.
import {
  type ComparisonOperator,
  type FilterAst,
  type FilterClause,
  isIdentifier,
  parseFilter,
  parsePeriod,
  parseQoeFilter,
  type QoeCondition,
  type QoeFilterAst,
} from '@playq/grammar';
import {
  type AggMode,
  DEFAULT_GRANULARITY,
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  type Endpoint,
  type Granularity,
  type InvalidText,
  type QueryNode,
  type SortOrder,
} from '../model';
import { deepFreeze } from '../url/from-url';
import { filterText, qoeFilterText, toSearchParams, toURL } from '../url/to-url';
import { invalidText } from '../validate/diagnostics';
import { spanSeconds, type TimeInput, type TimeUnit, toEpochSeconds } from './time';
import type { InitialState, LastOptions, LooseState, PeriodInput, QueryBuilder } from './types';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const OPERATORS: readonly string[] = ['>', '>=', '<', '<=', '=', '!='];
const CONTROL = /[\u0000-\u001f\u007f]/;

const isInvalid = (v: { type: string }): v is InvalidText => v.type === 'invalid';

class Builder {
  readonly #node: QueryNode;

  constructor(node: QueryNode) {
    this.#node = node;
  }

  #with(patch: Partial<Mutable<QueryNode>>, remove: readonly (keyof QueryNode)[] = []): Builder {
    const next: Record<string, unknown> = { ...this.#node, ...patch };
    for (const key of remove) delete next[key];
    return new Builder(Object.freeze(next) as unknown as QueryNode);
  }

  metrics(...names: string[]): Builder {
    return this.#with({ metrics: Object.freeze(union(this.#node.metrics, names)) });
  }

  aggBy(...dimensions: string[]): Builder {
    const aggby = Object.freeze(union(this.#node.aggby, dimensions));
    const granularity = aggby.includes('timestamp')
      ? (this.#node.granularity ?? DEFAULT_GRANULARITY)
      : undefined;
    return granularity === undefined
      ? this.#with({ aggby }, ['granularity'])
      : this.#with({ aggby, granularity });
  }

  timeseries(granularity: Granularity = DEFAULT_GRANULARITY): Builder {
    return this.#with({ aggby: Object.freeze(union(this.#node.aggby, ['timestamp'])), granularity });
  }

  period(period: PeriodInput): Builder {
    if (typeof period === 'string') {
      const r = parsePeriod(period);
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
    // Going through the grammar gives the same errors (and positions) as typed text would.
    const text = `start=${start.seconds},end=${end.seconds}`;
    const r = parsePeriod(text);
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
      const r = parseFilter(dimensionOrText);
      return this.#withFilter(r.ok ? r.value : invalid(dimensionOrText, r.errors), dimensionOrText);
    }
    const list = typeof values === 'string' ? [values] : [...values];
    const dimension = String(dimensionOrText).toLowerCase();
    const sketch = `[${dimensionOrText}=${list.join('|')}]`;
    if (!isIdentifier(dimension)) {
      return this.#withFilter(invalidText(sketch, `"${dimensionOrText}" is not a dimension name.`), sketch);
    }
    if (list.length === 0) {
      return this.#withFilter(
        invalidText(sketch, `The filter on "${dimension}" has no values.`, 'empty_value'),
        sketch,
      );
    }
    const bad = list.find((v) => typeof v !== 'string' || v === '' || CONTROL.test(v));
    if (bad !== undefined) {
      return this.#withFilter(
        invalidText(
          sketch,
          `The filter on "${dimension}" has an empty value or one with control characters.`,
        ),
        sketch,
      );
    }
    const clause: FilterClause = Object.freeze({
      type: 'clause',
      dimension,
      values: Object.freeze(union([], list)),
    });
    return this.#withFilter(Object.freeze({ type: 'filter', clauses: Object.freeze([clause]) }), sketch);
  }

  #withFilter(added: FilterAst | InvalidText, addedText: string): Builder {
    const current = this.#node.filter;
    if (current === undefined) return this.#with({ filter: added });
    if (!isInvalid(current) && !isInvalid(added)) {
      return this.#with({
        filter: Object.freeze({
          type: 'filter',
          clauses: Object.freeze([...current.clauses, ...added.clauses]),
        }),
      });
    }
    // Re-parse the joined text so positions in the errors point into what the URL will carry.
    const text = (isInvalid(current) ? current.text : filterText(current)) + addedText;
    const r = parseFilter(text);
    return this.#with({
      filter: r.ok
        ? r.value
        : invalid(text, isInvalid(added) && r.errors.length === 0 ? added.errors : r.errors),
    });
  }

  having(metricOrText: string, operator?: ComparisonOperator, value?: number): Builder {
    if (operator === undefined && value === undefined) {
      const r = parseQoeFilter(metricOrText);
      return this.#withQoe(r.ok ? r.value : invalid(metricOrText, r.errors), metricOrText);
    }
    const metric = String(metricOrText).toLowerCase();
    const sketch = `${metricOrText}${String(operator)}${String(value)}`;
    if (!isIdentifier(metric))
      return this.#withQoe(invalidText(sketch, `"${metricOrText}" is not a metric name.`), sketch);
    if (operator === undefined || !OPERATORS.includes(operator)) {
      return this.#withQoe(
        invalidText(sketch, `"${String(operator)}" is not one of ${OPERATORS.join(' ')}.`),
        sketch,
      );
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return this.#withQoe(
        invalidText(sketch, `The value compared with ${metric} must be a finite number.`),
        sketch,
      );
    }
    const condition: QoeCondition = Object.freeze({
      type: 'condition',
      metric,
      operator,
      value: value === 0 ? 0 : value,
    });
    return this.#withQoe(
      Object.freeze({ type: 'qoefilter', conditions: Object.freeze([condition]) }),
      sketch,
    );
  }

  #withQoe(added: QoeFilterAst | InvalidText, addedText: string): Builder {
    const current = this.#node.qoefilter;
    if (current === undefined) return this.#with({ qoefilter: added });
    if (!isInvalid(current) && !isInvalid(added)) {
      return this.#with({
        qoefilter: Object.freeze({
          type: 'qoefilter',
          conditions: Object.freeze([...current.conditions, ...added.conditions]),
        }),
      });
    }
    const text = `${isInvalid(current) ? current.text : qoeFilterText(current)} AND ${addedText}`;
    const r = parseQoeFilter(text);
    return this.#with({
      qoefilter: r.ok
        ? r.value
        : invalid(text, isInvalid(added) && r.errors.length === 0 ? added.errors : r.errors),
    });
  }

  orderBy(name: string, order?: SortOrder): Builder {
    return order === undefined
      ? this.#with({ orderby: name }, ['order'])
      : this.#with({ orderby: name, order });
  }

  limit(n: number): Builder {
    return this.#with({ limit: n });
  }

  offset(n: number): Builder {
    return this.#with({ offset: n });
  }

  page(n: number, size?: number): Builder {
    const limit = size ?? this.#node.limit;
    return this.#with({ limit, offset: (n - 1) * limit });
  }

  planLevel(level: string | number): Builder {
    return this.#with({ planlevel: String(level) });
  }

  agg(mode: AggMode): Builder {
    return this.#with({ agg: mode });
  }

  toQuery(): QueryNode {
    return this.#node;
  }

  toJSON(): QueryNode {
    return this.#node;
  }

  toURL(baseUrl: string | URL): string {
    return toURL(this.#node, { baseUrl });
  }

  toSearchParams(): URLSearchParams {
    return toSearchParams(this.#node);
  }
}

function union(existing: readonly string[], added: readonly string[]): string[] {
  const out = [...existing];
  for (const name of added) if (!out.includes(name)) out.push(name);
  return out;
}

function invalid(text: string, errors: InvalidText['errors']): InvalidText {
  return Object.freeze({ type: 'invalid', text, errors });
}

function emptyNode(endpoint: Endpoint, customerId: string): QueryNode {
  return Object.freeze({
    type: 'query',
    endpoint,
    customerId,
    metrics: Object.freeze([]),
    aggby: Object.freeze([]),
    limit: DEFAULT_LIMIT,
    offset: DEFAULT_OFFSET,
  });
}

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
export function metricQuery(customerId: string): QueryBuilder<InitialState<'metricquery'>> {
  return new Builder(emptyNode('metricquery', customerId)) as unknown as QueryBuilder<
    InitialState<'metricquery'>
  >;
}

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
export function sessionQuery(customerId: string): QueryBuilder<InitialState<'session'>> {
  return new Builder(emptyNode('session', customerId)) as unknown as QueryBuilder<InitialState<'session'>>;
}

/**
 * A builder holding an existing query node, to change it further. Its types are loose, since
 * the node's contents are only known at run time.
 *
 * @example
 * const r = fromURL(url);
 * if (r.ok) fromQuery(r.query).limit(50).toURL(base);
 */
export function fromQuery(node: QueryNode): QueryBuilder<LooseState> {
  const copy = deepFreeze(structuredClone(node));
  return new Builder(copy) as unknown as QueryBuilder<LooseState>;
}
