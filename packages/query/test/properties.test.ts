import { fc, test } from '@fast-check/vitest';
import { DIAGNOSTIC_CODES } from '@playq/grammar';
import { describe, expect } from 'vitest';
import { canonicalQueryURL, metricQueryNode, queryNode, sessionQueryNode } from '../src/arbitraries/index';
import {
  fromQuery,
  fromURL,
  metricQuery,
  PROBLEM_CODES,
  type QueryNode,
  sessionQuery,
  toURL,
  validate,
} from '../src/index';

const BASE = 'https://example.com/api/v1';

/** Every code a diagnostic of this package may carry: the service's problems and the grammars'. */
const KNOWN_CODES = new Set<string>([...PROBLEM_CODES, ...Object.keys(DIAGNOSTIC_CODES)]);

/** A diagnostic says what (a known code, a message) and, where it has a place, a place inside `text`. */
function expectWellFormed(
  d: { code: string; message: string; offset?: number; length?: number },
  text?: string,
) {
  expect(KNOWN_CODES.has(d.code), `unknown code ${d.code}`).toBe(true);
  expect(d.message.trim()).not.toBe('');
  if (text !== undefined && d.offset !== undefined) {
    expect(d.offset).toBeGreaterThanOrEqual(0);
    expect(d.offset + (d.length ?? 0)).toBeLessThanOrEqual(text.length);
  }
}

/** Rebuild a node through the public builder methods, one call per part. */
function rebuild(q: QueryNode) {
  // The builder's types are checked elsewhere; here every name comes from a valid node.
  // biome-ignore lint/suspicious/noExplicitAny: replaying arbitrary names through the typed API
  let b: any = q.endpoint === 'session' ? sessionQuery(q.customerId) : metricQuery(q.customerId);
  if (q.planlevel !== undefined) b = b.planLevel(q.planlevel);
  if (q.agg !== undefined) b = b.agg(q.agg);
  if (q.period?.type === 'period') b = b.between(q.period.start, q.period.end);
  b = b.metrics(...q.metrics);
  if (q.granularity !== undefined) b = b.timeseries(q.granularity);
  else if (q.aggby.length > 0) b = b.aggBy(...q.aggby);
  if (q.filter?.type === 'filter') for (const c of q.filter.clauses) b = b.where(c.dimension, c.values);
  if (q.qoefilter?.type === 'qoefilter') {
    for (const c of q.qoefilter.conditions) b = b.having(c.metric, c.operator, c.value);
  }
  if (q.orderby !== undefined) b = b.orderBy(q.orderby, q.order);
  if (q.sessiontype !== undefined) b = b.sessionType(q.sessiontype);
  if (q.allstatus === 1) b = b.allStatuses();
  if (q.concurrency === 1) b = b.concurrency();
  if (q.businesserror === true) b = b.businessErrors();
  return b.limit(q.limit).offset(q.offset);
}

describe('properties', () => {
  test.prop([queryNode()])('generated queries are valid, without warnings', (q) => {
    expect(validate(q)).toEqual([]);
  });

  test.prop([queryNode()])('fromURL(toURL(q)) deep-equals q', (q) => {
    const r = fromURL(toURL(q, { baseUrl: BASE }));
    expect(r).toMatchObject({ ok: true, warnings: [], baseUrl: BASE });
    if (r.ok) expect(r.query).toEqual(q);
  });

  test.prop([canonicalQueryURL()])('a canonical URL is a fixed point of toURL(fromURL(u))', (url) => {
    const r = fromURL(url);
    expect(r.ok).toBe(true);
    if (r.ok) expect(toURL(r.query, { baseUrl: r.baseUrl })).toBe(url);
  });

  test.prop([metricQueryNode(), sessionQueryNode()])(
    'builder-made queries validate clean and equal the node',
    (m, s) => {
      for (const q of [m, s]) {
        const built = rebuild(q);
        expect(validate(built)).toEqual([]);
        expect(built.toQuery()).toEqual(q);
        expect(fromQuery(q).toURL(BASE)).toBe(toURL(q, { baseUrl: BASE }));
      }
    },
  );

  test.prop([sessionQueryNode({ withPlanLevel: false })])(
    'session queries without planlevel are valid for a client that resolves it',
    (q) => {
      expect(validate(q, { requirePlanLevel: false })).toEqual([]);
      expect(validate(q).map((d) => d.code)).toEqual(['missing_parameter']);
    },
  );

  test.prop([
    fc.oneof(
      fc.anything(),
      queryNode().chain((q) =>
        fc
          .tuple(fc.constantFrom(...Object.keys(q)), fc.anything())
          .map(([key, value]) => ({ ...q, [key]: value })),
      ),
    ),
  ])(
    'validate never throws on malformed nodes: each problem has a known code, and a clean node is a real query',
    (junk) => {
      const diagnostics = validate(junk as QueryNode);
      for (const d of diagnostics) expectWellFormed(d);
      if (diagnostics.filter((d) => d.severity !== 'warning').length === 0) {
        // Nothing to report only when the mutation left a query: it survives the URL round trip.
        const r = fromURL(toURL(junk as QueryNode, { baseUrl: BASE }));
        expect(r.ok).toBe(true);
      }
    },
  );

  test.prop([fc.string({ maxLength: 300 })])(
    'arbitrary strings never make fromURL throw: a refusal has errors with known codes, an answer is a query',
    (s) => {
      const r = fromURL(s);
      if (r.ok) {
        expect(validate(r.query).filter((d) => d.severity !== 'warning')).toEqual([]);
      } else {
        expect(r.errors.length).toBeGreaterThan(0);
        for (const e of r.errors) expectWellFormed(e);
      }
    },
  );

  test.prop([fc.webUrl({ withQueryParameters: true, withFragments: true })])(
    'arbitrary web URLs never make fromURL throw',
    (url) => {
      const r = fromURL(url);
      if (!r.ok) for (const e of r.errors) expectWellFormed(e);
    },
  );

  test.prop([fc.webPath(), fc.webQueryParameters()])(
    'any path and query on an endpoint never throws',
    (path, query) => {
      expect(() => fromURL(`https://h${path}/metricquery/demo?${query}`)).not.toThrow();
      expect(() => fromURL(`/session/x?${query}&${query}`)).not.toThrow();
    },
  );

  test.prop([
    canonicalQueryURL(),
    fc.array(fc.tuple(fc.nat(), fc.string({ unit: 'binary', maxLength: 4 })), { minLength: 1, maxLength: 4 }),
  ])('mutated URLs never make fromURL throw, and failures carry codes', (url, edits) => {
    let u = url;
    for (const [at, text] of edits) {
      const i = at % (u.length + 1);
      u = u.slice(0, i) + text + u.slice(i + 1);
    }
    const r = fromURL(u);
    if (!r.ok) for (const e of r.errors) expect(typeof e.code).toBe('string');
    else expect(validate(r.query).filter((d) => d.severity === 'error')).toEqual([]);
  });
});
