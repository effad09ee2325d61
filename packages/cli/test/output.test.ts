import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { metricQuery } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { resolveCredentials, resolvePlanUrl } from '../src/connection';
import { createColors } from '../src/format/colors';
import { openExportFile } from '../src/output/export-file';
import { seriesFiller } from '../src/output/fill-series';
import { createRecordWriter, type Format, formatForFile } from '../src/output/record-writer';
import { tempDir } from './helpers';

async function render(
  format: Format,
  pages: Record<string, unknown>[][],
  summary = { totalrecords: 3, pagecount: 2 },
) {
  let text = '';
  const writer = createRecordWriter({
    format,
    write: (t) => {
      text += t;
    },
    colors: createColors(false),
  });
  for (const page of pages) await writer.add(page);
  await writer.end(summary);
  return { text, count: writer.count };
}

const pages = [
  [
    { errors: 3, country: 'US' },
    { errors: 2, country: 'FR, the' },
  ],
  [{ errors: 1, country: 'DE' }],
];

describe('record writer', () => {
  it('writes csv with one header across pages', async () => {
    const { text, count } = await render('csv', pages);
    expect(text).toBe('country,errors\r\nUS,3\r\n"FR, the",2\r\nDE,1\r\n');
    expect(count).toBe(3);
  });

  it('writes ndjson line by line and the json envelope once', async () => {
    expect((await render('ndjson', pages)).text).toBe(
      '{"errors":3,"country":"US"}\n{"errors":2,"country":"FR, the"}\n{"errors":1,"country":"DE"}\n',
    );
    expect(JSON.parse((await render('json', pages)).text)).toEqual({
      totalcount: 3,
      pagecount: 2,
      totalrecords: 3,
      response: pages.flat(),
    });
  });

  it('refuses a record with a field the csv header lacks rather than dropping it', async () => {
    await expect(render('csv', [[{ a: 1 }], [{ a: 2, b: 3 }]])).rejects.toThrow(/field "b"/);
  });

  it('adds a chart under a time-series table only when asked', async () => {
    const series = [0, 1, 2, 3].map((i) => ({ timestamp: i * 3600, errors: i }));
    let text = '';
    const w = createRecordWriter({
      format: 'table',
      write: (t) => {
        text += t;
      },
      colors: createColors(false),
      chart: { metrics: ['errors'], width: 40 },
    });
    await w.add(series);
    await w.end({ totalrecords: 4, pagecount: 1 });
    expect(text).toContain('errors  ▁▃▆█  min 0  max 3');
    expect(text).toContain('1970-01-01 00:00 … 1970-01-01 03:00 UTC');
  });

  it('fills empty buckets for the chart only, when the whole series is there', async () => {
    const query = metricQuery('demo')
      .between(0, 4 * 3600)
      .metrics('errors')
      .timeseries('hour')
      .toQuery();
    const sparse = [
      { timestamp: 0, errors: 4 },
      { timestamp: 3 * 3600, errors: 8 },
    ];
    const draw = async (summary: { totalrecords: number; pagecount: number }) => {
      let text = '';
      const w = createRecordWriter({
        format: 'table',
        write: (t) => {
          text += t;
        },
        colors: createColors(false),
        chart: { metrics: ['errors'], width: 40, fill: seriesFiller(query) },
      });
      await w.add(sparse);
      await w.end(summary);
      return text;
    };
    const filled = await draw({ totalrecords: 2, pagecount: 1 });
    expect(filled).toContain('errors  ▅▁▁█  min 0  max 8');
    expect(filled.match(/\n\d{4}-/g)).toHaveLength(2);
    // Only part of the result arrived: no filling, the chart shows what is there.
    expect(await draw({ totalrecords: 5, pagecount: 3 })).toContain('errors  ▁█  min 4  max 8');
    expect(
      seriesFiller(metricQuery('demo').between(0, 60).metrics('errors').aggBy('country').toQuery()),
    ).toBeUndefined();
  });

  it('tells the format from the file name', () => {
    expect(formatForFile('a/b.CSV')).toBe('csv');
    expect(formatForFile('x.jsonl')).toBe('ndjson');
    expect(formatForFile('x.json')).toBe('json');
    expect(formatForFile('x.xlsx')).toBeUndefined();
  });
});

describe('export file', () => {
  it('appears under its name only on commit', async () => {
    const dir = tempDir();
    const target = join(dir, 'out.csv');
    const file = await openExportFile(target);
    await file.write('a\r\n');
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir)).toEqual([file.tempPath.slice(dir.length + 1)]);
    await file.commit();
    await file.discard();
    expect(readFileSync(target, 'utf8')).toBe('a\r\n');
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });

  it('leaves an existing target untouched when discarded', async () => {
    const dir = tempDir();
    const target = join(dir, 'out.csv');
    writeFileSync(target, 'old');
    const file = await openExportFile(target);
    await file.write('new');
    await file.discard();
    await file.discard();
    expect(readFileSync(target, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['out.csv']);
    await expect(file.write('x')).rejects.toThrow(/closed/);
  });

  it('fails to open in a missing directory', async () => {
    await expect(openExportFile(join(tempDir(), 'no', 'such', 'x.csv'))).rejects.toThrow(/ENOENT/);
  });
});

describe('credentials', () => {
  const base = 'http://127.0.0.1:8080/api/v1';

  it('prefers flags to the environment', () => {
    expect(resolveCredentials('metricquery', { apiKey: 'flag' }, { PLAYQ_API_KEY: 'env' }, base)).toEqual({
      kind: 'apiKey',
      apiKey: 'flag',
    });
    expect(resolveCredentials('metricquery', {}, { PLAYQ_API_KEY: 'env' }, base)).toEqual({
      kind: 'apiKey',
      apiKey: 'env',
    });
  });

  it('uses client credentials over a token, with the default token URL', () => {
    expect(
      resolveCredentials(
        'session',
        {},
        { PLAYQ_CLIENT_ID: 'i', PLAYQ_CLIENT_SECRET: 's', PLAYQ_TOKEN: 't' },
        base,
      ),
    ).toEqual({
      kind: 'clientCredentials',
      clientId: 'i',
      clientSecret: 's',
      tokenUrl: `${base}/oauth/token`,
    });
    expect(resolveCredentials('session', {}, { PLAYQ_TOKEN: 't' }, base)).toEqual({
      kind: 'token',
      token: 't',
    });
  });

  it('names what is missing without echoing secrets', () => {
    expect(() => resolveCredentials('metricquery', {}, { PLAYQ_API_KEY: '' }, base)).toThrow(/PLAYQ_API_KEY/);
    expect(() => resolveCredentials('session', {}, { PLAYQ_CLIENT_SECRET: 'sekrit' }, base)).toThrow(
      /client id/,
    );
    try {
      resolveCredentials('session', {}, { PLAYQ_CLIENT_SECRET: 'sekrit' }, base);
    } catch (error) {
      expect((error as Error).message).not.toContain('sekrit');
    }
    expect(() => resolveCredentials('session', {}, {}, base)).toThrow(/bearer token/);
  });

  it('finds the plan host', () => {
    expect(resolvePlanUrl({}, {}, base)).toBe('http://127.0.0.1:8080/plans');
    expect(resolvePlanUrl({}, { PLAYQ_PLAN_URL: 'https://plans.example/' }, base)).toBe(
      'https://plans.example',
    );
    expect(resolvePlanUrl({ planUrl: 'http://p' }, {}, base)).toBe('http://p');
    expect(resolvePlanUrl({}, {}, 'https://api.example/v2')).toBeUndefined();
  });
});
