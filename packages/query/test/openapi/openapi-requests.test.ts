// Property: over generated catalogues, every query the builder can make is a request the document
// of that catalogue accepts (path, parameters, values by their schemas, judged by Ajv), and a name
// the catalogue lacks, in metrics, aggby or orderby, is refused.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { catalogue, queryNode } from '../../src/arbitraries/index';
import { type AnyCatalogue, toURL } from '../../src/index';
import { openApiDocument } from '../../src/openapi/index';
import { requestJudge } from '../support/openapi-request';

const BASE = 'https://qoe.example.net/api/v1';

const withQuery = catalogue().chain((c) =>
  fc.record({ catalogue: fc.constant(c), query: queryNode({ catalogue: c }) }),
);

/** A lower-case name that is neither a metric, a dimension nor `timestamp` of the catalogue. */
const foreignName = (c: AnyCatalogue) =>
  fc
    .stringMatching(/^[a-z][a-z0-9_]{0,12}$/)
    .filter((n) => n !== 'timestamp' && !Object.hasOwn(c.metrics, n) && !Object.hasOwn(c.dimensions, n));

describe('the document and the builder', () => {
  test.prop([withQuery], { numRuns: 60 })(
    "accepts every builder-made query of the document's catalogue",
    ({ catalogue: c, query }) => {
      const judge = requestJudge(openApiDocument(c, { baseUrl: BASE }));
      const url = toURL(query, { baseUrl: BASE });
      expect(judge(url).problems, url).toEqual([]);
    },
  );

  test.prop(
    [
      withQuery.chain(({ catalogue: c, query }) =>
        fc.record({
          catalogue: fc.constant(c),
          query: fc.constant(query),
          name: foreignName(c),
          where: fc.constantFrom('metrics', 'aggby', 'orderby'),
        }),
      ),
    ],
    { numRuns: 60 },
  )('refuses a name the catalogue lacks', ({ catalogue: c, query, name, where }) => {
    const judge = requestJudge(openApiDocument(c, { baseUrl: BASE }));
    const url = new URL(toURL(query, { baseUrl: BASE }));
    const before = url.searchParams.get(where);
    url.searchParams.set(where, where === 'orderby' || before === null ? name : `${before},${name}`);
    const verdict = judge(url.toString());
    expect(verdict.ok, url.toString()).toBe(false);
    expect(verdict.problems.join('\n')).toContain(`${where}=`);
  });

  test.prop([withQuery], { numRuns: 25 })(
    'refuses a query without its required parameters',
    ({ catalogue: c, query }) => {
      const judge = requestJudge(openApiDocument(c, { baseUrl: BASE }));
      const url = new URL(toURL(query, { baseUrl: BASE }));
      url.searchParams.delete('metrics');
      expect(judge(url.toString()).problems).toContain('metrics is required');
    },
  );
});
