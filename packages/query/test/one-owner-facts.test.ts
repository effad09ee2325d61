// One owner per fact: the comparison operators, the result envelope and the wire facts (the
// endpoint list, "is a time series", the page-count rule, the fixed paths, the dot-segment customer
// rule, the sensitive names, the trailing-slash rule) are declared once and imported everywhere
// else. This test reads every package source file and fails on a second declaration; each
// detector is first shown to catch the shapes a copy takes, and to leave uses alone.
import { describe, expect, it } from 'vitest';
import { COMPARISON_OPERATORS, ENDPOINTS, PARAMETER_ORDER, SENSITIVE_HEADERS } from '../src/index';
import { findInPackageSources, stripComments } from './support/package-sources';

// The owners of the operators and the envelope: the grammar declares the operators, @playq/query
// the envelope and re-exports both.
const OWNERS = new Set(['grammar', 'query']);

// Files outside the owners allowed a match, each with the reason. Empty it as the reasons go away.
const ALLOWED: Readonly<Record<string, string>> = {
  // The builder entry that starts a query on each endpoint: a fact of the builder, typed by
  // `Endpoint` (a new endpoint is a type error there until it has its entry).
  'packages/query/src/builder/builder-code.ts': 'builder entry per endpoint',
};

/** The second declarations of the operators or the envelope in one source text. */
export function secondDeclarations(text: string): string[] {
  const code = stripComments(text);
  const found: string[] = [];
  for (const m of code.matchAll(/\[([^[\]]*)\]/g)) {
    const ops = new Set([...m[1]!.matchAll(/['"`]([<>=!]{1,2})['"`]/g)].map((o) => o[1]!));
    const known = [...ops].filter((o) => (COMPARISON_OPERATORS as readonly string[]).includes(o));
    if (known.length >= 3) found.push(`operator list [${known.join(', ')}]`);
  }
  for (const m of code.matchAll(
    /\b(?:interface\s+(\w+)(?:<[^>{]*>)?(?:\s+extends\s+[^{]+)?\s*|type\s+(\w+)(?:<[^>{]*>)?\s*=\s*)\{([^{}]*)\}/g,
  )) {
    const body = m[3]!;
    if (['totalcount', 'pagecount', 'totalrecords'].every((f) => new RegExp(`\\b${f}\\s*\\??:`).test(body))) {
      found.push(`envelope type ${m[1] ?? m[2]}`);
    }
  }
  return found;
}

const quoted = (chunk: string) => new Set([...chunk.matchAll(/['"`]([^'"`\n]*)['"`]/g)].map((m) => m[1]!));

const PARAMETER_NAMES = new Set<string>(PARAMETER_ORDER);
const parameterNames = (names: Iterable<string>) => [...new Set(names)].filter((n) => PARAMETER_NAMES.has(n));

/**
 * A second list of the query parameters: an array or a run of `case` labels naming four or more,
 * or a declared shape (interface, object type, or a constant object) with half of them as
 * members. Objects holding one query's few values are not lists of parameters, and code typed by
 * `ParameterName` is derived from the table.
 */
export function secondParameterLists(text: string): string[] {
  const code = stripComments(text);
  const found: string[] = [];
  for (const m of code.matchAll(/\[([^[\]]*)\]/g)) {
    const names = parameterNames(quoted(m[1]!));
    if (names.length >= 4) found.push(`parameter list [${names.join(', ')}]`);
  }
  const cases = parameterNames([...code.matchAll(/case\s+['"`]([a-z]+)['"`]\s*:/g)].map((m) => m[1]!));
  if (cases.length >= 4) found.push(`case labels ${cases.join(', ')}`);
  if (!/\bParameterName\b/.test(code)) {
    for (const m of code.matchAll(
      /\b(?:interface\s+(\w+)[^{;=]*|type\s+(\w+)(?:<[^>]*>)?\s*=\s*|const\s+(\w+)\s*(?::[^=]*)?=\s*)\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/g,
    )) {
      const members = parameterNames(
        [...m[4]!.matchAll(/(?:^|[;,{\s])(?:readonly\s+)?([a-z]+)\??\s*:/g)].map((k) => k[1]!),
      );
      if (members.length >= PARAMETER_NAMES.size / 2) found.push(`parameter shape ${m[1] ?? m[2] ?? m[3]}`);
    }
  }
  return found;
}

/** A list, union or table of endpoint names (two or more of them, quoted). */
/** Whether two or more endpoints pass a test: a list of some endpoints is a fact of the wire module too. */
const manyEndpoints = (has: (e: string) => boolean) => ENDPOINTS.filter(has).length >= 2;

export function secondEndpointLists(text: string): string[] {
  const code = stripComments(text);
  const found: string[] = [];
  for (const m of code.matchAll(/\[([^[\]]*)\]/g)) {
    const names = quoted(m[1]!);
    if (manyEndpoints((e) => names.has(e))) found.push(`endpoint list [${m[1]!.trim()}]`);
  }
  // A table of facts per endpoint: an object literal giving each endpoint a literal value.
  for (const m of code.matchAll(/\{([^{}]*)\}/g)) {
    const keys = new Set(
      [...m[1]!.matchAll(/(?:^|[,{\s])['"]?([a-z]+)['"]?\s*:\s*(?:['"`]|\d|true\b|false\b)/g)].map(
        (k) => k[1]!,
      ),
    );
    if (manyEndpoints((e) => keys.has(e))) found.push(`endpoint table {${m[1]!.trim()}}`);
  }
  const member = ENDPOINTS.map((e) => `['"\`]${e}['"\`]`).join('|');
  const union = new RegExp(`(?:${member})(?:\\s*\\|\\s*(?:${member}))+`, 'g');
  for (const m of code.matchAll(union)) {
    if (manyEndpoints((e) => m[0].includes(e))) found.push(`endpoint union ${m[0]}`);
  }
  return found;
}

/** A hand-written test of whether `aggby` makes a time series. */
export function secondTimeSeriesTests(text: string): string[] {
  const code = stripComments(text);
  const shapes = [
    /aggby\??\.?\[0\]\s*[!=]==?\s*['"`]timestamp['"`]/g,
    /aggby\??\.includes\(\s*['"`]timestamp['"`]\s*\)/g,
    /aggby\s*[!=]==?\s*['"`]timestamp['"`]/g,
    /aggby\??\.length\s*===\s*1\s*&&[^;\n]*aggby\??\.?\[0\]\s*===/g,
  ];
  return shapes.flatMap((shape) => [...code.matchAll(shape)].map((m) => `time-series test ${m[0]}`));
}

/** A hand-written test of whether a query's records can be drilled into (`isDrillable`). */
export function secondDrillableTests(text: string): string[] {
  const code = stripComments(text);
  const shapes = [
    /endpoint\s*===\s*['"`]metricquery['"`]\s*&&[^;\n]*aggby\??\.length\s*(?:>\s*0|!==\s*0|>=\s*1)/g,
    /aggby\??\.length\s*(?:>\s*0|!==\s*0|>=\s*1)\s*&&[^;\n]*endpoint\s*===\s*['"`]metricquery['"`]/g,
  ];
  return shapes.flatMap((shape) => [...code.matchAll(shape)].map((m) => `drillable test ${m[0]}`));
}

/** The page count computed by hand: `ceil(total / limit)` or `(total + limit - 1) / limit`. */
export function secondPageCountRules(text: string): string[] {
  const code = stripComments(text);
  const shapes = [
    /Math\.ceil\((?:[^()]|\([^()]*\))*\/\s*[\w.]*limit\b/gi,
    /\+\s*[\w.]*limit\s*-\s*1\s*\)\s*\/\s*[\w.]*limit\b/gi,
  ];
  return shapes.flatMap((shape) => [...code.matchAll(shape)].map((m) => `page count ${m[0]}`));
}

/** The fixed paths and the dot-segment customer rule spelled out. */
export function secondWirePaths(text: string): string[] {
  const code = stripComments(text);
  const found: string[] = [];
  for (const m of code.matchAll(/['"`/][^'"`\n]*?(oauth\/token|planLevelByCustId)/g))
    found.push(`path ${m[1]}`);
  if (/\(\\\.\|%2e\)/i.test(code)) found.push('dot-segment customer pattern');
  if (/may not be "\." or "\.\."/.test(code)) found.push('dot-segment customer message');
  return found;
}

/** A list of credential header names, or a pattern of credential-like parameter names. */
export function secondSensitiveNames(text: string): string[] {
  const code = stripComments(text);
  const found: string[] = [];
  for (const m of code.matchAll(/\[([^[\]]*)\]/g)) {
    const names = [...quoted(m[1]!)].filter((n) => SENSITIVE_HEADERS.includes(n.toLowerCase()));
    if (names.length >= 2) found.push(`sensitive header list [${names.join(', ')}]`);
  }
  if (/(?:authorization|x-api-key|cookie)\|(?:authorization|x-api-key|cookie|proxy)/i.test(code)) {
    found.push('sensitive header pattern');
  }
  if (/\bkey\|(?:token|secret|password)/i.test(code)) {
    found.push('sensitive parameter pattern');
  }
  return found;
}

/** Trailing slashes removed by hand instead of with `withoutTrailingSlash`. */
export function secondTrailingSlashRules(text: string): string[] {
  const code = stripComments(text);
  const found: string[] = [];
  if (/\/\\\/\+\$\//.test(code)) found.push('trailing-slash pattern /\\/+$/');
  if (/while\s*\([^)]*\.endsWith\(\s*['"`]\/['"`]\s*\)\s*\)/.test(code)) found.push('trailing-slash loop');
  return found;
}

// Where each wire fact lives: the one file allowed to declare it.
const WIRE = 'packages/query/src/wire';
const WIRE_OWNERS = {
  parameters: {
    'packages/query/src/parameters/parameter-table.ts': 'the owner',
    'packages/query/src/model.ts':
      'the query node the table fills (the table checks it names the same fields)',
    'packages/site/src/playground/form-query.ts':
      "the playground form's own fields (a period in hours, one dimension select); it builds queries with the builder",
    'packages/site/src/playground/form-controls.ts':
      "the playground form's widgets, one per field of its form",
    'packages/cli/src/mcp/query-input.ts':
      "the MCP tools' input schema (zod), typed per tool; to be derived from PARAMETERS (kind -> zod type, help -> describe) by the cli lane",
    'packages/query/src/arbitraries/common-parts.ts':
      "the node generators draw each parameter by its own rule (names from the catalogue, bounds from the limits); the drawn record's type names what they draw",
  },
  endpoints: { [`${WIRE}/endpoints.ts`]: 'the owner' },
  timeSeries: { 'packages/query/src/time-series.ts': 'the owner' },
  drillable: { 'packages/query/src/drill/drill-down.ts': 'the owner' },
  pageCount: { [`${WIRE}/page-count.ts`]: 'the owner' },
  paths: { [`${WIRE}/paths.ts`]: 'the owner', [`${WIRE}/customer-id.ts`]: 'the owner of the dot rule' },
  sensitive: { [`${WIRE}/sensitive-names.ts`]: 'the owner' },
  slash: { [`${WIRE}/base-url.ts`]: 'the owner' },
} as const;

const inAllPackages = (detect: (text: string) => string[], owners: Readonly<Record<string, string>>) =>
  findInPackageSources(detect, { skip: new Set(['grammar']), allowed: { ...owners, ...ALLOWED } });

describe('one owner for operators and the envelope', () => {
  it('finds both shapes, and not comments, aliases or single operators', () => {
    expect(secondDeclarations("const OPS = ['>', '>=', '<', '<=', '=', '!='];")).toHaveLength(1);
    expect(secondDeclarations("const OPS = new Set(['<', '<=', '>']);")).toHaveLength(1);
    expect(
      secondDeclarations(
        'interface Env { readonly totalcount: number; pagecount: number; totalrecords: number }',
      ),
    ).toHaveLength(1);
    expect(
      secondDeclarations('type E = { totalcount: number; pagecount: number; totalrecords: number };'),
    ).toHaveLength(1);
    expect(
      secondDeclarations(
        'interface P<R> extends Base { totalcount: number; pagecount: number; totalrecords: number }',
      ),
    ).toHaveLength(1);
    expect(secondDeclarations('export type Envelope = ResultEnvelope<Row>;')).toEqual([]);
    expect(secondDeclarations("// ['>', '>=', '<']\nif (op === '>') {}")).toEqual([]);
    expect(secondDeclarations("const QOE = { '>': '>', '>=': '>=', '<': '<' };")).toEqual([]);
  });

  it('holds across packages/*/src outside grammar and query, outside the commented allowlist', () => {
    const offenders = findInPackageSources(secondDeclarations, { skip: OWNERS, allowed: ALLOWED });
    expect(offenders).toEqual([]);
  });
});

describe('one owner for the wire facts (the wire module of @playq/query)', () => {
  it("finds a second parameter list in each shape, and not one query's values or derived code", () => {
    expect(secondParameterLists("const ORDER = ['planlevel', 'period', 'metrics', 'aggby'];")).toHaveLength(
      1,
    );
    expect(
      secondParameterLists("switch (k) { case 'period': case 'metrics': case 'filter': case 'limit': }"),
    ).toHaveLength(1);
    const flags = PARAMETER_ORDER.slice(0, 9)
      .map((n) => `readonly ${n}?: string;`)
      .join(' ');
    expect(secondParameterLists(`export interface Flags { ${flags} }`)).toHaveLength(1);
    expect(secondParameterLists(`type Props = { ${flags} };`)).toHaveLength(1);
    expect(
      secondParameterLists(`export const fields = { ${flags.replaceAll('readonly ', '')} };`),
    ).toHaveLength(1);
    expect(
      secondParameterLists("const q = { period: p, metrics: ['errors'], aggby: [], limit: 10 };"),
    ).toEqual([]);
    expect(
      secondParameterLists('const RULES: Partial<Record<ParameterName, R>> = { period: a, metrics: b };'),
    ).toEqual([]);
    expect(
      secondParameterLists(`type Props = { -readonly [K in ParameterName]: QueryNode[K] } & { ${flags} };`),
    ).toEqual([]);
  });

  it('finds a second endpoint list or union, and not a single endpoint or the imported list', () => {
    expect(secondEndpointLists("const ENDPOINTS = ['metricquery', 'session'];")).toHaveLength(1);
    expect(secondEndpointLists("for (const e of ['session', 'metricquery']) {}")).toHaveLength(1);
    expect(secondEndpointLists("function f(endpoint: 'metricquery' | 'session') {}")).toHaveLength(1);
    expect(secondEndpointLists("type K = 'session' | 'metricquery' | 'plan';")).toHaveLength(1);
    expect(
      secondEndpointLists("const BY = Object.freeze({ metricquery: 'apiKey', session: 'bearer' });"),
    ).toHaveLength(1);
    expect(secondEndpointLists('const auth = { metricquery: adapter, session: adapter };')).toEqual([]);
    expect(secondEndpointLists("if (q.endpoint === 'session') {}")).toEqual([]);
    expect(secondEndpointLists("for (const e of ENDPOINTS) {}\n// ['metricquery', 'session']")).toEqual([]);
    expect(secondEndpointLists("type K = Endpoint | 'plan';")).toEqual([]);
  });

  it('finds a second time-series test in each shape, and not the imported one', () => {
    for (const shape of [
      "const s = q.aggby.length === 1 && q.aggby[0] === 'timestamp';",
      "if (query.aggby[0] !== 'timestamp') return;",
      "if (flags.aggby?.includes('timestamp')) {}",
      "if (form.aggby === 'timestamp') b = b.timeseries();",
      'const s = aggby.length === 1 && aggby[0] === TIMESTAMP;',
    ]) {
      expect(secondTimeSeriesTests(shape), shape).not.toEqual([]);
    }
    expect(secondTimeSeriesTests('const s = isTimeSeries(query);')).toEqual([]);
    expect(secondTimeSeriesTests("const ties = series ? ['timestamp'] : query.aggby;")).toEqual([]);
  });

  it('finds a second drillable test in each shape, and not the imported one', () => {
    for (const shape of [
      "return node.endpoint === 'metricquery' && node.aggby.length > 0;",
      "const ok = q.aggby.length !== 0 && q.endpoint === 'metricquery';",
      'if (query.endpoint === "metricquery" && query.aggby?.length >= 1) drill();',
    ]) {
      expect(secondDrillableTests(shape), shape).toHaveLength(1);
    }
    expect(secondDrillableTests('const onRow = isDrillable(node) ? drill : undefined;')).toEqual([]);
    expect(secondDrillableTests("if (q.endpoint === 'metricquery') return q.aggby;")).toEqual([]);
  });

  it('finds a second page-count rule in each shape, and not other ceilings', () => {
    for (const shape of [
      'const pages = Math.ceil(totalrecords / query.limit);',
      'const want = total === 0 ? 0 : Math.ceil(total / context.limit);',
      'const n = Math.ceil((env.totalrecords) / limit);',
      'const n = ((total + limit - 1) / limit) | 0;',
    ]) {
      expect(secondPageCountRules(shape), shape).toHaveLength(1);
    }
    expect(secondPageCountRules('const pages = pageCount(total, limit);')).toEqual([]);
    expect(secondPageCountRules('const end = Math.ceil(nowSeconds / 60) * 60;')).toEqual([]);
    expect(secondPageCountRules('const limit = Math.max(1, Math.ceil(rows.length / PAGES));')).toEqual([]);
  });

  it('finds the fixed paths and the dot-segment rule spelled out, and not in comments', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
    expect(secondWirePaths('const url = `${baseUrl}/oauth/token`;')).toHaveLength(1);
    expect(secondWirePaths("app.get(planPath + '/planLevelByCustId/:id', h);")).toHaveLength(1);
    expect(secondWirePaths('const DOT = /\\/(metricquery|session)\\/(\\.|%2e){1,2}\\/?$/i;')).toHaveLength(1);
    expect(secondWirePaths('problem(400, \'The customer id may not be "." or "..".\');')).toHaveLength(1);
    expect(secondWirePaths('// POST /api/v1/oauth/token → 200\nconst url = tokenUrlOf(base);')).toEqual([]);
  });

  it('finds a second list of sensitive names, and not single header uses', () => {
    expect(secondSensitiveNames("const S = new Set(['authorization', 'x-api-key', 'cookie']);")).toHaveLength(
      1,
    );
    expect(
      secondSensitiveNames('const S = /^(authorization|proxy-authorization|x-api-key)$/i;'),
    ).toHaveLength(1);
    expect(secondSensitiveNames('const P = /key|token|secret/i;')).toHaveLength(1);
    expect(secondSensitiveNames("headers['x-api-key'] = key;")).toEqual([]);
    expect(secondSensitiveNames('const MEMBER = /("[a-z_]*(?:token|secret)"\\s*:)/gi;')).toEqual([]);
    expect(secondSensitiveNames("allowHeaders: ['X-API-Key', 'Content-Type']")).toEqual([]);
  });

  it('finds trailing slashes removed by hand', () => {
    expect(secondTrailingSlashRules("const base = url.replace(/\\/+$/, '');")).toHaveLength(1);
    expect(secondTrailingSlashRules("while (base.endsWith('/')) base = base.slice(0, -1);")).toHaveLength(1);
    expect(secondTrailingSlashRules('const base = withoutTrailingSlash(url);')).toEqual([]);
  });

  it.each([
    ['parameter list', secondParameterLists, WIRE_OWNERS.parameters],
    ['endpoint list', secondEndpointLists, WIRE_OWNERS.endpoints],
    ['time-series test', secondTimeSeriesTests, WIRE_OWNERS.timeSeries],
    ['drillable test', secondDrillableTests, WIRE_OWNERS.drillable],
    ['page-count rule', secondPageCountRules, WIRE_OWNERS.pageCount],
    ['wire path', secondWirePaths, WIRE_OWNERS.paths],
    ['sensitive names', secondSensitiveNames, WIRE_OWNERS.sensitive],
    ['trailing-slash rule', secondTrailingSlashRules, WIRE_OWNERS.slash],
  ] as const)('has no second %s in packages/*/src', (_name, detect, owners) => {
    expect(inAllPackages(detect, owners)).toEqual([]);
  });
});
