// `GET {base}/openapi.json` over 127.0.0.1: the service's own description, its server the base URL
// it listens under, answered without a credential; other methods refused like other routes.
import { DEFAULT_CATALOGUE } from '@playq/query';
import { openApiDocument } from '@playq/query/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type ListenInfo, type Service } from '../src/index';

let service: Service;
let info: ListenInfo;
beforeAll(async () => {
  service = await createService({ data: { generate: { sessions: 100, seed: 1 } } });
  info = await service.listen({ port: 0 });
}, 60_000);
afterAll(() => service?.close());

describe('the OpenAPI route', () => {
  it('answers the document of its catalogue, its servers the base URL, without a credential', async () => {
    const res = await fetch(`${info.baseUrl}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await res.json()) as ReturnType<typeof openApiDocument>;
    expect(doc.servers[0]!.url).toBe(info.baseUrl);
    const origin = new URL(info.baseUrl).origin;
    expect(doc).toEqual(
      openApiDocument(DEFAULT_CATALOGUE, { baseUrl: info.baseUrl, planUrl: `${origin}${service.planPath}` }),
    );
    // The plan host it names answers there.
    const plan = (doc.paths as Record<string, { servers: { url: string }[] }>)[
      '/planLevelByCustId/{customerId}'
    ]!;
    const lookup = await fetch(`${plan.servers[0]!.url}/planLevelByCustId/demo`);
    expect(await lookup.json()).toEqual({ customerId: 'demo', planLevel: '2' });
  });

  it('answers HEAD, and refuses other methods with a problem', async () => {
    const head = await fetch(`${info.baseUrl}/openapi.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await fetch(`${info.baseUrl}/openapi.json`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(((await post.json()) as { code: string }).code).toBe('method_not_allowed');
  });

  it('names the host a request came to, in process too', async () => {
    const res = await service.fetch(new Request(`http://qoe.example.net${service.basePath}/openapi.json`));
    const doc = (await res.json()) as ReturnType<typeof openApiDocument>;
    expect(doc.servers[0]!.url).toBe(`http://qoe.example.net${service.basePath}`);
  });

  it('names the configured public URL whatever Host a request sends', async () => {
    const behind = await createService({
      data: { generate: { sessions: 100, seed: 1 } },
      publicUrl: 'https://analytics.example/api/v1/',
    });
    try {
      const forged = new Request(`http://attacker.example${behind.basePath}/openapi.json`, {
        headers: { host: 'attacker.example' },
      });
      const doc = (await (await behind.fetch(forged)).json()) as ReturnType<typeof openApiDocument>;
      expect(doc.servers[0]!.url).toBe('https://analytics.example/api/v1');
      expect(JSON.stringify(doc)).not.toContain('attacker.example');
    } finally {
      await behind.close();
    }
    await expect(createService({ publicUrl: 'analytics.example' })).rejects.toThrow(
      'publicUrl must be an absolute http(s) URL',
    );
  });
});
