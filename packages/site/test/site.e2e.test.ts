// The built docs site in real Chromium (Debian's package, through playwright-core): the home page,
// the guide and the API reference, then the playground against the reference service on
// 127.0.0.1. Each step saves a screenshot in test-artifacts/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiKeyAuth, clientCredentials, createClient } from '@playq/client';
import { drillDown, fromQuery, fromURL, metricQuery, outsideTheData, toURL } from '@playq/query';
import { createService, type Service } from '@playq/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spanText } from '../src/playground/data-defaults';
import { SESSION_PAGE } from '../src/playground/drill-view';
import { whyQuery } from '../src/playground/why-query';
import { type Browser, hasBrowser, launchChromium } from './chromium';
import { serveStatic } from './serve-static';

const site = fileURLToPath(new URL('..', import.meta.url));
const artifacts = join(site, 'test-artifacts');

let service: Service;
let baseUrl: string;
let web: Awaited<ReturnType<typeof serveStatic>>;
let page: Page;
let browser: Browser;
let buildLog = '';

const shot = (name: string) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
const editor = (kind: 'filter' | 'qoefilter') => page.locator(`[data-testid=${kind}] .cm-content`);

beforeAll(async () => {
  if (!hasBrowser) return;
  buildLog = execFileSync('pnpm', ['run', 'docs:build'], {
    cwd: site,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  service = await createService({ data: { generate: { sessions: 3000, seed: 7 } }, rateLimit: false });
  baseUrl = (await service.listen({ port: 0, host: '127.0.0.1' })).baseUrl;
  web = await serveStatic(join(site, '.vitepress', 'dist'));
  mkdirSync(artifacts, { recursive: true });
  browser = await launchChromium({ width: 1100, height: 1000 });
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await web?.close();
  await service?.close();
});

describe.skipIf(!hasBrowser)('the site in Chromium', () => {
  const sidebar = () => page.locator('.VPSidebar .VPSidebarItem.level-1 .text').allTextContents();

  it('builds without warnings about code block languages', () => {
    expect(buildLog).toContain('build complete');
    expect(buildLog).not.toMatch(/is not loaded/);
  });

  it('shows on the home page three examples, each with what it prints', async () => {
    await page.goto(`${web.url}/`);
    const sections = page.locator('.playq-home h2');
    await expect
      .poll(() => sections.allTextContents())
      .toEqual([
        expect.stringContaining('Compose a query'),
        expect.stringContaining('what is wrong'),
        expect.stringContaining('Test against the real thing'),
      ]);
    const text = await page.locator('.playq-home').textContent();
    expect(text).toContain('metricQuery(');
    expect(text).toContain('error[empty_value]');
    expect(text).toContain('createTestService(');
    await shot('home');
  });

  it('opens the guide at /guide/ on getting started, the pages in the order a user needs', async () => {
    const res = await page.goto(`${web.url}/guide/`);
    expect(res?.status()).toBe(200);
    await expect(page.locator('.vp-doc h1').first().textContent()).resolves.toContain('Getting started');
    expect(await sidebar()).toEqual([
      'Getting started',
      'Compose queries',
      'Validate user input',
      'Run queries',
      'Test your integration',
      'The command line',
      'Editor support',
      'The reference service',
      'The catalogue',
      'Decisions',
    ]);
    await shot('guide');
  });

  it('lists every public package by name in the API reference, with no source folders', async () => {
    await page.goto(`${web.url}/api/`);
    await expect(page.locator('.vp-doc h1').first().textContent()).resolves.toContain('API reference');
    const modules = await page.locator('.vp-doc table td:first-child a').allTextContents();
    for (const pkg of ['grammar', 'query', 'client', 'server', 'testing', 'cli', 'codemirror'])
      expect(modules).toContain(`@playq/${pkg}`);
    expect(modules.filter((m) => /src|monorepo/.test(m))).toEqual([]);
    expect(await page.locator('.VPDocFooter .pager-link.next .title').textContent()).toMatch(/^@playq\//);
    expect(await page.content()).not.toContain('playq-monorepo');
    await shot('api-reference');
  });

  it('gives each entry point a page with a runnable example and its members, each link landing', async () => {
    const pages = [
      ['query/variables/metricQuery', 'Methods of the builder', 'aggBy()'],
      ['query/variables/sessionQuery', 'Methods of the builder', 'planLevel()'],
      ['query/variables/sessionList', 'Methods of the builder', 'where()'],
      ['client/functions/createClient', 'Methods of the client', 'insights()'],
      ['testing/functions/createTestService', 'What the test service holds', 'clientFor()'],
      ['testing/functions/checkContract', 'Options', 'otherCustomer?'],
      ['codemirror/functions/playq', 'Options', 'values?'],
    ] as const;
    for (const [path, table, member] of pages) {
      await page.goto(`${web.url}/api/@playq/${path}`);
      const headings = await page.locator('.vp-doc h2').allTextContents();
      expect(headings.map((h) => h.replace(/\u200b|#/g, '').trim())).toEqual(
        expect.arrayContaining(['Example', table]),
      );
      expect(await page.locator('.vp-doc pre code').first().textContent()).toMatch(
        /import \{[^}]+\} from '@playq\//,
      );
      const rows = page.locator('.vp-doc table tbody tr');
      expect(await rows.count()).toBeGreaterThan(1);
      for (const summary of await page.locator('.vp-doc table tbody tr td:nth-child(2)').allTextContents())
        expect(summary.trim()).not.toBe('');
      await page.locator('.vp-doc table a', { hasText: member }).click();
      await page.waitForURL(/#/);
      const target = decodeURIComponent(new URL(page.url()).hash.slice(1));
      // The client router changes the URL first, then renders the page holding the anchor.
      await expect.poll(() => page.locator(`.vp-doc h3[id="${target}"]`).count(), { timeout: 5000 }).toBe(1);
    }
    await page.goto(`${web.url}/api/@playq/query/variables/metricQuery`);
    await shot('api-metric-query');
  });

  it('links "Defined in" to the repository, has a favicon, and tells shared titles apart', async () => {
    await page.goto(`${web.url}/api/@playq/client/functions/createClient`);
    const defined = page.locator('.vp-doc p', { hasText: 'Defined in:' }).locator('a');
    expect(await defined.first().getAttribute('href')).toMatch(
      /^https:\/\/github\.com\/playq\/playq\/blob\/main\/packages\/client\/src\/client\.ts#L\d+$/,
    );
    const icon = await page.locator('link[rel=icon]').getAttribute('href');
    const res = await page.request.get(new URL(icon!, web.url).href);
    expect([res.status(), res.headers()['content-type']]).toEqual([200, expect.stringContaining('svg')]);
    await page.goto(`${web.url}/api/@playq/query/builder/variables/sessionList`);
    expect(await page.locator('.vp-doc h1').first().textContent()).toContain(
      'Variable: sessionList (@playq/query/builder)',
    );
  });

  it('renders the HTTP API reference (Redoc) from the OpenAPI document with the network cut off', async () => {
    // Anything bound off the site is refused and noted: the page must need none of it.
    const away: string[] = [];
    const logged: string[] = [];
    const onConsole = (m: { type(): string; text(): string }) => {
      if (m.type() === 'error' || m.type() === 'warning') logged.push(m.text());
    };
    page.on('console', onConsole);
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(web.url)) return route.continue();
      away.push(url);
      return route.abort();
    });
    try {
      await page.goto(`${web.url}/http-api`);
      const headings = page.locator('#playq-http-api h2');
      await headings.first().waitFor();
      const titles = (await headings.allTextContents()).map((t) => t.trim());
      expect(titles).toEqual(
        expect.arrayContaining(['Query metrics', 'Issue a bearer token', 'Look up a plan level']),
      );
      const text = await page.locator('#playq-http-api').textContent();
      expect(text).toContain('/metricquery/{customerId}');
      expect(text).toContain('The period, start=<epoch_s>,end=<epoch_s>.');
      expect(away).toEqual([]);
      expect(logged).toEqual([]);
      await shot('http-api');
    } finally {
      page.off('console', onConsole);
      await page.unroute('**/*');
    }
  });
});

describe.skipIf(!hasBrowser)('playground in Chromium', () => {
  it('renders, and says how long the first render took', async () => {
    await page.goto(`${web.url}/playground?service=${encodeURIComponent(baseUrl)}`);
    const root = page.locator('#playq-playground[data-ready]');
    await root.waitFor();
    const ready = Number(await root.getAttribute('data-ready'));
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd };
    });
    const figures = { playgroundReadyMs: ready, ...nav, date: new Date().toISOString() };
    const out = join(site, '..', '..', 'bench', 'results', 'site-playground.json');
    writeFileSync(
      out,
      `${JSON.stringify({ what: 'playground first render in Chromium, ms after navigation start', target: 'playgroundReadyMs < 2000', ...figures }, null, 2)}\n`,
    );
    console.log(`playground ready ${ready} ms after navigation start`);
    await expect(page.locator('[data-testid=url]').textContent()).resolves.toContain('/metricquery/demo?');
    await shot('1-first-render');
  });

  it('typing [contry=US marks "contry" with the did-you-mean hint', async () => {
    await editor('filter').click();
    await page.keyboard.type('[contry=US', { delay: 20 });
    const marks = page.locator('[data-testid=filter] .cm-lintRange-error');
    await expect.poll(() => marks.allTextContents(), { timeout: 5000 }).toContain('contry');
    await page.locator('[data-testid=filter] .cm-lintRange-error', { hasText: 'contry' }).hover();
    const tooltip = page.locator('.cm-tooltip-lint');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain('did you mean "country"');
    await shot('2-lint-did-you-mean');
  });

  it('typing [cou and accepting the first completion gives [country=, then lists its values', async () => {
    await editor('filter').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('[cou', { delay: 30 });
    const options = page.locator('.cm-tooltip-autocomplete li');
    await expect.poll(() => options.first().textContent(), { timeout: 5000 }).toContain('country');
    await shot('3-dimension-completion');
    // CodeMirror ignores Enter for a moment after the list opens or changes (its interactionDelay).
    await page.waitForTimeout(400);
    await page.keyboard.press('Enter');
    await expect.poll(() => editor('filter').textContent(), { timeout: 3000 }).toBe('[country=');

    const client = createClient({ baseUrl, auth: apiKeyAuth('demo-key') });
    const end = Math.floor(Date.now() / 3_600_000) * 3600 + 3600;
    const top = await client.run(
      metricQuery('demo')
        .between(end - 720 * 3600, end)
        .metrics('viewercount')
        .aggBy('country')
        .orderBy('viewercount', 'desc')
        .limit(100),
    );
    const expected = top.records.map((r) => r.country);
    await expect
      .poll(
        async () =>
          (await page.locator('.cm-tooltip-autocomplete li .cm-completionLabel').allTextContents()).slice(
            0,
            expected.length,
          ),
        { timeout: 5000 },
      )
      .toEqual(expected);
    await shot('4-value-completion');
    await page.keyboard.press('Escape');
  });

  it('Run shows as many rows as the service reports in totalrecords', async () => {
    await editor('filter').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.locator('[data-testid=run]').click();
    const status = page.locator('[data-testid=status][data-totalrecords]');
    await status.waitFor();
    const total = Number(await status.getAttribute('data-totalrecords'));
    const rows = await page.locator('[data-testid=result] tbody tr').count();
    expect(total).toBeGreaterThan(1);
    expect(rows).toBe(total);
    await shot('5-run-table');
  });

  it('a time series draws a chart', async () => {
    await page.locator('[data-testid=aggby]').selectOption('timestamp');
    await page.locator('[data-testid=run]').click();
    const line = page.locator('[data-testid=chart] svg polyline');
    await line.first().waitFor();
    expect(await line.count()).toBe(2);
    await shot('6-time-series-chart');
  });
});

