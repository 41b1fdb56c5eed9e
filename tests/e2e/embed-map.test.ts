// <locus-location-map> on an intranet page of another origin (a second local
// port): the example page served by a plain HTTP server, the script and the
// sign-in from the real Locus server. The user signs in through the real
// sign-in page in msal's popup (the bridge page on the intranet's origin),
// two elements sign in once, the location attribute marks a store, a click on
// an icon fires locus-select, a location the user cannot see fires
// locus-error, and neither side's CSS reaches the other. axe and a golden.
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ACCOUNTS, collectPageErrors, e2eSuite, expectNoAxeViolations, expectScreenshot, freePort, launchBrowser, newContext, ROOT, startServer, type LocusServer,
} from './harness/index.js';

const test = e2eSuite('embed map');
let server: LocusServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let intranet: Server;
let intranetUrl: string;

/** The intranet's pages: the example page pointing at the Locus server, a page with two maps, and msal's bridge. */
function intranetPages(locus: string): Record<string, string> {
  const example = readFileSync(join(ROOT, 'packages/embed/dist/example.html'), 'utf8')
    .replace('src="/embed/locus-embed.js"', `src="${locus}/embed/locus-embed.js"`)
    .replace('<locus-location-map id="map" interactive>', `<locus-location-map id="map" interactive server="${locus}">`);
  const two = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Two maps</title>
<script type="module" src="${locus}/embed/locus-embed.js"></script>
<style>
  /* Host rules that must not reach inside the elements. */
  button { background: rgb(255, 0, 0) !important; font-size: 40px; }
  span { color: rgb(0, 255, 0); }
  .map { display: none; }
  locus-location-map { height: 300px; }
</style></head>
<body><main><h1>Twee kaarten</h1><p class="probe">Pagina-tekst</p><button type="button" id="own">Eigen knop</button>
<locus-location-map id="a" server="${locus}"></locus-location-map>
<locus-location-map id="b" server="${locus}" zoom="9" center="5.1,52.1"></locus-location-map></main></body></html>`;
  const bridge = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title>
<script type="module" src="${locus}/embed/locus-embed-redirect.js"></script></head><body></body></html>`;
  return { '/example.html': example, '/two.html': two, '/locus-redirect.html': bridge };
}

test.before(async () => {
  const port = await freePort();
  intranetUrl = `http://localhost:${port}`;
  [server, browser] = await Promise.all([
    startServer({ env: { EMBED_ORIGINS: intranetUrl, IDENTITY_EXTRA_REDIRECT_URIS: `${intranetUrl}/locus-redirect.html` } }),
    launchBrowser(),
  ]);
  const pages = intranetPages(server.baseUrl);
  intranet = createServer((request, response) => {
    const body = pages[(request.url ?? '/').split('?')[0]!];
    response.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => intranet.listen(port, '127.0.0.1', resolve));
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => intranet?.close(resolve));
});

test.before.each(async () => {
  context = await newContext(browser);
  page = await context.newPage();
  errors = collectPageErrors(page);
});

test.after.each(async () => {
  await context.close();
});

/** Signs in through the element's button: msal's popup shows the real sign-in page. */
async function signInThroughElement(button: ReturnType<Page['getByRole']>): Promise<void> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await popup.waitForURL(/\/oidc\/interaction\//, { timeout: 30_000 });
  await popup.locator('#identity').fill(ACCOUNTS.planner.email);
  await popup.locator('#password').fill(ACCOUNTS.planner.password);
  await popup.locator('button[type=submit]').click();
  const messages: string[] = [];
  popup.on('console', (m) => messages.push(m.text()));
  await popup.waitForEvent('close', { timeout: 30_000 }).catch(async (error: Error) => {
    throw new Error(`${error.message}; the popup is at ${popup.url()} saying ${(await popup.locator('body').textContent().catch(() => '')) ?? ''} ${messages.join(' | ')}`);
  });
}

/** Events the page's elements fired, in order. */
async function recordEvents(target: Page): Promise<void> {
  await target.addInitScript(() => {
    const w = window as unknown as { embedEvents: { type: string; id: string; detail: unknown }[] };
    w.embedEvents = [];
    for (const type of ['locus-ready', 'locus-select', 'locus-error']) {
      document.addEventListener(type, (e) => w.embedEvents.push({ type, id: (e.target as Element).id, detail: (e as CustomEvent).detail }), true);
    }
  });
}

const events = (target: Page) => target.evaluate(() => (window as unknown as { embedEvents: { type: string; id: string; detail: Record<string, unknown> }[] }).embedEvents);

async function waitForEvent(target: Page, type: string, id: string, count = 1): Promise<void> {
  await target.waitForFunction(({ type, id, count }) => (window as unknown as { embedEvents: { type: string; id: string }[] }).embedEvents
    .filter((e) => e.type === type && e.id === id).length >= count, { type, id, count }, { timeout: 60_000 });
}

