// The parameter table as the one source of the parameters: canonical order, defaults, decoding and
// printing, plain checks and the builder's empty state all come from its rows, and a throwaway
// row added to it flows through the URL codec, validation and the builder without other changes.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { queriesWith } from '../src/builder/query-builder';
import { DEFAULT_CATALOGUE } from '../src/catalogue/default-catalogue';
import {
  DEFAULT_LIMITS,
  fromURL,
  metricQuery,
  PARAMETER_ORDER,
  PARAMETERS,
  type Parameter,
  type ProblemCode,
  type QueryNode,
  sessionQuery,
  toURL,
  validate,
} from '../src/index';
import { switchParameter } from '../src/parameters/define-parameter';
import { NO_TEXT_PARSERS } from '../src/parameters/text-parsers';
import { fromURLWith } from '../src/url/from-url';
import { toURLWith } from '../src/url/to-url';
import { validateNode } from '../src/validate/validate';

const BASE = 'https://h.example/api/v1';
const rowOf = (name: string): Parameter => PARAMETERS.find((p) => p.name === name)!;

describe('the parameter table', () => {
  it('lists every parameter once, in canonical URL order', () => {
    expect(PARAMETER_ORDER).toEqual([
      'planlevel',
      'period',
      'metrics',
      'aggby',
      'granularity',
      'agg',
      'sessiontype',
      'allstatus',
      'concurrency',
      'businesserror',
      'filter',
      'qoefilter',
      'orderby',
      'order',
      'limit',
      'offset',
    ]);
    expect(new Set(PARAMETER_ORDER).size).toBe(PARAMETERS.length);
  });

  it('gives each parameter a problem code, a line of help and its endpoints', () => {
    for (const row of PARAMETERS) {
      expect(row.code, row.name).toMatch(/^(invalid|unknown)_/);
      expect(row.help.length, row.name).toBeGreaterThan(5);
      expect(row.endpoints.length, row.name).toBeGreaterThan(0);
      for (const e of row.required) expect(row.endpoints).toContain(e);
    }
    expect(rowOf('planlevel').endpoints).toEqual(['session']);
    expect(rowOf('agg').required).toEqual(['session']);
    expect(rowOf('period').required).toEqual(['metricquery', 'session', 'listsessions']);
  });

  it('is where the defaults left out of URLs live', () => {
    const defaults = Object.fromEntries(
      PARAMETERS.flatMap((p) => (p.defaultText === undefined ? [] : [[p.name, p.defaultText]])),
    );
    expect(defaults).toEqual({
      granularity: 'auto',
      sessiontype: 'ended',
      allstatus: '0',
      concurrency: '0',
      businesserror: 'false',
      limit: '1000',
      offset: '0',
    });
    for (const [name, text] of Object.entries(defaults)) {
      expect(
        toURL(
          metricQuery('d')
            .between(0, 60)
            .metrics('errors')
            .withParameter(name as never, text),
          { baseUrl: BASE },
        ),
      ).toBe(`${BASE}/metricquery/d?period=start%3D0%2Cend%3D60&metrics=errors`);
    }
  });

  it("gives the builder its empty state: each row's empty value", () => {
    const node = sessionQuery('d').toQuery();
    expect(node).toEqual({
      type: 'query',
      endpoint: 'session',
      customerId: 'd',
      metrics: [],
      aggby: [],
      limit: 1000,
      offset: 0,
    });
  });

  it('bounds limit by the limits in force', () => {
    const q = (n: number) => metricQuery('d').between(0, 60).metrics('errors').limit(n);
    expect(rowOf('limit').max?.(DEFAULT_LIMITS)).toBe(10_000);
    expect(validate(q(10_000))).toEqual([]);
    expect(validate(q(10_001))).toEqual([
      expect.objectContaining({
        code: 'invalid_limit',
        message: 'limit must be an integer from 1 to 10000, not 10001.',
      }),
    ]);
    expect(validate(q(20_000), { limits: { maxLimit: 20_000 } })).toEqual([]);
  });

  test.prop([fc.constantFrom(...PARAMETERS.filter((p) => p.values !== undefined)), fc.string()])(
    'an enum or switch reads its own texts back to the value it prints, and refuses other text with its code',
    (row, junk) => {
      for (const v of row.values!) {
        const r = row.decode(v.text, NO_TEXT_PARSERS);
        expect(r.problem).toBeUndefined();
        const printed = row.encode(r.value);
        expect(printed === undefined ? row.defaultText : printed).toBe(v.text);
      }
      const texts = row.values!.map((v) => v.text);
      fc.pre(!texts.includes(junk.toLowerCase()) && !texts.includes(junk));
      expect(row.decode(junk, NO_TEXT_PARSERS).problem?.message).toContain(`${row.name} must be`);
    },
  );

  it('withParameter reads text as fromURL does, and keeps what it refuses for validate', () => {
    const url = `${BASE}/metricquery/d?period=start%3D0%2Cend%3D60&metrics=errors&aggby=timestamp&sessiontype=started&allstatus=1&limit=5`;
    const parsed = fromURL(url);
    expect(parsed.ok).toBe(true);
    let b = metricQuery('d').withParameter('period', 'start=0,end=60');
    for (const [name, text] of [
      ['metrics', 'errors'],
      ['aggby', 'timestamp'],
      ['sessiontype', 'STARTED'],
      ['allstatus', '1'],
      ['limit', '5'],
    ] as const)
      b = b.withParameter(name, text);
    expect(parsed.ok && b.toQuery()).toEqual(parsed.ok && parsed.query);
    const wrong = metricQuery('d').between(0, 60).metrics('errors').withParameter('sessiontype', 'live');
    expect(validate(wrong)).toEqual([
      expect.objectContaining({
        code: 'invalid_sessiontype',
        message: 'sessiontype must be ended or started, not "live".',
      }),
    ]);
    expect(() => metricQuery('d').withParameter('oderby' as never, 'x')).toThrow(/not a query parameter/);
  });
});