describe.skipIf(!hasBrowser)('playground: results as a user reads them', () => {
  const form = (id: string) => page.locator(`[data-testid=${id}]`);
  const headers = () => page.locator('[data-testid=result] thead th').allTextContents();
  const column = (i: number) =>
    page.locator(`[data-testid=result] tbody tr td:nth-child(${i + 1})`).allTextContents();
  const runAndWait = async () => {
    await form('run').click();
    await page
      .locator('[data-testid=status][data-totalrecords], [data-testid=status].playq-failed')
      .waitFor();
  };

  it('shows a time series with dates in the table and the chart, and no bucket still filling', async () => {
    await form('aggby').selectOption('timestamp');
    await form('granularity').selectOption('day');
    await form('last').selectOption('720');
    await runAndWait();
    expect((await headers())[0]).toBe('timestamp (UTC)');
    const days = await column(0);
    expect(days.length).toBeGreaterThan(20);
    for (const d of days) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const today = new Date().toISOString().slice(0, 10);
    expect(days.at(-1)! < today).toBe(true);
    expect(await page.locator('[data-testid=result] tr.playq-partial').count()).toBe(0);
    const ticks = await page.locator('[data-testid=chart] .playq-tick').allTextContents();
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    for (const t of ticks) expect(t).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await shot('playground-time-series-dates');
  });

  it('marks a bucket the period covers only in part, and says "1 record shown"', async () => {
    await form('last').selectOption('1');
    await runAndWait();
    expect(await form('status').textContent()).toBe('1 record shown, totalrecords 1');
    const partial = page.locator('[data-testid=result] tbody tr.playq-partial');
    expect(await partial.count()).toBe(1);
    expect(await partial.locator('.playq-badge').textContent()).toBe('incomplete');
    expect(await page.locator('[data-testid=chart] circle.playq-partial').count()).toBe(2);
    await shot('playground-incomplete-bucket');
    await form('last').selectOption('720');
  });

  it('puts the dimension columns before the metrics, as the CLI does', async () => {
    await form('aggby').selectOption('country');
    await form('metrics').fill('viewercount,errors');
    await runAndWait();
    expect(await headers()).toEqual(['country', 'viewercount', 'errors']);
  });

  it('orders by a requested name, in the order the service gives', async () => {
    await form('orderby').selectOption('errors');
    await form('order').selectOption('asc');
    await runAndWait();
    const client = createClient({ baseUrl, auth: apiKeyAuth('demo-key') });
    const url = await form('url').textContent();
    expect(url).toContain('&orderby=errors&order=asc');
    const expected = await client.run(fromPage(url!));
    expect(await column(0)).toEqual(expected.records.map((r) => r.country));
    expect((await column(2)).map(Number)).toEqual(expected.records.map((r) => r.errors));
    await shot('playground-orderby');
    await form('orderby').selectOption('');
  });

  it('keeps the last valid URL and TypeScript, dimmed, while a field is invalid', async () => {
    const validUrl = await form('url').textContent();
    const validCode = await form('code').textContent();
    await editor('filter').click();
    await page.keyboard.type('[contry=US]', { delay: 10 });
    await page.keyboard.press('Escape');
    await expect.poll(() => form('problems').textContent()).toContain('did you mean "country"');
    expect(await form('url').textContent()).toBe(validUrl);
    expect(await form('code').textContent()).toBe(validCode);
    expect(await form('url').getAttribute('class')).toContain('playq-stale');
    expect(await form('stale-note').isVisible()).toBe(true);
    expect(await form('run').isDisabled()).toBe(true);
    await shot('playground-invalid-field');
    await editor('filter').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await expect.poll(() => form('url').getAttribute('class')).not.toContain('playq-stale');
    expect(await form('stale-note').isVisible()).toBe(false);
  });

  it('says how to start a service when the one in the form is not reachable', async () => {
    await form('service').fill('http://127.0.0.1:9/api/v1');
    await form('service').dispatchEvent('change');
    await runAndWait();
    const status = await form('status').textContent();
    expect(status).toContain('The service at http://127.0.0.1:9 is not reachable');
    expect(status).toContain('pnpm playq serve');
    expect(status).not.toContain('Failed to fetch.');
    await shot('playground-unreachable');
    await form('service').fill(baseUrl);
    await form('service').dispatchEvent('change');
  });

  it('runs a session query with client credentials and the plan level looked up', async () => {
    await form('endpoint').selectOption('session');
    await form('metrics').fill('errors,subscriberid');
    await form('aggby').selectOption('subscriberid');
    await form('orderby').selectOption('errors');
    await form('order').selectOption('desc');
    expect(await form('apikey').isVisible()).toBe(false);
    expect(await form('clientid').isVisible()).toBe(true);
    await runAndWait();
    const url = await form('url').textContent();
    expect(url).toContain('/session/demo?period=');
    const client = createClient({
      baseUrl,
      planUrl: baseUrl.replace(/\/api\/v1$/, '/plans'),
      auth: {
        session: clientCredentials({
          tokenUrl: `${baseUrl}/oauth/token`,
          clientId: 'demo',
          clientSecret: 'demo-secret',
        }),
      },
    });
    const expected = await client.run(fromPage(url!));
    expect(Number(await form('status').getAttribute('data-totalrecords'))).toBe(expected.totalrecords);
    expect(await headers()).toEqual(['subscriberid', 'errors']);
    expect(await column(0)).toEqual(
      expected.records.map((r) => (r.subscriberid === '' ? '(none)' : r.subscriberid)),
    );
    await shot('playground-session');
    await form('endpoint').selectOption('metricquery');
  });

  it('clicking a breakdown row lists the sessions behind it, as drillDown and the service give them', async () => {
    await form('metrics').fill('attempts,bufferingratio');
    await form('aggby').selectOption('country');
    await form('orderby').selectOption('attempts');
    await form('order').selectOption('desc');
    await runAndWait();
    const node = nodeOf((await form('url').textContent())!);
    const client = createClient({ baseUrl, auth: apiKeyAuth('demo-key') });
    const breakdown = await client.run(node);
    const record = breakdown.records[1]!;
    const drilled = drillDown(node, record, { limit: SESSION_PAGE });
    if (!drilled.ok) throw new Error('drillDown refused a country row');
    const expected = await client.run(drilled.query);
    await page.locator('[data-testid=result] tbody tr[data-drill="2"]').click();
    const status = page.locator('[data-testid=sessions-status][data-totalrecords]');
    await status.waitFor();
    expect(Number(await status.getAttribute('data-totalrecords'))).toBe(expected.totalrecords);
    expect(expected.totalrecords).toBe(record.attempts);
    expect(await form('sessions-url').textContent()).toBe(toURL(drilled.query, { baseUrl }));
    const first = expected.records[0]!;
    const heads = await page.locator('[data-testid=sessions-result] thead th').allTextContents();
    expect([...heads].sort()).toEqual(Object.keys(first).sort());
    expect(await page.locator('[data-testid=sessions-result] tbody tr').count()).toBe(
      expected.records.length,
    );
    const key = heads.includes('sessionid') ? 'sessionid' : heads[0]!;
    const cells = await page
      .locator(`[data-testid=sessions-result] tbody tr td:nth-child(${heads.indexOf(key) + 1})`)
      .allTextContents();
    expect(cells).toEqual(expected.records.map((r) => String(r[key as keyof typeof r])));
    await shot('playground-drill-down');
  });

  it('pages through the sessions behind a row with Previous and Next, by keyboard too', async () => {
    const node = nodeOf((await form('url').textContent())!);
    const client = createClient({ baseUrl, auth: apiKeyAuth('demo-key') });
    const { records } = await client.run(node);
    // The smallest group that needs more than one page: a few pages to walk through.
    const total = Math.min(...records.map((r) => Number(r.attempts)).filter((n) => n > SESSION_PAGE));
    const row = records.findIndex((r) => r.attempts === total);
    const drilled = drillDown(node, records[row]!, { limit: SESSION_PAGE });
    if (!drilled.ok) throw new Error('drillDown refused a country row');
    const sessionIds = async () => {
      const heads = await page.locator('[data-testid=sessions-result] thead th').allTextContents();
      const n = heads.indexOf('sessionid') + 1;
      return page.locator(`[data-testid=sessions-result] tbody tr td:nth-child(${n})`).allTextContents();
    };
    const expectPage = async (offset: number) => {
      await page.locator(`[data-testid=sessions-status][data-offset="${offset}"]`).waitFor();
      const list = { ...drilled.query, offset };
      const expected = await client.run(list);
      expect(await sessionIds()).toEqual(expected.records.map((r) => r.sessionid));
      expect(await form('sessions-url').textContent()).toBe(toURL(list, { baseUrl }));
      const last = Math.min(offset + SESSION_PAGE, total);
      // (a last page of one session says so: the generated data follows the day, and some days
      // the smallest group over one page has 21 sessions)
      const shown = last === offset + 1 ? `Session ${last}` : `Sessions ${offset + 1}–${last}`;
      expect(await form('sessions-page').textContent()).toBe(`${shown} of ${total}`);
      expect(await form('sessions-previous').isDisabled()).toBe(offset === 0);
      expect(await form('sessions-next').isDisabled()).toBe(last === total);
    };
    await page.locator(`[data-testid=result] tbody tr[data-drill="${row + 1}"]`).click();
    await expectPage(0);
    expect(await page.locator('nav[aria-label="Session pages"]').isVisible()).toBe(true);

    await form('sessions-next').focus();
    let offset = 0;
    while (offset + SESSION_PAGE < total) {
      await page.keyboard.press(offset === 0 ? 'Enter' : 'Space');
      offset += SESSION_PAGE;
      await expectPage(offset);
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
      // On the last page Next has nothing to show: the focus moves to Previous, not off the controls.
      expect(focused).toBe(offset + SESSION_PAGE < total ? 'sessions-next' : 'sessions-previous');
    }
    await shot('playground-drill-down-last-page');
    await page.keyboard.press('Enter');
    await expectPage(offset - SESSION_PAGE);
    await form('sessions-next').click();
    await expectPage(offset);
  });

  it("shows the sessions of the row clicked last, when an earlier row's answer comes later", async () => {
    const node = nodeOf((await form('url').textContent())!);
    const client = createClient({ baseUrl, auth: apiKeyAuth('demo-key') });
    const { records } = await client.run(node);
    const listUrl = (r: (typeof records)[number]) => {
      const d = drillDown(node, r, { limit: SESSION_PAGE });
      if (!d.ok) throw new Error('drillDown refused a country row');
      return toURL(d.query, { baseUrl });
    };
    const slow = listUrl(records[0]!);
    const fast = listUrl(records[1]!);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/listsessions/**', async (route) => {
      if (route.request().url() === slow) await held;
      await route.continue();
    });
    try {
      await page.locator('[data-testid=result] tbody tr[data-drill="1"]').click();
      await page.locator('[data-testid=result] tbody tr[data-drill="2"]').click();
      await page.locator('[data-testid=sessions-status][data-totalrecords]').waitFor();
      const late = page.waitForResponse(slow);
      release();
      await late;
      // Time for the page to read and handle the late answer (a few ms; 100 to spare).
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(await form('sessions-url').textContent()).toBe(fast);
      expect(await page.locator('[data-testid=sessions] h3').textContent()).toContain('row 2 (');
      expect(Number(await form('sessions-status').getAttribute('data-totalrecords'))).toBe(
        records[1]!.attempts,
      );
    } finally {
      release();
      await page.unroute('**/listsessions/**');
    }
  });

  it('Why? ranks the causes of the first metric as client.insights does, and a cause lists its sessions', async () => {
    await form('last').selectOption('720');
    await form('metrics').fill('attempts,bufferingratio');
    await form('aggby').selectOption('country');
    await form('why').click();
    const status = page.locator('[data-testid=causes-status][data-requests]');
    await status.waitFor();
    const asked = whyQuery(nodeOf((await form('url').textContent())!));
    if (!asked.ok) throw new Error(asked.reason);
    const client = createClient({ baseUrl, auth: apiKeyAuth('demo-key') });
    const found = await client.insights(asked.query);
    expect(found.causes.length).toBeGreaterThan(1);
    expect(Number(await status.getAttribute('data-requests'))).toBe(found.requests);
    const cells = (n: number, id = 'causes-result') =>
      page.locator(`[data-testid=${id}] tbody tr td:nth-child(${n})`).allTextContents();
    expect(await page.locator('[data-testid=causes-result] thead th').allTextContents()).toEqual([
      '#',
      'dimension',
      'value',
      'bufferingratio',
      'attempts',
      'share',
      'impact',
      '',
    ]);
    expect(await cells(2)).toEqual(found.causes.map((c) => c.dimension));
    expect(await cells(3)).toEqual(found.causes.map((c) => c.value));
    expect(await cells(5)).toEqual(found.causes.map((c) => String(c.attempts)));
    expect(await cells(3, 'causes-within')).toEqual((found.causes[0]!.within ?? []).map((c) => c.value));
    await shot('playground-why');
    const cause = found.causes[1]!;
    await page.locator('[data-testid=causes-result] tbody tr[data-cause="2"]').click();
    const sessions = page.locator('[data-testid=sessions-status][data-totalrecords]');
    await sessions.waitFor();
    expect(Number(await sessions.getAttribute('data-totalrecords'))).toBe(cause.attempts);
    const list = { ...cause.drillDown, limit: SESSION_PAGE };
    expect(await form('sessions-url').textContent()).toBe(toURL(list, { baseUrl }));
    const expected = await client.run(list);
    expect(await page.locator('[data-testid=sessions-result] tbody tr').count()).toBe(
      expected.records.length,
    );
    await shot('playground-why-sessions');
    await form('metrics').fill('attempts');
    expect(await form('why').isDisabled()).toBe(true);
  });

  it('edits and runs a session list with the API key, one record per session', async () => {
    await form('endpoint').selectOption('listsessions');
    expect(await form('apikey').isVisible()).toBe(true);
    expect(await form('clientid').isVisible()).toBe(false);
    expect(await form('aggby').isVisible()).toBe(false);
    await form('metrics').fill('sessionid,bufferingratio,country');
    await form('orderby').selectOption('bufferingratio');
    await runAndWait();
    const url = await form('url').textContent();
    expect(url).toContain('/listsessions/demo?period=');
    const client = createClient({ baseUrl, auth: apiKeyAuth('demo-key') });
    const expected = await client.run(nodeOf(url!));
    expect(Number(await form('status').getAttribute('data-totalrecords'))).toBe(expected.totalrecords);
    // Text fields first, then numbers, as for every table.
    expect(await headers()).toEqual(['sessionid', 'country', 'bufferingratio']);
    expect(await column(0)).toEqual(expected.records.map((r) => r.sessionid));
    expect(await page.locator('[data-testid=result] tbody tr[data-drill]').count()).toBe(0);
    await shot('playground-session-list');
    await form('endpoint').selectOption('metricquery');
  });
});

describe.skipIf(!hasBrowser)('playground: the period follows the data the service holds', () => {
  // A week of data that ended months before the test runs: "the last 30 days" before now would
  // hold nothing at all.
  const span = { start: Date.UTC(2026, 4, 25) / 1000, end: Date.UTC(2026, 5, 1) / 1000 };
  let past: Service;
  let pastUrl: string;
  const form = (id: string) => page.locator(`[data-testid=${id}]`);
  const runAndWait = async () => {
    await form('run').click();
    await page
      .locator('[data-testid=status][data-totalrecords], [data-testid=status].playq-failed')
      .waitFor();
  };

  beforeAll(async () => {
    past = await createService({
      data: { generate: { sessions: 5000, seed: 11, days: 7, end: span.end } },
      rateLimit: false,
    });
    pastUrl = (await past.listen({ port: 0, host: '127.0.0.1' })).baseUrl;
  });
  afterAll(async () => {
    await past?.close();
  });

  it('picks the last 7 days ending where the data ends, says so, and Run shows its records', async () => {
    const client = createClient({ baseUrl: pastUrl, auth: apiKeyAuth('demo-key') });
    // What the service says it holds: its sessions start from a little after the generated span's
    // start to a little before its end.
    const probe = await client.run(
      metricQuery('demo').between(span.start, span.end).metrics('views').limit(1),
    );
    const served = probe.dataSpan!;
    expect(served.start >= span.start && served.end <= span.end).toBe(true);
    await page.goto(`${web.url}/playground?service=${encodeURIComponent(pastUrl)}`);
    await page.locator('#playq-playground[data-ready]').waitFor();
    await expect.poll(() => form('data-span').textContent(), { timeout: 5000 }).toBe(spanText(served, true));
    expect(await form('last').inputValue()).toBe('168');
    const url = (await form('url').textContent())!;
    expect(nodeOf(url).period).toMatchObject({ type: 'period', ...span });
    await runAndWait();
    const expected = await client.run(fromPage(url));
    expect(expected.totalrecords).toBeGreaterThan(1);
    expect(Number(await form('status').getAttribute('data-totalrecords'))).toBe(expected.totalrecords);
    expect(await form('status').textContent()).not.toContain('Note:');
    await shot('playground-follows-the-data');
  });

  it('draws a time series from every bucket of its period, however many the limit would allow', async () => {
    await form('aggby').selectOption('timestamp');
    await form('granularity').selectOption('hour');
    expect(await form('limit').isVisible()).toBe(false);
    const url = (await form('url').textContent())!;
    expect(url).toContain('&limit=168');
    await runAndWait();
    const client = createClient({ baseUrl: pastUrl, auth: apiKeyAuth('demo-key') });
    const every = await client.all(fromPage(url));
    expect(every.length).toBeGreaterThan(100);
    expect(await page.locator('[data-testid=result] tbody tr').count()).toBe(every.length);
    const points = (await page.locator('[data-testid=chart] polyline').first().getAttribute('points'))!;
    expect(points.trim().split(/\s+/)).toHaveLength(every.length);
    const ticks = await page.locator('[data-testid=chart] .playq-tick').allTextContents();
    expect(ticks[0]! >= '2026-05-25 00:00' && ticks.at(-1)! <= '2026-05-31 23:00').toBe(true);
    await shot('playground-time-series-every-bucket');
  });

  it('says so when the period misses the data, in the words of the CLI and the client', async () => {
    // Without a working API key the form cannot ask the service what it holds: the period stays
    // "the last 7 days before now", and the session query (client credentials) misses the data.
    await form('apikey').fill('not-the-key');
    await form('apikey').dispatchEvent('change');
    await expect.poll(() => form('data-span').textContent(), { timeout: 5000 }).toBe('');
    await form('endpoint').selectOption('session');
    await form('metrics').fill('errors');
    await form('aggby').selectOption('country');
    await runAndWait();
    const node = nodeOf((await form('url').textContent())!);
    if (node.period?.type !== 'period') throw new Error('the form gave no period');
    const client = createClient({ baseUrl: pastUrl, auth: apiKeyAuth('demo-key') });
    const served = (await client.run(metricQuery('demo').between(span.start, span.end).metrics('views')))
      .dataSpan!;
    const sentence = outsideTheData(node.period, served);
    expect(sentence).toMatch(
      /lies outside the data, whose sessions start from 2026-05-25T00:\d\d:\d\dZ to 2026-05-31T23/,
    );
    expect(await form('status').textContent()).toBe(`0 records shown, totalrecords 0. Note: ${sentence}.`);
    await shot('playground-outside-the-data');
  });
});

/** The query node of a playground URL, unvalidated (the page validated it). */
function nodeOf(url: string) {
  const r = fromURL(url, { validate: false });
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.query;
}

/** The query a playground URL panel shows, to run through the client. */
function fromPage(url: string) {
  const r = fromURL(url, { validate: false });
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return fromQuery(r.query);
}
