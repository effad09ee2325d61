// Every answer of a contract-suite run against the reference service, over its real HTTP listener
// on 127.0.0.1, validates against the OpenAPI document the service serves (Ajv, JSON Schema
// 2020-12); variants that break the document's promises (a metric as a string, an envelope without
// `totalrecords`, a problem without `code`) fail it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractOptions, checkContract } from '../src/index';
import { createTestService, type TestService } from '../src/service/test-service';
import { type Exchange, recording, responseJudge } from './support/openapi-responses';

type Transport = (request: Request) => Promise<Response>;

let t: TestService;
let baseUrl: string;
let planUrl: string;
let judge: ReturnType<typeof responseJudge>;
beforeAll(async () => {
  t = await createTestService({ seed: 3, sessions: 20_000 });
  ({ baseUrl, planUrl } = await t.service.listen({ port: 0 }));
  const served = await fetch(`${baseUrl}/openapi.json`);
  judge = responseJudge((await served.json()) as Record<string, unknown>);
}, 60_000);
afterAll(() => t?.close());

const options = (fetch: Transport): ContractOptions => ({
  baseUrl,
  planUrl,
  customerId: 'demo',
  apiKey: 'demo-key',
  clientCredentials: { clientId: 'demo', clientSecret: 'demo-secret' },
  otherCustomer: { customerId: 'other', apiKey: 'other-key' },
  fetch,
  requestsPerSecond: Number.POSITIVE_INFINITY,
  period: { start: t.period.end - 7 * 86_400, end: t.period.end },
  strict: true,
});

const overHttp: Transport = (request) => fetch(request);

/** The answers of a contract run through a transport, judged by the document. */
async function run(transport: Transport, only?: readonly string[]) {
  const exchanges: Exchange[] = [];
  await checkContract({ ...options(recording(transport, exchanges)), ...(only ? { only: [...only] } : {}) });
  return { exchanges, verdict: judge(exchanges) };
}

/** A variant of the service whose JSON answers are rewritten by `change` (null: left alone). */
function broken(change: (body: Record<string, unknown>, status: number) => boolean): Transport {
  return async (request) => {
    const response = await fetch(request);
    const text = await response.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return new Response(text, response);
    }
    const changed = change(body, response.status);
    return new Response(changed ? JSON.stringify(body) : text, response);
  };
}

describe('the contract suite against the reference service, judged by its OpenAPI document', () => {
  it('gets only answers the document describes and accepts', async () => {
    const { exchanges, verdict } = await run(overHttp);
    expect(verdict.problems).toEqual([]);
    expect(verdict.judged).toBeGreaterThan(50);
    // Every operation is met: both query endpoints, token issuing and the plan lookup.
    const paths = new Set(exchanges.map((x) => new URL(x.url).pathname.split('/').slice(-2)[0]));
    for (const p of ['metricquery', 'session', 'oauth', 'planLevelByCustId']) expect(paths).toContain(p);
    // Methods the document leaves out (HEAD, OPTIONS, POST on a query) are all that is not judged.
    for (const line of verdict.undescribed) expect(line).toMatch(/^(HEAD|OPTIONS|POST|PUT|DELETE|PATCH) /);
    const statuses = new Set(exchanges.map((x) => x.status));
    for (const s of [200, 400, 401, 403]) expect(statuses).toContain(s);
  }, 90_000);

  it('refuses a metric answered as a string', async () => {
    const variant = broken((body, status) => {
      const record = (body.response as Record<string, unknown>[] | undefined)?.[0];
      const name =
        record && Object.keys(record).find((k) => typeof record[k] === 'number' && k !== 'timestamp');
      if (status !== 200 || name === undefined) return false;
      record![name] = String(record![name]);
      return true;
    });
    const { verdict } = await run(variant, ['envelope.metricquery.breakdown']);
    expect(verdict.problems.join('\n')).toMatch(/response\/0\/\w+ must be number/);
  }, 60_000);

  it('refuses an envelope without totalrecords', async () => {
    const variant = broken((body, status) => status === 200 && delete body.totalrecords);
    const { verdict } = await run(variant, ['envelope.metricquery.totals']);
    expect(verdict.problems.join('\n')).toMatch(/must have required property 'totalrecords'/);
  }, 60_000);

  it('refuses a problem without code', async () => {
    const variant = broken((body, status) => status >= 400 && delete body.code);
    const { verdict } = await run(variant, ['errors.unknown-metric', 'auth.metricquery.missing-key']);
    const lines = verdict.problems.filter((p) => /must have required property 'code'/.test(p));
    expect(lines.map((l) => l.split(' ').at(2))).toEqual(expect.arrayContaining(['400:', '401:']));
  }, 60_000);
});
