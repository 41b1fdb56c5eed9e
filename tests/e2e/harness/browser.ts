// Debian's Chromium driven by playwright-core (no browser download), and the
// user's way in: the app's "Sign in" button, the built-in provider's sign-in
// page, back to the app signed in.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const VIEWPORT = { width: 1440, height: 900 };

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Demo accounts of the built-in sign-in (README.md). */
export const ACCOUNTS = {
  admin: { email: 'admin@example.com', password: 'Demo-Admin-2026' },
  modelAdmin: { email: 'modeladmin@example.com', password: 'Demo-Model-2026' },
  planner: { email: 'planner@example.com', password: 'Demo-Planner-2026' },
} as const;
export type AccountName = keyof typeof ACCOUNTS;

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export interface ContextOptions {
  /** The browser's language, e.g. 'en-GB' or 'nl-NL' (default en-GB). */
  locale?: string;
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const locale = options.locale ?? 'en-GB';
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale,
    timezoneId: 'Europe/Amsterdam',
    reducedMotion: 'reduce',
    colorScheme: 'light',
  });
  context.on('page', trackRequests);
  return context;
}

/** The requests in flight per page, but the app's event stream (open for as long as the app is). */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): void {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (r) => {
    if (!new URL(r.url()).pathname.endsWith('/api/events')) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until the page has had no request in flight for `quietMs`, the app's
 * event stream aside (Playwright's 'networkidle' never comes while it is
 * open). A page of another context waits for Playwright's 'networkidle'.
 */
export async function networkQuiet(page: Page, options: { quietMs?: number; timeout?: number } = {}): Promise<void> {
  const open = inFlight.get(page);
  if (!open) return page.waitForLoadState('networkidle', { timeout: options.timeout ?? 30_000 });
  const quietMs = options.quietMs ?? 500;
  const deadline = Date.now() + (options.timeout ?? 30_000);
  let quietSince = Date.now();
  for (;;) {
    if (open.size) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`networkQuiet: still loading ${[...open].map((r) => r.url()).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Problems the page reported on its own (uncaught errors), to assert none happened. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Opens `path` on the server and signs in through the real sign-in page: the
 * app's "Sign in" button sends the browser to the provider, the form is filled
 * as a user does, and the provider sends the browser back to the app.
 */
export async function signIn(page: Page, baseUrl: string, account: AccountName, path = '/'): Promise<void> {
  const { email, password } = ACCOUNTS[account];
  await page.goto(`${baseUrl}${path}`);
  // The header's sign-in button (the centre one has the same name).
  await page.getByRole('banner').getByRole('button', { name: SIGN_IN }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('#identity').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.origin === baseUrl && !url.pathname.startsWith('/oidc'), { timeout: 30_000 });
  await page.getByRole('button', { name: SIGN_OUT }).waitFor({ timeout: 30_000 });
}

/** The app's sign-out: the provider's sign-out page confirms by itself and shows the signed-out page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: SIGN_OUT }).click();
}

/** The sign-in and sign-out buttons' names in English or Dutch (the interface follows the model's or the browser's language). */
export const SIGN_IN = /^(Sign in|Aanmelden)$/;
export const SIGN_OUT = /^(Sign out|Afmelden)/;
