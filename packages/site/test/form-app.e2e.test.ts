// The form page in real Chromium against the reference service on 127.0.0.1: a misspelled filter
// shows playq's did-you-mean under the field; once fixed, the table shows what the client fetches
// for the same query. Screenshots go to test-artifacts/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiKeyAuth, createClient } from '@playq/client';
import { metricQuery } from '@playq/query';
import { createService, type Service } from '@playq/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, hasBrowser, launchChromium } from './chromium';
import { buildFormApp } from './form-app/build-form-app';
import { serveStatic } from './serve-static';

const artifacts = join(fileURLToPath(new URL('..', import.meta.url)), 'test-artifacts');
const END = Math.floor(Date.now() / 3_600_000) * 3600;

let service: Service;
let baseUrl: string;
let web: Awaited<ReturnType<typeof serveStatic>>;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  if (!hasBrowser) return;
  dir = mkdtempSync(join(tmpdir(), 'playq-form-app-'));
  await buildFormApp(dir);
  service = await createService({ data: { generate: { sessions: 3000, seed: 5 } }, rateLimit: false });
  baseUrl = (await service.listen({ port: 0, host: '127.0.0.1' })).baseUrl;
  web = await serveStatic(dir);
  mkdirSync(artifacts, { recursive: true });
  browser = await launchChromium({ width: 900, height: 700 });
});

afterAll(async () => {
  await browser?.close();
  await web?.close();
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasBrowser)('a React form with playq validation and TanStack Query, in Chromium', () => {
  const shot = (name: string) =>
    browser.page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });

  it('shows the did-you-mean under the field while a dimension is misspelled', async () => {
    const { page } = browser;
    await page.goto(`${web.url}/?service=${encodeURIComponent(baseUrl)}&end=${END}`);
    await page.getByLabel('Filter').pressSequentially('[contry=US]', { delay: 15 });
    const error = page.getByTestId('filter-error');
    await expect
      .poll(() => error.textContent(), { timeout: 5000 })
      .toBe('filter: Unknown dimension "contry"; did you mean "country"?');
    await page.getByRole('button', { name: 'Run' }).click();
    expect(await page.getByTestId('results').count()).toBe(0);
    await shot('form-app-1-did-you-mean');
  });

  it('once fixed, clears the message and shows the table the client fetches for that query', async () => {
    const { page } = browser;
    await page.getByLabel('Filter').fill('[country=US|FR]');
    await expect.poll(() => page.getByTestId('filter-error').textContent()).toBe('');
    await page.getByRole('button', { name: 'Run' }).click();
    const rows = page.locator('[data-testid=results] tbody tr');
    await rows.first().waitFor({ timeout: 10_000 });
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.children].map((td) => td.textContent)),
    );
    const client = createClient({ baseUrl, auth: apiKeyAuth('demo-key') });
    const query = metricQuery('demo')
      .between(END - 30 * 86_400, END)
      .metrics('viewercount')
      .aggBy('country')
      .limit(10)
      .where('country', ['US', 'FR']);
    const { records } = await client.run(query);
    expect(records.length).toBeGreaterThan(0);
    expect(shown).toEqual(records.map((r) => [r.country, String(r.viewercount)]));
    await shot('form-app-2-table');
  });
});
