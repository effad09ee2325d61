// What a user sees of the builder's types in an editor, asked of the TypeScript language service:
// completions inside `.metrics('`, `.aggBy('`, ... list exactly the names valid there (never an
// error text), and a refused name gets a compiler message saying what is wrong.
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, type Endpoint, suggestName } from '../src/index';
import { createEditor, type Editor } from './support/language-service';

const IMPORTS =
  "import { createQueries, defineCatalogue, metricQuery, sessionList, sessionQuery } from '../../src/index';\n";
/** A small custom catalogue, so `createQueries(catalogue)` builders are covered too. */
const SHOP = `${IMPORTS}const shop = defineCatalogue({
  metrics: {
    carts: { unit: 'count', level: 'group', description: 'Carts.' },
    revenue: { unit: 'ratio', level: 'session', description: 'Revenue.', endpoints: ['metricquery'] },
    refunds: { unit: 'count', level: 'session', description: 'Refunds.' },
  },
  dimensions: {
    store: { description: 'Store.' },
    reason: { description: 'Reason.', combinesWith: ['refunds'], sessionField: true },
  },
});
const q = createQueries(shop);
`;

const { metricNames, dimensionNames, listFieldNames } = CATALOGUE;
const metricsOn = (endpoint: Endpoint) =>
  metricNames.filter((m) => CATALOGUE.metrics[m].endpoints.includes(endpoint));
const combiningWith = (metric: string) =>
  dimensionNames.filter((d) => CATALOGUE.dimensions[d].combinesWith.includes(metric));
const sessionFields = dimensionNames.filter((d) => CATALOGUE.dimensions[d].metricOn.includes('session'));
const errorOnly = dimensionNames.filter((d) => CATALOGUE.dimensions[d].restricted);
const sessionLevel = metricNames.filter((m) => CATALOGUE.metrics[m].level === 'session');

let editor: Editor;
beforeAll(() => {
  editor = createEditor();
});

/** The completions at `|` in a line after the imports, in a stable order. */
const completions = (line: string, prelude = IMPORTS) =>
  [...editor.completionsAt(`${prelude}${line}`)].sort();
const sorted = (names: readonly string[]) => [...new Set(names)].sort();

