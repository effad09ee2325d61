// Generated session-list answers: the records hold the requested list fields in order, typed by
// the catalogue, one per session, sorted as the service sorts them, and pass the contract's rules.
import { fc, test } from '@fast-check/vitest';
import { isListField, listFieldType, type QueryNode } from '@playq/query';
import { describe, expect } from 'vitest';
import * as arbitraries from '../src/arbitraries/index';
import { recordsFindings } from '../src/contract/shape-rules';
import { expectationOf, validateEnvelope } from '../src/contract/validate-envelope';

const CANDIDATES = [
  'sessionid',
  'latency',
  'bufferingratio',
  'buffcount',
  'errors',
  'country',
  'status',
  'starttime',
  'endtime',
  'watchtime',
  'cbrsize',
  'assetname',
].filter((name) => isListField(name));

/** Session-list query nodes made from generated metric queries (period, population, paging). */
const listQuery: fc.Arbitrary<QueryNode> = fc
  .tuple(
    arbitraries.metricQuery(),
    fc.shuffledSubarray(CANDIDATES, { minLength: 1, maxLength: 5 }),
    fc.option(fc.constantFrom('asc', 'desc') as fc.Arbitrary<'asc' | 'desc'>, { nil: undefined }),
    fc.nat(),
  )
  .map(([q, metrics, order, pick]) => {
    const { granularity: _g, orderby: _o, order: _d, qoefilter: _q, ...rest } = q;
    const orderby = pick % 2 === 0 ? metrics[pick % metrics.length] : undefined;
    return {
      ...rest,
      endpoint: 'listsessions',
      metrics,
      aggby: [],
      ...(orderby === undefined ? {} : { orderby }),
      ...(order === undefined ? {} : { order }),
    } as QueryNode;
  });

const compare = (a: unknown, b: unknown) =>
  a === b ? 0 : (a as number | string) < (b as number | string) ? -1 : 1;

describe('session-list arbitraries', () => {
  test.prop(
    [listQuery.chain((query) => arbitraries.envelope(query).map((envelope) => ({ query, envelope })))],
    {
      numRuns: 150,
    },
  )(
    'records are the requested fields in order, typed, one per session, sorted with sessionid ties',
    ({ query, envelope }) => {
      expect(validateEnvelope(query, envelope)).toEqual([]);
      const by = query.orderby ?? query.metrics[0]!;
      const sign = (query.order ?? 'desc') === 'desc' ? -1 : 1;
      envelope.response.forEach((record, i) => {
        expect(Object.keys(record)).toEqual(query.metrics);
        for (const name of query.metrics) expect(typeof record[name]).toBe(listFieldType(name));
        const before = envelope.response[i - 1];
        if (before === undefined) return;
        const primary = sign * compare(before[by], record[by]);
        expect(primary).toBeLessThanOrEqual(0);
        if (primary === 0 && query.metrics.includes('sessionid')) {
          expect(compare(before.sessionid, record.sessionid)).toBeLessThan(0);
        }
      });
    },
  );

  const specFindings = (findings: readonly { basis: string }[]) => findings.filter((f) => f.basis === 'spec');

  test.prop([listQuery.chain((q) => arbitraries.malformedRecord(q).map((r) => ({ q, r })))], {
    numRuns: 100,
  })('every malformed list record breaks the specification', ({ q, r }) => {
    expect(specFindings(recordsFindings([r], expectationOf(q))).length).toBeGreaterThan(0);
  });

  test.prop([listQuery.chain((q) => arbitraries.malformedEnvelope(q).map((body) => ({ q, body })))], {
    numRuns: 100,
  })('every malformed list envelope breaks the specification', ({ q, body }) => {
    expect(specFindings(validateEnvelope(q, body)).length).toBeGreaterThan(0);
  });
});
