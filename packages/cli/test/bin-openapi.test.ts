// `playq openapi` through the built binary: the document of @playq/query/openapi for the default
// catalogue or a deployment's file, at the base and plan URLs given by flag or environment.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CATALOGUE, extendCatalogue } from '@playq/query';
import { openApiDocument } from '@playq/query/openapi';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers';

const dir = tempDir();
const extra = {
  metrics: { ad_impressions: { unit: 'count', level: 'group', description: 'Ads shown.' } },
  dimensions: { campaign: { description: 'Ad campaign.' } },
} as const;
const names = join(dir, 'names.json');
writeFileSync(names, JSON.stringify(extra));

describe.concurrent('playq openapi', () => {
  it("prints the document of a deployment's catalogue at its base URL", async () => {
    const base = 'https://qoe.example.net/api/v1';
    const r = await runCli(['openapi', '--catalogue', names, '--base-url', base]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual(
      openApiDocument(extendCatalogue(DEFAULT_CATALOGUE, extra), {
        baseUrl: base,
        planUrl: 'https://qoe.example.net/plans',
      }),
    );
  });

  it('takes PLAYQ_BASE_URL and PLAYQ_PLAN_URL, and defaults to the local service', async () => {
    const env = { PLAYQ_BASE_URL: 'https://a.example/api', PLAYQ_PLAN_URL: 'https://p.example/plans' };
    const fromEnv = JSON.parse((await runCli(['openapi'], { env })).stdout);
    expect(fromEnv).toEqual(
      openApiDocument(DEFAULT_CATALOGUE, { baseUrl: env.PLAYQ_BASE_URL, planUrl: env.PLAYQ_PLAN_URL }),
    );
    const plain = JSON.parse((await runCli(['openapi'])).stdout);
    expect(plain.servers[0].url).toBe('http://127.0.0.1:8080/api/v1');
  });

  it('refuses a bad base URL or catalogue file as a usage error', async () => {
    const badUrl = await runCli(['openapi', '--base-url', 'ftp://x']);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('--base-url');
    const missing = await runCli(['openapi', '--catalogue', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
    expect(missing.stdout).toBe('');
  });
});