describe('completions list exactly the valid names', () => {
  it.each([
    ["metricQuery('d').metrics('|')", metricsOn('metricquery')],
    ["metricQuery('d').metrics('latency', '|')", metricsOn('metricquery')],
    ["metricQuery('d').metrics('latency').aggBy('|')", combiningWith('latency')],
    ["metricQuery('d').metrics('errors').aggBy('|')", dimensionNames],
    ["metricQuery('d').aggBy('category').metrics('|')", ['errors', 'fatalerrors']],
    ["metricQuery('d').metrics('latency').aggBy('country').orderBy('|')", ['latency', 'country']],
    ["metricQuery('d').metrics('latency').timeseries().orderBy('|')", ['latency', 'timestamp']],
    ["metricQuery('d').where('|', ['x'])", dimensionNames],
    ["metricQuery('d').having('|', '>', 1)", metricNames],
    ["sessionQuery('d').agg(1).metrics('|')", [...metricsOn('session'), ...sessionFields]],
    ["sessionQuery('d').agg(1).metrics('errors').aggBy('|')", dimensionNames],
    ["sessionList('d').metrics('|')", listFieldNames],
    ["sessionList('d').metrics('latency', 'sessionid').orderBy('|')", ['latency', 'sessionid']],
    ["sessionList('d').having('|', '>', 1)", sessionLevel],
    ["sessionList('d').where('|', ['x'])", dimensionNames.filter((d) => !errorOnly.includes(d))],
  ])('%s', (line, valid) => {
    expect(completions(line)).toEqual(sorted(valid));
  });

  it('offers the names of a createQueries(catalogue) builder', () => {
    expect(completions("q.metricQuery('d').metrics('|')", SHOP)).toEqual(['carts', 'refunds', 'revenue']);
    expect(completions("q.metricQuery('d').metrics('carts').aggBy('|')", SHOP)).toEqual(['store']);
    expect(completions("q.sessionQuery('d').agg(1).metrics('|')", SHOP)).toEqual([
      'carts',
      'reason',
      'refunds',
    ]);
    expect(completions("q.sessionList('d').having('|', '>', 1)", SHOP)).toEqual(['refunds', 'revenue']);
  });

  it('offers nothing where no name is valid, and never an error text', () => {
    expect(completions("metricQuery('d').orderBy('|')")).toEqual([]);
    expect(completions("metricQuery('d').metrics('errors').timeseries().aggBy('|')")).toEqual([]);
    expect(completions("sessionList('d').aggBy('|')")).toEqual([]);
    expect(completions("metricQuery('d').metrics('latncy').aggBy('contry', '|')")).not.toContainEqual(
      expect.stringMatching(/error|not a|'/),
    );
  });
});

/** The compiler's messages for one statement after the imports. */
const messages = (line: string, prelude = IMPORTS) => editor.diagnostics(`${prelude}${line}`).join('\n');
/** The runtime's did-you-mean, in the words of the type-level message. */
const unknown = (name: string, kind: string, candidates: readonly string[]) => {
  const hint = suggestName(name, candidates);
  return `'${name}' is not a ${kind} of this catalogue${hint === undefined ? ' (extend the catalogue with extendCatalogue to add a name)' : `; did you mean '${hint}'?`}`;
};

describe('a refused name gets a message saying what is wrong', () => {
  it('names a misspelt dimension as not a dimension, with the did-you-mean validate gives', () => {
    const text = messages("metricQuery('d').metrics('latency').aggBy('contry');");
    expect(text).toContain(unknown('contry', 'dimension', dimensionNames));
    expect(text).toContain("did you mean 'country'?");
    expect(text).not.toContain('category, key');
    expect(messages("metricQuery('d').where('platfrom', ['ios']);")).toContain(
      unknown('platfrom', 'dimension', dimensionNames),
    );
    expect(messages("metricQuery('d').where('regon', ['eu']);")).toContain(
      unknown('regon', 'dimension', dimensionNames),
    );
  });

  it('names a misspelt metric or session field, with the did-you-mean validate gives', () => {
    expect(messages("metricQuery('d').metrics('latncy');")).toContain("did you mean 'latency'?");
    expect(messages("metricQuery('d').metrics('latency', 'bufferingration');")).toContain(
      unknown('bufferingration', 'metric', metricNames),
    );
    expect(messages("sessionQuery('d').agg(1).metrics('playr');")).toContain(
      unknown('playr', 'metric', [...metricNames, ...sessionFields]),
    );
    expect(messages("metricQuery('d').having('latencyy', '>', 1);")).toContain(
      unknown('latencyy', 'metric', metricNames),
    );
    expect(messages("sessionList('d').metrics('sesionid');")).toContain(
      unknown('sesionid', 'list field', listFieldNames),
    );
    expect(messages("q.metricQuery('d').metrics('cart');", SHOP)).toContain(
      "'cart' is not a metric of this catalogue; did you mean 'carts'?",
    );
  });

  it('says why a known name does not fit where it stands', () => {
    const cases: [string, string][] = [
      ["metricQuery('d').having('country', '>', 1);", "'country' is a dimension, not a metric"],
      ["metricQuery('d').metrics('player');", "'player' is a dimension, not a metric"],
      ["metricQuery('d').aggBy('errors');", "'errors' is a metric, not a dimension"],
      [
        "metricQuery('d').metrics('latency').aggBy('category');",
        "'category': a dimension used in this query (category, key) combines only with some metrics (errors, fatalerrors)",
      ],
      [
        "metricQuery('d').where('key', ['E1']).metrics('bufferingratio');",
        "'bufferingratio': a dimension used in this query (category, key) combines only with some metrics",
      ],
      [
        "metricQuery('d').metrics('errors').timeseries().aggBy('country');",
        "'country': a time series cannot also be broken down by dimensions",
      ],
      [
        "metricQuery('d').metrics('errors').orderBy('latency');",
        "'latency': orderBy names a metric or dimension requested earlier in the chain",
      ],
      [
        "sessionList('d').metrics('views');",
        "'views': not a field of a session list (group-level metrics and error dimensions are a metricquery)",
      ],
      [
        "sessionList('d').aggBy('country');",
        "'country': a session list has one record per session (aggby is only sessionid; a breakdown is a metricquery)",
      ],
      [
        "sessionList('d').having('views', '>', 1);",
        "'views': a session list filters on session-level metrics only",
      ],
      [
        "sessionList('d').where('category', ['E']);",
        "'category': a dimension used in this query (category, key) combines only with some metrics",
      ],
    ];
    for (const [line, message] of cases) expect(messages(line), line).toContain(message);
    expect(messages("q.sessionQuery('d').agg(1).metrics('revenue');", SHOP)).toContain(
      "'revenue' is not available on the session endpoint",
    );
  });

  it('quotes the reason in an Invalid<…> type, not in a string the editor would offer', () => {
    expect(messages("metricQuery('d').metrics('latncy');")).toMatch(
      /is not assignable to parameter of type 'Invalid<"'latncy' is not a metric/,
    );
  });
});
