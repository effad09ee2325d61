// Arbitraries of answers that break the contract in exactly one way, for users who test how their
// code copes with a misbehaving service. Each starts from a valid answer and applies one named
// corruption, so a failing case shrinks to the smallest answer showing it.
import { isMetric, type QueryNode } from '@playq/query';
import * as fc from 'fast-check';
import {
  type EnvelopeConstraints,
  envelope,
  type RecordConstraints,
  type ResultEnvelope,
  type ResultRecord,
  record,
} from './result';

type Mutable = Record<string, unknown>;

/** The ways `malformedEnvelope` breaks an answer. */
export const ENVELOPE_CORRUPTIONS = [
  'missing-field',
  'wrong-type',
  'totalcount-mismatch',
  'pagecount-mismatch',
  'response-not-array',
  'record-missing-field',
  'record-extra-field',
  'metric-not-number',
  'dimension-not-string',
  'totalpages-wrong',
] as const;
const RECORD_LEVEL: ReadonlySet<EnvelopeCorruption> = new Set([
  'record-missing-field',
  'record-extra-field',
  'metric-not-number',
  'dimension-not-string',
  'totalpages-wrong',
]);
export type EnvelopeCorruption = (typeof ENVELOPE_CORRUPTIONS)[number];

const COUNT_FIELDS = ['totalcount', 'pagecount', 'totalrecords'] as const;
const badCount = fc.constantFrom<unknown>('3', null, -1, 1.5, true);
const badString = fc.constantFrom<unknown>(1, null, true, ['x']);
const badNumber = fc.constantFrom<unknown>('1', null, true, Number.NaN.toString(), {});

interface Target {
  readonly query: QueryNode;
}

const recordFields = (query: QueryNode, r: ResultRecord) =>
  Object.keys(r).filter((k) => k !== 'totalpages' || query.endpoint === 'session');
const metricFields = (query: QueryNode) => query.metrics.filter((m) => isMetric(m));
const stringFields = (query: QueryNode, r: ResultRecord) =>
  Object.keys(r).filter(
    (k) =>
      k !== 'timestamp' &&
      k !== 'totalpages' &&
      typeof r[k] === 'string' &&
      (query.aggby.includes(k) || query.metrics.includes(k)),
  );

function corruptRecord(
  { query }: Target,
  r: ResultRecord,
  kind: 'record-missing-field' | 'record-extra-field' | 'metric-not-number' | 'dimension-not-string',
): fc.Arbitrary<Mutable> | undefined {
  const fields = recordFields(query, r);
  switch (kind) {
    case 'record-missing-field':
      return fields.length === 0
        ? undefined
        : fc.constantFrom(...fields).map((f) => {
            const copy: Mutable = { ...r };
            delete copy[f];
            return copy;
          });
    case 'record-extra-field':
      return fc
        .constantFrom('playq_extra', 'total', 'id')
        .filter((f) => !(f in r))
        .map((f) => ({ ...r, [f]: 1 }));
    case 'metric-not-number': {
      const metrics = metricFields(query).filter((m) => m in r);
      return metrics.length === 0
        ? undefined
        : fc.tuple(fc.constantFrom(...metrics), badNumber).map(([m, v]) => ({ ...r, [m]: v }));
    }
    case 'dimension-not-string': {
      const dims = stringFields(query, r);
      return dims.length === 0
        ? undefined
        : fc.tuple(fc.constantFrom(...dims), badString).map(([d, v]) => ({ ...r, [d]: v }));
    }
  }
}

/**
 * An answer to `query` broken in exactly one way (see `ENVELOPE_CORRUPTIONS`): a missing or
 * mistyped envelope field, counts that disagree, or a record with a missing, extra or mistyped
 * field. Every value breaks the specification, so a validator must reject it.
 *
 * @example
 * fc.assert(fc.property(malformedEnvelope(q), (body) => {
 *   expect(() => myParser(q, body)).toThrow();
 * }));
 */
