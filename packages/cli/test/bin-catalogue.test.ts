// `--catalogue <file.json>` and `playq catalogue` through the built binary: a deployment's extra
// names work in validate, url and explain, bad files are usage errors, and the new parameters'
// flags become builder calls that print canonical URLs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CATALOGUE } from '@playq/query';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCli, tempDir } from './helpers';

const BASE = 'http://127.0.0.1:9/api/v1';
const dir = tempDir();
const names = join(dir, 'names.json');
writeFileSync(
  names,
  JSON.stringify({
    metrics: {
      ad_impressions: { unit: 'count', level: 'group', description: 'Ads shown.' },
      ad_wait: { unit: 'seconds', level: 'session', description: 'Wait before an ad.', better: 'lower' },
    },
    dimensions: { campaign: { description: 'Ad campaign.' } },
  }),
);
const period = ['--period', 'start=0,end=3600'];
/** A metric of a team's own, defined by its expression (the JSON form of `expr`'s tree). */
const own = join(dir, 'own.json');
writeFileSync(
  own,
  JSON.stringify({
    metrics: {
      rebuffered_sessions: {
        unit: 'count',
        level: 'group',
        expression: {
          rows: 'sessions',
          value: {
            op: 'count',
            where: { op: 'compare', of: { op: 'column', name: 'rebuffer_ms' }, operator: '>', value: 0 },
          },
        },
      },
    },
  }),
);

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

describe.concurrent('a metric defined by its expression', () => {
  it('is listed by playq catalogue with the definition derived from it', async () => {
    const r = await runCli(['catalogue', '--catalogue', own]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/rebuffered_sessions\s+group, count\s+Sessions with rebuffering time > 0\./);
  });

  it('is refused with exit 2 naming the metric and the part when it mixes sessions and error events', async () => {
    const bad = join(dir, 'bad-expression.json');
    writeFileSync(
      bad,
      JSON.stringify({
        metrics: {
          slow: {
            unit: 'count',
            level: 'group',
            expression: { rows: 'errors', value: { op: 'sum', of: { op: 'column', name: 'watch_ms' } } },
          },
        },
      }),
    );
    const r = await runCli(['catalogue', '--catalogue', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'metric "slow": value.of: mixes levels: "watch_ms" is a column of sessions, the metric is over error events.',
    );
  });
});

describe('playq serve --catalogue', () => {
  const serve = startCli(
    ['serve', '--port', '0', '--sessions', '2000', '--seed', '5', '--days', '7', '--catalogue', own],
    { timeoutMs: 120_000 },
  );
  afterAll(() => {
    if (serve.child.exitCode === null) serve.child.kill('SIGKILL');
  });

  it('answers the metric of the file and describes it in its OpenAPI document', async () => {
    const [, baseUrl] = await serve.waitFor(/base URL\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/, 60_000);
    const end = Math.ceil(Date.now() / 86_400_000) * 86_400;
    const query = (metrics: string, extra = '') =>
      fetch(
        `${baseUrl}/metricquery/demo?period=start%3D${end - 30 * 86_400}%2Cend%3D${end}&metrics=${metrics}${extra}`,
        {
          headers: { 'X-API-Key': 'demo-key' },
        },
      ).then((res) => res.json() as Promise<{ response: Record<string, number>[] }>);
    const [mine] = (await query('rebuffered_sessions')).response;
    // The same sessions, counted as those whose own buffering ratio is above 0.
    const [oracle] = (await query('attempts', '&qoefilter=bufferingratio%3E0')).response;
    expect(mine!.rebuffered_sessions).toBeGreaterThan(0);
    expect(mine!.rebuffered_sessions).toBe(oracle!.attempts);
    const doc = await (await fetch(`${baseUrl}/openapi.json`)).text();
    expect(doc).toContain('Sessions with rebuffering time > 0.');
  }, 90_000);
});

describe.concurrent('playq catalogue', () => {
  it('lists every metric with level and unit, and every dimension', async () => {
    const r = await runCli(['catalogue']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /p95_latency\s+group, seconds, lower is better, not with concurrency=1\s+95th percentile/,
    );
    expect(r.stdout).toMatch(
      /avg_qualityofexperience\s+group, score, higher is better, not with concurrency=1\s+Mean/,
    );
    expect(r.stdout).toMatch(/attempts\s+group, count\s+Play attempts/);
    expect(r.stdout).toMatch(/category\s+with errors, fatalerrors only; also in session metrics/);
  });

  it('prints JSON, with the file names added', async () => {
    const r = await runCli(['catalogue', '--json', '--catalogue', names]);
    const json = JSON.parse(r.stdout);
    expect(json.metrics).toHaveLength(DEFAULT_CATALOGUE.metricNames.length + 2);
    expect(json.metrics.find((m: { name: string }) => m.name === 'bufferingratio').better).toBe('lower');
    expect(json.metrics.at(-1)).toEqual({
      name: 'ad_wait',
      unit: 'seconds',
      level: 'session',
      endpoints: ['metricquery', 'session'],
      concurrency: true,
      better: 'lower',
      description: 'Wait before an ad.',
    });
    expect(json.metrics.at(-2)).toEqual({
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
      'error[unsupported_with_concurrency]: The metric "p95_latency" cannot be computed with concurrency=1',
    );
    expect(r.stderr).toContain(
      ' --> metrics, line 1, column 10\n  |\n1 | attempts,p95_latency\n  |          ^^^^^^^^^^^',
    );
  });
});
