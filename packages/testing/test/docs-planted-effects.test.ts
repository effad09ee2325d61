// The planted-effect example of docs/testing.md, kept here so that it is known to run; the test
// below the example checks that the page shows exactly this code.
import { readFileSync } from 'node:fs';
// test/buffering-alert.test.ts
import { metricQuery } from '@playq/query';
import { createTestService, type TestService } from '@playq/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The code under test: an alert naming the CDN and country that buffer most, well above the rest.
function bufferingAlert(rows: readonly { cdn: string; country: string; bufferingratio: number }[]) {
  const [worst, next] = [...rows].sort((a, b) => b.bufferingratio - a.bufferingratio);
  if (!worst || !next || worst.bufferingratio < 2 * next.bufferingratio) return undefined;
  return `${worst.cdn} in ${worst.country}: ${worst.bufferingratio.toFixed(1)}% buffering`;
}

const options = { seed: 3, sessions: 20_000 };
const slowBR = { where: '[cdn=akamai][country=BR]', metric: 'bufferingratio', factor: 5 } as const;
let plain: TestService;
let planted: TestService;
beforeAll(async () => {
  plain = await createTestService(options);
  planted = await createTestService({ ...options, effects: [slowBR] });
});
afterAll(async () => {
  await plain.close();
  await planted.close();
});

const byCell = (t: TestService) =>
  t.client.all(metricQuery('demo').period(t.period).metrics('bufferingratio').aggBy('cdn', 'country'));
const cell = (rows: Awaited<ReturnType<typeof byCell>>, cdn: string, country: string) =>
  rows.find((r) => r.cdn === cdn && r.country === country)?.bufferingratio ?? Number.NaN;

it('plants five times the buffering in akamai/BR, and nowhere else', async () => {
  const [before, after] = await Promise.all([byCell(plain), byCell(planted)]);
  expect(cell(after, 'akamai', 'BR')).toBeCloseTo(5 * cell(before, 'akamai', 'BR'), 1);
  expect(after.filter((r) => !(r.cdn === 'akamai' && r.country === 'BR'))).toEqual(
    before.filter((r) => !(r.cdn === 'akamai' && r.country === 'BR')),
  );
});

it('raises the alert on the planted cell, and none without it', async () => {
  expect(bufferingAlert(await byCell(planted))).toMatch(/^akamai in BR: /);
  expect(bufferingAlert(await byCell(plain))).toBeUndefined();
});
// (end of the example)

it('is the example docs/testing.md shows under "Planted effects"', () => {
  const here = readFileSync(new URL(import.meta.url), 'utf8');
  const example = here.slice(
    here.indexOf('// test/buffering-alert'),
    here.indexOf('// (end of the example)'),
  );
  const page = readFileSync(new URL('../../../docs/testing.md', import.meta.url), 'utf8');
  const section = page.slice(page.indexOf('### Planted effects'));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  expect(block).toBe(example);
});