describe('a throwaway parameter added as one row', () => {
  // A switch the service does not have: `sampling=1` (answer from a sample). One row, nothing else.
  const sampling: Parameter = {
    help: 'answer from a sample of the sessions',
    placeholder: '<0|1>',
    ...switchParameter({
      name: 'sampling',
      endpoints: ['metricquery'],
      code: 'invalid_sampling' as ProblemCode,
      values: [
        { text: '0', value: 0 },
        { text: '1', value: 1, meaning: 'from a sample' },
      ],
      default: 0,
    }),
  };
  const at = PARAMETER_ORDER.indexOf('businesserror') + 1;
  const table: readonly Parameter[] = [...PARAMETERS.slice(0, at), sampling, ...PARAMETERS.slice(at)];
  const base = { ...metricQuery('d').between(0, 60).metrics('errors').toQuery() };

  it('is printed in its place, its default left out, and read back', () => {
    const node = { ...base, sampling: 1 } as QueryNode;
    const url = toURLWith(table, node, { baseUrl: BASE });
    expect(url).toBe(`${BASE}/metricquery/d?period=start%3D0%2Cend%3D60&metrics=errors&sampling=1`);
    expect(toURLWith(table, { ...base, sampling: 0 } as QueryNode, { baseUrl: BASE })).toBe(
      toURL(base, { baseUrl: BASE }),
    );
    const back = fromURLWith(table, url, {});
    expect(back.ok && back.query).toEqual(node);
    expect(fromURLWith(table, url.replace('sampling=1', 'sampling=0'), {})).toMatchObject({
      ok: true,
      query: base,
    });
  });

  it('is refused by the default table, and its bad text reported with its own code', () => {
    const url = `${BASE}/metricquery/d?period=start%3D0%2Cend%3D60&metrics=errors&sampling=yes`;
    expect(fromURL(url)).toMatchObject({
      ok: false,
      errors: [{ code: 'unknown_parameter', param: 'sampling' }],
    });
    expect(fromURLWith(table, url, {})).toMatchObject({
      ok: false,
      errors: [
        { code: 'invalid_sampling', param: 'sampling', message: 'sampling must be 0 or 1, not "yes".' },
      ],
    });
  });

  it('is validated: its values, and the endpoints it applies to', () => {
    expect(validateNode({ ...base, sampling: 3 } as QueryNode, {}, {}, table)).toEqual([
      expect.objectContaining({ code: 'invalid_sampling', message: 'sampling must be 0 or 1, not 3.' }),
    ]);
    const session = {
      ...sessionQuery('d').planLevel(2).agg(1).between(0, 60).metrics('errors').toQuery(),
      sampling: 1,
    };
    expect(validateNode(session as QueryNode, {}, {}, table)).toEqual([
      expect.objectContaining({
        code: 'invalid_sampling',
        message: 'sampling applies only to the metricquery endpoint.',
      }),
    ]);
  });

  it('is a field of the builder, which sets it from text and prints it', () => {
    const queries = queriesWith(DEFAULT_CATALOGUE, NO_TEXT_PARSERS, table);
    const b = queries.metricQuery('d').between(0, 60).metrics('errors');
    expect(b.toQuery()).not.toHaveProperty('sampling');
    const on = b.withParameter('sampling' as never, '1');
    expect(on.toQuery()).toMatchObject({ sampling: 1 });
    expect(on.toURL(BASE)).toBe(
      `${BASE}/metricquery/d?period=start%3D0%2Cend%3D60&metrics=errors&sampling=1`,
    );
  });
});
