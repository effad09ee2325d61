// `--catalogue <file.json>` and `playq catalogue` through the built binary: a deployment's extra
// names work in validate, url and explain, bad files are usage errors, and the new parameters'
// flags become builder calls that print canonical URLs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CATALOGUE } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers';

const BASE = 'http://127.0.0.1:9/api/v1';
const dir = tempDir();
const names = join(dir, 'names.json');
writeFileSync(
  names,
  JSON.stringify({
    metrics: { ad_impressions: { unit: 'count', level: 'group', description: 'Ads shown.' } },
    dimensions: { campaign: { description: 'Ad campaign.' } },
  }),
);
const period = ['--period', 'start=0,end=3600'];

describe.concurrent('--catalogue', () => {
  it('lets validate accept a user metric and dimension, and still suggests names', async () => {
    expect(await runCli(['validate', 'qoefilter', 'ad_impressions>5', '--catalogue', names])).toMatchObject({
      code: 0,
      stdout: 'ad_impressions>5\n',
    });
    expect((await runCli(['validate', 'qoefilter', 'ad_impressions>5'])).code).toBe(1);
    const typo = await runCli(['validate', 'filter', '[campain=x]', '--catalogue', names]);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('Unknown dimension "campain"; did you mean "campaign"?');
  });

  it('lets url and explain build and read queries with the extra names', async () => {
    const args = [
      'url',
      'metricquery',
      'demo',
      ...period,
      '--metrics',
      'ad_impressions',
      '--aggby',
      'campaign',
    ];
    const r = await runCli([...args, '--catalogue', names], { env: { PLAYQ_BASE_URL: BASE } });
    expect(r).toMatchObject({
      code: 0,
      stdout: `${BASE}/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=ad_impressions&aggby=campaign\n`,
    });
    const without = await runCli(args, { env: { PLAYQ_BASE_URL: BASE } });
    expect(without.code).toBe(1);
    expect(without.stderr).toContain('Unknown metric "ad_impressions"');
    const explained = await runCli(['explain', r.stdout.trim(), '--catalogue', names, '--json']);
    expect(explained.code).toBe(0);
    expect(JSON.parse(explained.stdout).query.metrics).toEqual(['ad_impressions']);
  });

  it('refuses a missing, malformed or conflicting file with exit 2 and the reason', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ metrics: { Revenue: { unit: 'euros' } } }));
    const clash = join(dir, 'clash.json');
    writeFileSync(
      clash,
      JSON.stringify({ metrics: { latency: { unit: 'seconds', level: 'session', description: 'x' } } }),
    );
    const missing = await runCli(['catalogue', '--catalogue', join(dir, 'nope.json')]);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toContain('no such file');
    const malformed = await runCli(['catalogue', '--catalogue', bad]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('metric "Revenue": a name is a lower-case identifier');
    expect(malformed.stderr).toContain('unit is one of');
    const conflicting = await runCli(['catalogue', '--catalogue', clash]);
    expect(conflicting.code).toBe(2);
    expect(conflicting.stderr).toContain('already defines latency');
  });
});

describe.concurrent('playq catalogue', () => {
  it('lists every metric with level and unit, and every dimension', async () => {
    const r = await runCli(['catalogue']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/p95_latency\s+group, seconds, not with concurrency=1\s+95th percentile/);
    expect(r.stdout).toMatch(/category\s+with errors, fatalerrors only; also in session metrics/);
  });

  it('prints JSON, with the file names added', async () => {
    const r = await runCli(['catalogue', '--json', '--catalogue', names]);
    const json = JSON.parse(r.stdout);
    expect(json.metrics).toHaveLength(DEFAULT_CATALOGUE.metricNames.length + 1);
    expect(json.metrics.at(-1)).toEqual({
      name: 'ad_impressions',
      unit: 'count',
      level: 'group',
      endpoints: ['metricquery', 'session'],
      concurrency: true,
      description: 'Ads shown.',
    });
    expect(json.dimensions.find((d: { name: string }) => d.name === 'key').combinesWith).toEqual([
      'errors',
      'fatalerrors',
    ]);
  });
});

describe.concurrent('the new parameters on url', () => {
  it('become builder calls, written in canonical order', async () => {
    const r = await runCli(
      [
        'url',
        'metricquery',
        'demo',
        ...period,
        '--metrics',
        'attempts',
        '--aggby',
        'timestamp',
        '--granularity',
        '5minute',
        '--businesserror',
        '--concurrency-mode',
        '--allstatus',
        '--sessiontype',
        'started',
      ],
      { env: { PLAYQ_BASE_URL: BASE } },
    );
    expect(r).toMatchObject({
      code: 0,
      stdout:
        `${BASE}/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=attempts&aggby=timestamp&granularity=5minute` +
        '&sessiontype=started&allstatus=1&concurrency=1&businesserror=true\n',
    });
  });

  it('report unsupported_with_concurrency with the position in metrics', async () => {
    const r = await runCli(
      ['url', 'metricquery', 'demo', ...period, '--metrics', 'attempts,p95_latency', '--concurrency-mode'],
      {
        env: { PLAYQ_BASE_URL: BASE },
      },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error[unsupported_with_concurrency] (metrics): The metric "p95_latency" cannot be computed with concurrency=1',
    );
  });
});
