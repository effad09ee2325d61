// Debian's Chromium through playwright-core, as every browser test of the site drives it: headless,
// no sandbox (the CI container has none), a fresh profile removed on close. Browser downloads are
// not possible here, so a missing Chromium skips the tests locally and fails them under CI.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.PLAYQ_CHROMIUM ?? '/usr/bin/chromium';
export const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser && process.env.CI) throw new Error(`no Chromium at ${CHROMIUM}: .ci/run installs it`);

export interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  close(): Promise<void>;
}

/** A headless Chromium with one page of the given viewport. */
export async function launchChromium(viewport: { width: number; height: number }): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'playq-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
