import { test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { queryNode } from '../src/arbitraries/index';
import * as builderOnly from '../src/builder-only';
import { builderCode, fromURL, metricQuery, type QueryNode, sessionList, sessionQuery } from '../src/index';
import { NO_TEXT_PARSERS } from '../src/parameters/text-parsers';

/** Joins the expected lines of generated code (the code ends with a newline). */
const lines = (...l: string[]): string => `${l.join('\n')}\n`;

// Runs the generated code with the real builder and returns the query it makes.
function evaluate(code: string): QueryNode {
  const body = code.replace(/^import .*\n/, '');
  const make = new Function('metricQuery', 'sessionQuery', `${body}\nreturn query.toQuery();`);
  return make(metricQuery, sessionQuery) as QueryNode;
}

describe('builderCode: the factory and the chain', () => {
  it('prints a bare metric query as the factory call alone', () => {
    const q = metricQuery('demo').toQuery();
    expect(builderCode(q)).toBe(
      lines("import { metricQuery } from '@playq/query';", '', "const query = metricQuery('demo');"),
    );
    expect(evaluate(builderCode(q))).toStrictEqual(q);
  });

  it('prints a bare session query with the sessionQuery factory', () => {
    const q = sessionQuery('acme-tv').toQuery();
    expect(builderCode(q)).toBe(
      lines("import { sessionQuery } from '@playq/query';", '', "const query = sessionQuery('acme-tv');"),
    );
  });

  it("prints a session list with the sessionList factory, never another endpoint's", () => {
    expect(builderCode(sessionList('demo').toQuery())).toBe(
      lines("import { sessionList } from '@playq/query';", '', "const query = sessionList('demo');"),
    );
  });

  it('puts each call on its own indented line, in a fixed order', () => {
    const q = metricQuery('demo').metrics('errors', 'latency').between(0, 3600).toQuery();
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        '  .between(0, 3600)',
        "  .metrics('errors', 'latency');",
      ),
    );
    expect(evaluate(builderCode(q))).toStrictEqual(q);
  });

  it('leaves out metrics when there are none', () => {
    const q = metricQuery('demo').between(100, 200).toQuery();
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        '  .between(100, 200);',
      ),
    );
  });

  it('leaves out a period that is not a valid period', () => {
    const q = metricQuery('demo').between(10, 5).metrics('errors').toQuery();
    expect(q.period?.type).toBe('invalid');
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        "  .metrics('errors');",
      ),
    );
  });
});

describe('builderCode: session parameters', () => {
  it('prints plan level, agg mode and every switch that is on', () => {
    const q = sessionQuery('demo')
      .planLevel(2)
      .agg(2)
      .between(0, 90)
      .metrics('errors', 'subscriberid')
      .aggBy('subscriberid')
      .sessionType('started')
      .allStatuses()
      .concurrency()
      .businessErrors()
      .toQuery();
    expect(builderCode(q)).toBe(
      lines(
        "import { sessionQuery } from '@playq/query';",
        '',
        "const query = sessionQuery('demo')",
        "  .planLevel('2')",
        '  .agg(2)',
        '  .between(0, 90)',
        "  .metrics('errors', 'subscriberid')",
        "  .aggBy('subscriberid')",
        "  .sessionType('started')",
        '  .allStatuses()',
        '  .concurrency()',
        '  .businessErrors();',
      ),
    );
    expect(evaluate(builderCode(q))).toStrictEqual(q);
  });

  it('prints agg mode 1', () => {
    const q = sessionQuery('demo').agg(1).toQuery();
    expect(builderCode(q)).toBe(
      lines(
        "import { sessionQuery } from '@playq/query';",
        '',
        "const query = sessionQuery('demo')",
        '  .agg(1);',
      ),
    );
  });

  it('prints no call for switches holding their default values', () => {
    // A hand-made node may spell the defaults out; the code leaves them implicit.
    const base = sessionQuery('demo').planLevel('3').toQuery();
    const q: QueryNode = {
      ...base,
      sessiontype: 'ended',
      allstatus: 0,
      concurrency: 0,
      businesserror: false,
    };
    expect(builderCode(q)).toBe(
      lines(
        "import { sessionQuery } from '@playq/query';",
        '',
        "const query = sessionQuery('demo')",
        "  .planLevel('3');",
      ),
    );
  });
});