export function malformedEnvelope(
  query: QueryNode,
  constraints: EnvelopeConstraints & { readonly corruptions?: readonly EnvelopeCorruption[] } = {},
): fc.Arbitrary<Mutable> {
  const allowed = new Set(constraints.corruptions ?? ENVELOPE_CORRUPTIONS);
  // Record-level corruptions need a record to corrupt.
  const needsRecord = [...allowed].every((kind) => RECORD_LEVEL.has(kind));
  return envelope(
    query,
    needsRecord ? { ...constraints, minRecords: Math.max(1, constraints.minRecords ?? 0) } : constraints,
  ).chain((env) => {
    const options = [...envelopeCorruptions(env), ...recordCorruptions(query, env)]
      .filter(([kind]) => allowed.has(kind))
      .map(([, arb]) => arb);
    if (options.length === 0) {
      throw new TypeError(
        `@playq/testing: malformedEnvelope: none of the corruptions ${[...allowed].join(', ')} applies`,
      );
    }
    return fc.oneof(...options);
  });
}

type Corruption = readonly [EnvelopeCorruption, fc.Arbitrary<Mutable>];

/** The envelope-level corruptions of one answer: its fields and counts. */
function envelopeCorruptions(env: ResultEnvelope): Corruption[] {
  const base = env as unknown as Mutable;
  return [
    [
      'missing-field',
      fc.constantFrom(...COUNT_FIELDS, 'response' as const).map((f) => {
        const copy: Mutable = { ...base };
        delete copy[f];
        return copy;
      }),
    ],
    [
      'wrong-type',
      fc.tuple(fc.constantFrom(...COUNT_FIELDS), badCount).map(([f, v]) => ({ ...base, [f]: v })),
    ],
    [
      'totalcount-mismatch',
      fc.integer({ min: 1, max: 5 }).map((n) => ({ ...base, totalcount: env.totalcount + n })),
    ],
    [
      'pagecount-mismatch',
      fc
        .integer({ min: env.totalrecords === 0 ? 2 : 1, max: 5 })
        .map((n) => ({ ...base, pagecount: env.pagecount + n })),
    ],
    [
      'response-not-array',
      fc.constantFrom<unknown>(null, {}, 'records').map((v) => ({ ...base, response: v })),
    ],
  ];
}

/** The record-level corruptions of one answer, those that apply to its records. */
function recordCorruptions(query: QueryNode, env: ResultEnvelope): Corruption[] {
  if (env.response.length === 0) return [];
  const base = env as unknown as Mutable;
  const target = { query };
  const out: Corruption[] = [];
  for (const kind of [
    'record-missing-field',
    'record-extra-field',
    'metric-not-number',
    'dimension-not-string',
  ] as const) {
    // Every record of one answer has the same fields, so applicability is the first record's.
    if (!corruptRecord(target, env.response[0]!, kind)) continue;
    const arb = fc
      .nat({ max: env.response.length - 1 })
      .chain((i) =>
        corruptRecord(target, env.response[i]!, kind)!.map(
          (broken): Mutable => ({ ...base, response: env.response.map((x, j) => (j === i ? broken : x)) }),
        ),
      );
    out.push([kind, arb]);
  }
  if (query.endpoint === 'session') {
    // Two records disagreeing, or a lone record's totalpages of the wrong type.
    const arb = fc.integer({ min: 1, max: 5 }).map((n) => ({
      ...base,
      response: env.response.map((r, j) =>
        env.response.length > 1
          ? j === 1
            ? { ...r, totalpages: Number(r.totalpages) + n }
            : r
          : { ...r, totalpages: String(r.totalpages) },
      ),
    }));
    out.push(['totalpages-wrong', arb]);
  }
  return out;
}

/**
 * A record for `query` with one field missing, one field too many, or one value of the wrong type.
 *
 * @example
 * fc.assert(fc.property(malformedRecord(q), (r) => expect(isRecordOf(q, r)).toBe(false)));
 */
export function malformedRecord(
  query: QueryNode,
  constraints: RecordConstraints = {},
): fc.Arbitrary<Mutable> {
  const target = { query };
  return record(query, constraints).chain((r) => {
    const options = (
      ['record-missing-field', 'record-extra-field', 'metric-not-number', 'dimension-not-string'] as const
    )
      .map((kind) => corruptRecord(target, r, kind))
      .filter((arb): arb is fc.Arbitrary<Mutable> => arb !== undefined);
    return fc.oneof(...options);
  });
}