test('the example page on another origin: sign-in in the element, the stores on the map, the location attribute, locus-select, locus-error, axe and the golden', async () => {
  await recordEvents(page);
  await page.goto(`${intranetUrl}/example.html`);
  const map = page.locator('locus-location-map');
  const signInButton = map.getByRole('button', { name: 'Sign in to Locus' });
  await signInButton.waitFor({ timeout: 30_000 });
  assert.ok((await events(page)).some((e) => e.type === 'locus-error' && e.detail.code === 'signInNeeded'), 'a page without a session hears signInNeeded');
  await signInThroughElement(signInButton);
  await waitForEvent(page, 'locus-ready', 'map');
  const ready = (await events(page)).find((e) => e.type === 'locus-ready')!;
  assert.ok(Number(ready.detail.locations) > 10, `the scenario's stores are on the map (${ready.detail.locations})`);

  // The picker (filled from the element's locations) sets the location attribute; the map marks and centres it.
  const options = await page.locator('#picker option').allTextContents();
  assert.ok(options.length > 10);
  await page.locator('#picker').selectOption({ index: 3 });
  const chosen = await page.locator('#picker').inputValue();
  assert.is(await map.getAttribute('location'), chosen);
  const centred = await page.evaluate((id) => {
    const element = document.querySelector('locus-location-map') as unknown as { locusMap: { getView(): { center: [number, number] } }; locationList: { id: number; longitude: number; latitude: number }[] };
    const location = element.locationList.find((l) => l.id === Number(id))!;
    return new Promise<number>((resolve) => setTimeout(() => {
      const c = element.locusMap.getView().center;
      resolve(Math.hypot(c[0] - location.longitude, c[1] - location.latitude));
    }, 1_500));
  }, chosen);
  assert.ok(centred < 0.01, `the map centres on the chosen store (${centred})`);

  // An icon's keyboard entry (the map's accessible icons) fires locus-select with id and name.
  const name = options[3]!;
  const entry = map.getByRole('button', { name, exact: true }).first();
  await entry.focus();
  await entry.press('Enter');
  await waitForEvent(page, 'locus-select', 'map');
  const select = (await events(page)).find((e) => e.type === 'locus-select')!;
  assert.is(select.detail.id, Number(chosen));
  assert.is(select.detail.name, name);
  assert.match(await page.locator('#log').textContent() ?? '', `locus-select: ${chosen} ${name}`);

  // A location the user cannot see: locus-error in words a page author understands.
  await page.evaluate(() => document.querySelector('locus-location-map')!.setAttribute('location', '987654321'));
  await waitForEvent(page, 'locus-error', 'map', 2);
  const unknown = (await events(page)).filter((e) => e.type === 'locus-error').at(-1)!;
  assert.is(unknown.detail.code, 'unknownLocation');
  assert.is(unknown.detail.message, 'Location 987654321 is not in this scenario.');

  await page.locator('#picker').selectOption({ index: 3 });
  await page.evaluate(() => new Promise((r) => setTimeout(r, 1_500)));
  await expectNoAxeViolations(page, 'embed example page');
  await expectScreenshot(page, 'embed-example', { mask: [page.locator('#log')] });
  assert.equal(errors, []);
});

test('two elements on one page sign in once; the page language is the elements\'; host CSS and element CSS stay apart', async () => {
  await recordEvents(page);
  await page.goto(`${intranetUrl}/two.html`);
  const buttons = page.locator('locus-location-map').getByRole('button', { name: 'Aanmelden bij Locus' });
  await buttons.first().waitFor({ timeout: 30_000 });
  assert.is(await buttons.count(), 2, 'both elements offer sign-in in the page language (Dutch)');
  // The host's `button { background: red !important }` does not reach the element's button.
  const inside = await buttons.first().evaluate((b) => getComputedStyle(b).backgroundColor);
  assert.is.not(inside, 'rgb(255, 0, 0)');
  await signInThroughElement(buttons.first());
  await waitForEvent(page, 'locus-ready', 'a');
  await waitForEvent(page, 'locus-ready', 'b');
  assert.is(await buttons.count(), 0, 'one sign-in serves both elements');
  // The element's map and styles leave the page alone: the host's own button and text keep the host's rules.
  const own = await page.locator('#own').evaluate((b) => getComputedStyle(b).backgroundColor);
  assert.is(own, 'rgb(255, 0, 0)');
  const probe = await page.locator('.probe').evaluate((p) => getComputedStyle(p).fontFamily);
  assert.not.match(probe, /system-ui/);
  // The second element kept its zoom and centre attributes.
  const view = await page.evaluate(() => (document.getElementById('b') as unknown as { locusMap: { getView(): { zoom: number; center: [number, number] } } }).locusMap.getView());
  assert.ok(Math.abs(view.zoom - 9) < 0.01 && Math.abs(view.center[0] - 5.1) < 1e-6 && Math.abs(view.center[1] - 52.1) < 1e-6, JSON.stringify(view));
  assert.equal(errors, []);
});

test.run();