describe('builderCode: time series and breakdowns', () => {
  it('prints an automatic time series without an argument', () => {
    const q = metricQuery('demo').between(0, 7200).metrics('errors').timeseries().toQuery();
    expect(q.granularity).toBe('auto');
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        '  .between(0, 7200)',
        "  .metrics('errors')",
        '  .timeseries();',
      ),
    );
    expect(evaluate(builderCode(q))).toStrictEqual(q);
  });

  it('prints a fixed granularity as the timeseries argument', () => {
    const q = metricQuery('demo').between(0, 7200).metrics('errors').timeseries('5minute').toQuery();
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        '  .between(0, 7200)',
        "  .metrics('errors')",
        "  .timeseries('5minute');",
      ),
    );
    expect(evaluate(builderCode(q))).toStrictEqual(q);
  });

  it('prints a timeseries call for a time series node without a granularity', () => {
    const q: QueryNode = { ...metricQuery('demo').toQuery(), aggby: ['timestamp'] };
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        '  .timeseries();',
      ),
    );
  });

  it('prints several dimensions as one aggBy call', () => {
    const q = metricQuery('demo').metrics('errors').aggBy('country', 'platform').toQuery();
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        "  .metrics('errors')",
        "  .aggBy('country', 'platform');",
      ),
    );
    expect(evaluate(builderCode(q))).toStrictEqual(q);
  });

  it('prints a single dimension with aggBy, not timeseries', () => {
    const q = metricQuery('demo').aggBy('country').toQuery();
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        "  .aggBy('country');",
      ),
    );
  });

  it('prints timestamp among other dimensions with aggBy', () => {
    // The typed chain offers timestamp only through timeseries(); fromURL and untyped callers
    // reach this shape, and builderCode must still print it.
    // @ts-expect-error timestamp is not an aggBy dimension in the typed chain
    const q = metricQuery('demo').aggBy('timestamp', 'country').toQuery();
    expect(q.aggby).toStrictEqual(['timestamp', 'country']);
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        "  .aggBy('timestamp', 'country');",
      ),
    );
    expect(evaluate(builderCode(q))).toStrictEqual(q);
  });
});

describe('builderCode: filters, qoe filters, order and paging', () => {
  it('prints one where call per filter clause, a list only for several values', () => {
    const q = metricQuery('demo')
      .metrics('errors')
      .where('country', ['US', 'FR'])
      .where('platform', 'ios')
      .toQuery();
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        "  .metrics('errors')",
        "  .where('country', ['US', 'FR'])",
        "  .where('platform', 'ios');",
      ),
    );
    expect(evaluate(builderCode(q))).toStrictEqual(q);
  });

  it('prints one having call per condition with the number as written', () => {
    const q = metricQuery('demo')
      .metrics('errors')
      .having('errors', '>=', 2.5)
      .having('latency', '<', -1)
      .toQuery();
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        "  .metrics('errors')",
        "  .having('errors', '>=', 2.5)",
        "  .having('latency', '<', -1);",
      ),
    );
    expect(evaluate(builderCode(q))).toStrictEqual(q);
  });

  it('prints orderBy with the direction only when one is given', () => {
    const withOrder = metricQuery('demo').metrics('errors').orderBy('errors', 'desc').toQuery();
    expect(builderCode(withOrder)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        "  .metrics('errors')",
        "  .orderBy('errors', 'desc');",
      ),
    );
    // A query parsed from a URL may order by a metric it does not request.
    // @ts-expect-error the typed chain only orders by names requested earlier
    const withoutOrder = metricQuery('demo').orderBy('errors').toQuery();
    expect(builderCode(withoutOrder)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        "  .orderBy('errors');",
      ),
    );
    expect(evaluate(builderCode(withoutOrder))).toStrictEqual(withoutOrder);
  });

  it('prints limit and offset only when they differ from 1000 and 0', () => {
    const q = metricQuery('demo').limit(10).offset(20).toQuery();
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        '  .limit(10)',
        '  .offset(20);',
      ),
    );
    const defaults = metricQuery('demo').limit(1000).offset(0).toQuery();
    expect(builderCode(defaults)).toBe(
      lines("import { metricQuery } from '@playq/query';", '', "const query = metricQuery('demo');"),
    );
  });

  it('prints the code for a query read from a URL', () => {
    const parsed = fromURL(
      'http://h/api/v1/session/demo?planlevel=1&agg=1&period=start%3D0%2Cend%3D3600&metrics=errors&aggby=timestamp&granularity=hour&filter=%5Bcountry%3DUS%5D&qoefilter=errors%3E2&orderby=errors&limit=5&offset=5',
    );
    if (!parsed.ok) throw new Error('fixture URL should be valid');
    expect(builderCode(parsed.query)).toBe(
      lines(
        "import { sessionQuery } from '@playq/query';",
        '',
        "const query = sessionQuery('demo')",
        "  .planLevel('1')",
        '  .agg(1)',
        '  .between(0, 3600)',
        "  .metrics('errors')",
        "  .timeseries('hour')",
        "  .where('country', 'US')",
        "  .having('errors', '>', 2)",
        "  .orderBy('errors')",
        '  .limit(5)',
        '  .offset(5);',
      ),
    );
    expect(evaluate(builderCode(parsed.query))).toStrictEqual(parsed.query);
  });
});

