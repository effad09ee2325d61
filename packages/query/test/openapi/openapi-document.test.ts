// The generated OpenAPI document against the facts it is generated from: the parameter table, the
// catalogue's names and units, the wire module's endpoints, credentials and paths, and the problem
// codes. A name, parameter or code added to those owners shows up here without being listed.
import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_HEADER,
  credentialOf,
  DEFAULT_CATALOGUE,
  ENDPOINTS,
  extendCatalogue,
  PARAMETERS,
  PROBLEM_CODES,
  SERVICE_PROBLEM_CODES,
} from '../../src/index';
import { type Json, openApiDocument } from '../../src/openapi/index';

type Obj = { readonly [key: string]: Json };
const at = (value: Json | undefined, ...keys: string[]): Obj => {
  let v = value as Json;
  for (const k of keys) v = (v as Obj)[k] as Json;
  return v as Obj;
};
const doc = openApiDocument();
const paramsOf = (endpoint: string) =>
  at(doc.paths, `/${endpoint}/{customerId}`, 'get').parameters as unknown as Obj[];
const param = (endpoint: string, name: string) => paramsOf(endpoint).find((p) => p.name === name)!;

describe('openApiDocument', () => {
  it('is OpenAPI 3.1, deterministic, and plain JSON', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(JSON.stringify(openApiDocument())).toBe(JSON.stringify(doc));
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('serves at the given base URL, issues tokens under it and looks plans up on the plan host', () => {
    const d = openApiDocument(DEFAULT_CATALOGUE, {
      baseUrl: 'https://qoe.example.net/api/v1/',
      planUrl: 'https://plans.example.net/p',
    });
    expect(d.servers[0]!.url).toBe('https://qoe.example.net/api/v1');
    expect(at(d.components, 'securitySchemes', 'OAuth2', 'flows', 'clientCredentials').tokenUrl).toBe(
      'https://qoe.example.net/api/v1/oauth/token',
    );
    expect(at(d.paths, '/planLevelByCustId/{customerId}').servers).toEqual([
      { url: 'https://plans.example.net/p', description: 'The plan host.' },
    ]);
    expect(at(d.paths, '/oauth/token', 'post').operationId).toBe('issueToken');
    // Without a plan URL, the plan host is /plans beside the base, as the reference service lays it out.
    const plain = openApiDocument(DEFAULT_CATALOGUE, { baseUrl: 'http://127.0.0.1:9/api/v1' });
    expect((at(plain.paths, '/planLevelByCustId/{customerId}').servers as Obj[])[0]!.url).toBe(
      'http://127.0.0.1:9/plans',
    );
    expect(openApiDocument().servers[0]!.url).toBe('http://127.0.0.1:8080/api/v1');
  });

  it('has one GET per endpoint, secured by the credential the wire module gives it', () => {
    for (const endpoint of ENDPOINTS) {
      const op = at(doc.paths, `/${endpoint}/{customerId}`, 'get');
      expect(op.operationId).toBe(endpoint);
      const scheme = credentialOf(endpoint) === 'apiKey' ? 'ApiKey' : 'OAuth2';
      expect(op.security).toEqual([{ [scheme]: [] }]);
    }
    expect(at(doc.components, 'securitySchemes', 'ApiKey')).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: CREDENTIAL_HEADER.apiKey,
    });
  });

  it('describes every row of the parameter table on exactly its endpoints, required where it is', () => {
    for (const endpoint of ENDPOINTS) {
      const rows = PARAMETERS.filter((r) => (r.endpoints as readonly string[]).includes(endpoint));
      expect(paramsOf(endpoint).map((p) => p.name)).toEqual(['customerId', ...rows.map((r) => r.name)]);
      for (const row of rows) {
        expect(param(endpoint, row.name).required, `${endpoint} ${row.name}`).toBe(
          (row.required as readonly string[]).includes(endpoint),
        );
        const help = row.help.slice(1).replace(/'([^']*)'/g, '`$1`');
        expect(param(endpoint, row.name).description).toContain(help);
      }
    }
  });

  it('gives enums their texts and defaults, integers their bounds, and lists their form style', () => {
    expect(param('metricquery', 'sessiontype').schema).toEqual({
      type: 'string',
      enum: ['ended', 'started'],
      default: 'ended',
    });
    expect(param('session', 'agg').schema).toEqual({ type: 'string', enum: ['1', '2'] });
    expect(param('metricquery', 'limit').schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 10000,
      default: 1000,
    });
    expect(param('metricquery', 'period').description).toBe('The period, `start=<epoch_s>,end=<epoch_s>`.');
    expect(param('metricquery', 'offset').schema).toEqual({ type: 'integer', minimum: 0, default: 0 });
    expect(param('metricquery', 'metrics')).toMatchObject({ style: 'form', explode: false, required: true });
    expect(at(param('session', 'planlevel'), 'schema').pattern).toBe('^[A-Za-z0-9._-]{1,64}$');
    const period = new RegExp(at(param('metricquery', 'period'), 'schema').pattern as string);
    for (const ok of ['start=1,end=2', 'end=2,start=1', ' start = 1 , end = 2 '])
      expect(period.test(ok)).toBe(true);
    for (const bad of ['start=1', 'start=-1,end=2', 'start=1.5,end=2', 'from=1,to=2']) {
      expect(period.test(bad), bad).toBe(false);
    }
  });

  it('takes the catalogue names valid on each endpoint as enums', () => {
    const metrics = at(param('metricquery', 'metrics'), 'schema', 'items').enum;
    expect(metrics).toEqual(
      DEFAULT_CATALOGUE.metricNames.filter((m) =>
        (DEFAULT_CATALOGUE.metrics[m].endpoints as readonly string[]).includes('metricquery'),
      ),
    );
    const sessionMetrics = at(param('session', 'metrics'), 'schema', 'items').enum as string[];
    for (const field of ['category', 'key', 'player', 'subscriberid'])
      expect(sessionMetrics).toContain(field);
    const aggby = at(param('metricquery', 'aggby'), 'schema', 'items').enum as string[];
    expect(aggby).toContain('timestamp');
    expect(aggby).toContain('country');
    expect(aggby).not.toContain('viewercount');
  });

  it('types records: metrics as numbers with their unit, dimensions as strings, nothing else', () => {
    const record = at(doc.components, 'schemas', 'MetricqueryRecord');
    expect(record.additionalProperties).toBe(false);
    expect(at(record, 'properties', 'latency')).toEqual({
      type: 'number',
      description: `Unit: seconds. ${DEFAULT_CATALOGUE.metrics.latency.description}`,
    });
    expect(at(record, 'properties', 'country').type).toBe('string');
    expect(at(record, 'properties', 'timestamp').type).toBe('integer');
    expect(at(record, 'properties').totalpages).toBeUndefined();
    expect(at(doc.components, 'schemas', 'SessionRecord', 'properties', 'totalpages').type).toBe('integer');
    expect(at(doc.components, 'schemas', 'MetricqueryEnvelope').required).toEqual([
      'totalcount',
      'pagecount',
      'totalrecords',
      'response',
    ]);
  });

  it('types a session list: one record per session, its fields typed by the catalogue, aggby only sessionid', () => {
    const list = at(doc.components, 'schemas', 'ListsessionsRecord');
    expect(list.additionalProperties).toBe(false);
    expect(list.description).toMatch(/^One session/);
    expect(Object.keys(at(list, 'properties'))).toEqual([...DEFAULT_CATALOGUE.listFieldNames]);
    expect(at(list, 'properties', 'sessionid').type).toBe('string');
    expect(at(list, 'properties', 'bufferingratio').type).toBe('number');
    expect(at(list, 'properties').timestamp).toBeUndefined();
    expect(at(param('listsessions', 'aggby'), 'schema', 'items').enum).toEqual(['sessionid']);
    expect(at(param('listsessions', 'orderby'), 'schema').enum).toEqual([
      ...DEFAULT_CATALOGUE.listFieldNames,
    ]);
    expect(paramsOf('listsessions').map((p) => p.name)).not.toContain('granularity');
  });

  it('answers problems as RFC 9457 bodies whose code is one of the codes, Retry-After on 429 and 503', () => {
    const problem = at(doc.components, 'schemas', 'Problem');
    expect(problem.required).toEqual(['type', 'title', 'status', 'detail', 'code']);
    expect(at(problem, 'properties', 'code').enum).toEqual([...PROBLEM_CODES, ...SERVICE_PROBLEM_CODES]);
    const responses = at(doc.components, 'responses');
    for (const status of ['429', '503'])
      expect(at(responses, `Problem${status}`, 'headers')).toHaveProperty('Retry-After');
    expect(at(responses, 'Problem400').headers).toBeUndefined();
    expect(at(responses, 'Problem400', 'content')).toHaveProperty(['application/problem+json']);
    for (const endpoint of ENDPOINTS) {
      const statuses = Object.keys(at(doc.paths, `/${endpoint}/{customerId}`, 'get', 'responses'));
      expect(statuses).toEqual(['200', '400', '401', '403', '404', '414', '429', '500', '503']);
    }
  });

  it("follows a deployment's own catalogue: its names in, names it lacks out", () => {
    const mine = extendCatalogue(DEFAULT_CATALOGUE, {
      metrics: { ad_impressions: { unit: 'count', level: 'group', description: 'Ads shown.' } },
      dimensions: { store: { description: 'Store id.', endpoints: ['metricquery'] } },
    });
    const d = openApiDocument(mine);
    const p = (at(d.paths, '/metricquery/{customerId}', 'get').parameters as unknown as Obj[]).find(
      (x) => x.name === 'aggby',
    )!;
    expect(at(p, 'schema', 'items').enum).toContain('store');
    expect(at(d.components, 'schemas', 'MetricqueryRecord', 'properties', 'ad_impressions')).toEqual({
      type: 'number',
      description: 'Unit: a count. Ads shown.',
    });
    expect(at(d.components, 'schemas', 'SessionRecord', 'properties').store).toBeUndefined();
    expect(at(doc.components, 'schemas', 'MetricqueryRecord', 'properties').ad_impressions).toBeUndefined();
  });
});
