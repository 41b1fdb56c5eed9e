// Debian's Chromium through playwright-core, with a fixed viewport and pixel ratio for determinism.
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer } from './test-server.js';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export async function openPage(browser: Browser, url: string, options: { width?: number; height?: number; deviceScaleFactor?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 480, height: options.height ?? 320 },
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(url);
  return page;
}

/** Waits for the page's map to report 'idle' (window.__idle is set by the test pages). */
export async function waitForIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => (globalThis as { __idle?: boolean }).__idle === true, undefined, { timeout: 30000 });
}

/**
 * Starts the test server and Chromium before the suite's tests and closes both after them;
 * the returned object holds them once the suite runs.
 */
export function chromiumSuite(suite: { before(fn: () => Promise<void>): void; after(fn: () => Promise<void>): void }) {
  const env = {} as { browser: Browser; server: Awaited<ReturnType<typeof startTestServer>> };
  suite.before(async () => {
    env.server = await startTestServer();
    env.browser = await launchChromium();
  });
  suite.after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}