describe('builderCode: string escaping', () => {
  it('escapes backslashes, then single quotes, in every quoted string', () => {
    const q = metricQuery('demo')
      .where('country', ["O'Brien\\x", "a\\'b", 'plain'])
      .where('platform', "it's")
      .toQuery();
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        "  .where('country', ['O\\'Brien\\\\x', 'a\\\\\\'b', 'plain'])",
        "  .where('platform', 'it\\'s');",
      ),
    );
    expect(evaluate(builderCode(q))).toStrictEqual(q);
  });

  it('keeps double quotes and other characters as they are', () => {
    const q = metricQuery('demo').where('country', ['"x" & <y>', 'ünï']).toQuery();
    expect(builderCode(q)).toBe(
      lines(
        "import { metricQuery } from '@playq/query';",
        '',
        "const query = metricQuery('demo')",
        "  .where('country', ['\"x\" & <y>', 'ünï']);",
      ),
    );
    expect(evaluate(builderCode(q))).toStrictEqual(q);
  });
});

describe('builderCode round trip', () => {
  // toEqual: the generated nodes' sub-objects are not all plain objects, the builder's are.
  test.prop([queryNode()], { numRuns: 60 })('the code builds exactly the query it was made from', (q) => {
    expect(evaluate(builderCode(q))).toEqual(q);
  });
});

describe('the builder-only text parsers', () => {
  const message = (what: string) =>
    `${what} text is not parsed by the builder-only entry (@playq/query/builder): use the structured call, or import from @playq/query.`;
  const errors = (what: string, length: number) => [
    {
      code: 'text_parsing_unavailable',
      message: message(what),
      severity: 'error',
      offset: 0,
      length,
      line: 1,
      column: 1,
    },
  ];
  const refusal = (what: string, length: number) => ({ ok: false, errors: errors(what, length) });

  it('refuses filter, qoefilter and period text with one error covering the whole text', () => {
    expect(NO_TEXT_PARSERS.filter('[country=US]')).toStrictEqual(refusal('filter', 12));
    expect(NO_TEXT_PARSERS.qoefilter('errors>2')).toStrictEqual(refusal('qoefilter', 8));
    expect(NO_TEXT_PARSERS.period('')).toStrictEqual(refusal('period', 0));
  });

  it('returns frozen results', () => {
    const r = NO_TEXT_PARSERS.filter('x');
    expect(Object.isFrozen(NO_TEXT_PARSERS)).toBe(true);
    expect(r.ok === false && Object.isFrozen(r.errors)).toBe(true);
    expect(r.ok === false && Object.isFrozen(r.errors[0])).toBe(true);
  });

  it('keeps text given to the builder-only entry as written, marked invalid', () => {
    const q = builderOnly
      .metricQuery('demo')
      .where('[country=US]')
      .having('errors>2')
      .period('start=0,end=60')
      .toQuery();
    expect(q.filter).toStrictEqual({ type: 'invalid', text: '[country=US]', errors: errors('filter', 12) });
    expect(q.qoefilter).toStrictEqual({ type: 'invalid', text: 'errors>2', errors: errors('qoefilter', 8) });
    expect(q.period).toStrictEqual({ type: 'invalid', text: 'start=0,end=60', errors: errors('period', 14) });
  });
});
