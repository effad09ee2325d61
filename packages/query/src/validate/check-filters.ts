// The parts of validation that look inside the filter and qoefilter ASTs: names against the
// catalogue, values the grammar cannot print, and a dimension repeated across clauses. Positions
// come from the user's own text when known, else from the canonical text the URL will carry.
import type { FilterAst, FilterSpans, QoeFilterAst, QoeFilterSpans } from '@playq/grammar';
import { parseFilter, parseQoeFilter } from '@playq/grammar';
import { isDimension, isMetric, metricInfo } from '../catalogue/catalogue';
import { unknownNameMessage } from '../catalogue/suggest-name';
import type { InvalidText } from '../model';
import { filterText, qoeFilterText } from '../parameters/parameter-texts';
import type { QueryDiagnostic } from '../problem-code';
import { isListEndpoint } from '../wire/endpoints';
import { listFilterCheck, refuseGroupCondition } from './check-list';
import { checkRestricted, restrictedCheck } from './check-restricted';
import type { Context } from './context';
import { at, fromGrammar, problem } from './diagnostics';

const isInvalid = (v: { type: string }): v is InvalidText => v.type === 'invalid';

/**
 * The filter rule: dimensions that combine with some metrics only wherever they appear, then the
 * filter's clauses (or its grammar errors).
 * @internal
 */
export function checkFilterRule(cx: Context): void {
  checkRestricted(cx);
  const filter = cx.q.filter;
  if (filter === undefined) return;
  if (isInvalid(filter)) checkInvalidFilter(cx, filter);
  else {
    const check = isListEndpoint(cx.q.endpoint) ? listFilterCheck(cx) : restrictedCheck(cx);
    checkFilter(cx, filter, cx.spans.filter, check);
  }
}

/** The qoefilter rule: its conditions (or its grammar errors). @internal */
export function checkQoeFilterRule(cx: Context): void {
  const qoe = cx.q.qoefilter;
  if (qoe === undefined) return;
  if (isInvalid(qoe))
    for (const e of qoe.errors) cx.out.push(fromGrammar('invalid_qoefilter', 'qoefilter', e));
  else checkQoeFilter(cx, qoe, cx.spans.qoefilter);
}

/** @internal */
export function checkFilter(
  cx: Context,
  filter: FilterAst,
  given: (() => FilterSpans) | undefined,
  errorOnly: (name: string, param: string, extra: Partial<QueryDiagnostic>) => void,
): void {
  let spans: FilterSpans | undefined;
  // Positions are only worth computing when something is wrong; without the user's own text, they
  // point into the canonical text, which is what the URL carries.
  const spanOf = (i: number) => {
    spans ??= given?.() ?? canonicalFilterSpans(filter);
    return spans.clauses[i];
  };
  const { out, catalogue } = cx;
  const seen = new Set<string>();
  filter.clauses.forEach((clause, i) => {
    const dim = clause.dimension;
    if (isMetric(dim, catalogue)) {
      out.push(
        problem(
          'unknown_dimension',
          'filter',
          `filter: ${dim} is a metric: conditions on metrics go in qoefilter.`,
          {
            ...at(spanOf(i)?.dimension),
            hint: `qoefilter=${dim}>…`,
          },
        ),
      );
    } else if (!isDimension(dim, catalogue)) {
      const { message, hint } = unknownNameMessage('dimension', dim, catalogue.dimensionNames);
      out.push(
        problem('unknown_dimension', 'filter', `filter: ${message}`, { ...at(spanOf(i)?.dimension), hint }),
      );
    } else {
      errorOnly(dim, 'filter', at(spanOf(i)?.dimension));
    }
    if (clause.values.length === 0 || clause.values.some((v) => v === '')) {
      out.push(
        problem(
          'invalid_filter',
          'filter',
          `filter: the clause on "${dim}" needs at least one non-empty value.`,
          at(spanOf(i)?.clause),
        ),
      );
    }
    if (seen.has(dim)) {
      out.push(
        problem(
          'invalid_filter',
          'filter',
          `filter: "${dim}" appears in more than one clause; the clauses are intersected (both must hold).`,
          {
            ...at(spanOf(i)?.clause),
            severity: 'warning',
            hint: `merge the values into one clause: [${dim}=a|b]`,
          },
        ),
      );
    }
    seen.add(dim);
  });
}

/** @internal */
export function checkQoeFilter(
  cx: Context,
  qoe: QoeFilterAst,
  given: (() => QoeFilterSpans) | undefined,
): void {
  const { out, catalogue } = cx;
  let spans: QoeFilterSpans | undefined;
  const spanOf = (i: number) => {
    spans ??= given?.() ?? canonicalQoeFilterSpans(qoe);
    return spans.conditions[i];
  };
  qoe.conditions.forEach((c, i) => {
    const s = at(spanOf(i)?.metric);
    if (!isMetric(c.metric, catalogue)) {
      if (isDimension(c.metric, catalogue)) {
        out.push(
          problem(
            'unknown_metric',
            'qoefilter',
            `qoefilter: "${c.metric}" is a dimension; qoefilter compares metrics (dimensions go in filter).`,
            { ...s, hint: `filter=[${c.metric}=…]` },
          ),
        );
      } else {
        const { message, hint } = unknownNameMessage('metric', c.metric, catalogue.metricNames);
        out.push(problem('unknown_metric', 'qoefilter', `qoefilter: ${message}`, { ...s, hint }));
      }
    } else if (isListEndpoint(cx.q.endpoint) && metricInfo(catalogue, c.metric).level === 'group') {
      refuseGroupCondition(cx, c.metric, s);
    } else if (cx.q.concurrency === 1 && !metricInfo(catalogue, c.metric).concurrency) {
      out.push(
        problem(
          'unsupported_with_concurrency',
          'qoefilter',
          `qoefilter: the metric "${c.metric}" cannot be computed with concurrency=1.`,
          s,
        ),
      );
    }
    if (!Number.isFinite(c.value)) {
      out.push(
        problem(
          'invalid_qoefilter',
          'qoefilter',
          `qoefilter: the value compared with ${c.metric} must be a finite number.`,
          at(spanOf(i)?.value),
        ),
      );
    }
  });
}

function canonicalFilterSpans(filter: FilterAst): FilterSpans {
  const r = parseFilter(filterText(filter));
  return r.ok ? r.spans : { clauses: [] };
}

function canonicalQoeFilterSpans(qoe: QoeFilterAst): QoeFilterSpans {
  const r = parseQoeFilter(qoeFilterText(qoe));
  return r.ok ? r.spans : { conditions: [] };
}

const METRIC_CONDITION = /\[\s*([A-Za-z_][A-Za-z0-9_]*)\s*(>=|<=|!=|>|<)/;

/** Grammar errors, plus the likely cause when a filter holds a comparison on a metric. */
function checkInvalidFilter(cx: Context, filter: InvalidText): void {
  const m = METRIC_CONDITION.exec(filter.text);
  const name = m?.[1]?.toLowerCase();
  if (m !== null && name !== undefined && isMetric(name, cx.catalogue)) {
    const offset = m.index + m[0].indexOf(m[1]!);
    cx.out.push(
      problem(
        'invalid_filter',
        'filter',
        `filter: ${name} is a metric: conditions on metrics go in qoefilter.`,
        { offset, length: name.length, line: 1, column: offset + 1, hint: `qoefilter=${name}${m[2]}…` },
      ),
    );
    return;
  }
  for (const e of filter.errors) cx.out.push(fromGrammar('invalid_filter', 'filter', e));
}
