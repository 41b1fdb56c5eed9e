// <locus-location-map> and <locus-location-report> on an intranet page of
// another origin (a second local port): the example page served by a plain
// HTTP server, the script and the sign-in from the real Locus server. The user
// signs in through the real sign-in page in msal's popup (the bridge page on
// the intranet's origin), or — when the popup is blocked — by the redirect
// through the same bridge; two elements sign in once, the location attribute
// marks a store and shows its report (both update without reloading), a click
// on an icon fires locus-select, a location the user cannot see and a scenario
// that is not calculated fire locus-error, the report prints to an A4 PDF
// with its maps, a map in a hidden tab draws when shown, the layers attribute
// changes what is drawn, and neither side's CSS reaches the other. axe and a
// golden of the example page with both elements. Every error code from the
// element that meets it, shown in it; the embedded report in English and
// Dutch (axe, goldens, a local-situation map that is not a flat square); the
// package from `npm pack` in a host app built with esbuild and with Vite from
// the docs' React snippet; and last, docs/embed.md's tables against the built
// script and the events the file's tests heard.
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import type { LocationSummary, Model, Scenario } from '@locus/contract';
import {
  ACCOUNTS,
  apiAs,
  collectPageErrors,
  e2eSuite,
  expectNoAxeViolations,
  expectScreenshot,
  freePort,
  launchBrowser,
  newContext,
  ROOT,
  startServer,
  type LocusServer,
} from './harness/index.js';

const test = e2eSuite('embed map');
let server: LocusServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let intranet: Server;
let intranetUrl: string;
/** The planner's model, its calculated base scenario, a child scenario that is not calculated, and two of its stores. */
let model: Model;
let calculated: Scenario;
let notCalculated: Scenario;
let stores: LocationSummary[];
/** The intranet origin's signed-in session (msal's local storage and cookies), taken after the first sign-in. */
let signedIn: { storage: Record<string, string>; cookies: Cookie[] } | null = null;
/** The intranet's pages by path, and folders it serves under a path prefix (the host apps built from the package). */
let pages: Record<string, string> = {};
const hostBuilds = new Map<string, string>();

/** The intranet's pages: the example page pointing at the Locus server, a page with two maps, and msal's bridge. */
function intranetPages(locus: string): Record<string, string> {
  const example = readFileSync(join(ROOT, 'packages/embed/dist/example.html'), 'utf8')
    .replace('src="/embed/locus-embed.js"', `src="${locus}/embed/locus-embed.js"`)
    .replace('<locus-location-map id="map" interactive>', `<locus-location-map id="map" interactive server="${locus}">`)
    .replace('<locus-location-report id="report">', `<locus-location-report id="report" server="${locus}">`);
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
  const tabs = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tabs</title>
<script type="module" src="${locus}/embed/locus-embed.js"></script>
<style>#tab2 { display: none; } #tab2.shown { display: block; } locus-location-map { height: 360px; }</style></head>
<body><main><h1>Tabs</h1><div id="tab1"><p>First tab</p></div>
<div id="tab2"><locus-location-map id="hidden" server="${locus}"></locus-location-map></div></main></body></html>`;
  const layers = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Layers</title>
<script type="module" src="${locus}/embed/locus-embed.js"></script>
<style>locus-location-map { height: 500px; width: 800px; }</style></head>
<body><main><h1>Layers</h1><locus-location-map id="layered" server="${locus}" layers="locations"></locus-location-map></main></body></html>`;
  const own = (file: string) => readFileSync(join(ROOT, 'packages/embed/dist', file), 'utf8');
  return {
    '/example.html': example,
    '/example.js': own('example.js'),
    '/example.css': own('example.css'),
    '/two.html': two,
    '/tabs.html': tabs,
    '/layers.html': layers,
    '/locus-redirect.html': bridge,
  };
}

test.before(async () => {
  const port = await freePort();
  intranetUrl = `http://localhost:${port}`;
  [server, browser] = await Promise.all([
    startServer({ env: { EMBED_ORIGINS: intranetUrl, IDENTITY_EXTRA_REDIRECT_URIS: `${intranetUrl}/locus-redirect.html` } }),
    launchBrowser(),
  ]);
  pages = intranetPages(server.baseUrl);
  intranet = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const folder = [...hostBuilds].find(([prefix]) => path.startsWith(prefix));
    const file = folder ? join(folder[1], path.slice(folder[0].length) || 'index.html') : null;
    const body = file ? (existsSync(file) && !file.includes('..') ? readFileSync(file) : undefined) : pages[path];
    const type = path.endsWith('.js') ? 'text/javascript' : path.endsWith('.css') ? 'text/css' : 'text/html';
    response.writeHead(body ? 200 : 404, { 'Content-Type': `${type}; charset=utf-8` });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => intranet.listen(port, '127.0.0.1', resolve));
  // The planner's model: its base scenario calculated (the report needs it), a child left as it is.
  const planner = await apiAs(server, 'planner');
  model = (await planner.models())[0]!;
  const admin = await apiAs(server, 'admin');
  let list = await admin.scenarios(model.id);
  const base = list.find((s) => s.parentScenarioId === null)!;
  if (base.status !== 9) await admin.call('scenarioStartProcessing', { scenarioId: base.id });
  for (let i = 0; i < 300 && list.find((s) => s.id === base.id)!.status !== 9; i++) {
    if (list.find((s) => s.id === base.id)!.status === 10) throw new Error('the base scenario failed to calculate');
    await new Promise((r) => setTimeout(r, 1000));
    list = await admin.scenarios(model.id);
  }
  calculated = list.find((s) => s.id === base.id)!;
  assert.is(calculated.status, 9, 'the base scenario is calculated');
  notCalculated = list.find((s) => s.status !== 9)!;
  assert.ok(notCalculated, 'a scenario that is not calculated');
  stores = (await admin.locations(calculated.id)).filter((l) => l.type === 1);
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

/** Every event the elements fired in this file's tests (the docs test checks each documented event and code was heard). */
const heard: { type: string; tag: string; code?: string; shown?: boolean; keys: string[] }[] = [];

test.after.each(async () => {
  for (const open of context.pages()) {
    const list = await open
      .evaluate(() => (window as unknown as { embedEvents?: { type: string; tag: string; detail: { code?: string }; shown?: boolean }[] }).embedEvents ?? [])
      .catch(() => []);
    heard.push(...list.map((e) => ({ type: e.type, tag: e.tag, code: e.detail?.code, shown: e.shown, keys: Object.keys(e.detail ?? {}) })));
  }
  await context.close();
});

/** Signs in through the element's button: msal's popup shows the real sign-in page. */
async function signInThroughElement(button: ReturnType<Page['getByRole']>): Promise<void> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await popup.waitForURL(/\/oidc\/interaction\//, { timeout: 30_000 });
  await popup.locator('#identity').fill(ACCOUNTS.planner.email);
  await popup.locator('#password').fill(ACCOUNTS.planner.password);
  const messages: string[] = [];
  popup.on('console', (m) => messages.push(m.text()));
  popup.on('pageerror', (e) => messages.push(e.message));
  // Listened for before the click: the bridge may hand the answer over and the popup close before the
  // click's own wait ends.
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup
    .locator('button[type=submit]')
    .click()
    .catch((error: Error) => {
      if (!popup.isClosed()) throw error;
    });
  await closed.catch(async (error: Error) => {
    throw new Error(
      `${error.message}; the popup is at ${popup.url()} saying ${
        (await popup
          .locator('body')
          .textContent()
          .catch(() => '')) ?? ''
      } ${messages.join(' | ')}`,
    );
  });
}

/** Keeps the intranet origin's session (after a sign-in) for the following tests. */
async function keepSession(target: Page): Promise<void> {
  const storage = await target.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  signedIn = { storage, cookies: await context.cookies() };
}

/** Starts the page signed in: the session a previous test kept (cookies and msal's local storage). */
async function restoreSession(target: Page): Promise<void> {
  if (!signedIn) throw new Error('no session kept: the first test signs in');
  await context.addCookies(signedIn.cookies);
  await target.addInitScript(
    ({ origin, storage }) => {
      if (location.origin !== origin || sessionStorage.getItem('restored')) return;
      sessionStorage.setItem('restored', '1');
      for (const [k, v] of Object.entries(storage)) localStorage.setItem(k, v);
    },
    { origin: intranetUrl, storage: signedIn.storage },
  );
}

/**
 * Events the page's elements fired, in order; for an error, whether the
 * element showed its message (looked at two frames after the event).
 */
async function recordEvents(target: Page): Promise<void> {
  await target.addInitScript(() => {
    type Heard = { type: string; id: string; tag: string; detail: Record<string, unknown>; shown?: boolean };
    const w = window as unknown as { embedEvents: Heard[] };
    w.embedEvents = [];
    for (const type of ['locus-ready', 'locus-select', 'locus-error']) {
      document.addEventListener(
        type,
        (e) => {
          const target = e.target as Element;
          const heard: Heard = { type, id: target.id, tag: target.localName, detail: (e as CustomEvent).detail };
          w.embedEvents.push(heard);
          if (type === 'locus-error') {
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                heard.shown = (target.shadowRoot?.textContent ?? '').includes(String(heard.detail.message));
              }),
            );
          }
        },
        true,
      );
    }
  });
}

const events = (target: Page) =>
  target.evaluate(() => (window as unknown as { embedEvents: { type: string; id: string; tag: string; detail: Record<string, unknown> }[] }).embedEvents);

async function waitForEvent(target: Page, type: string, id: string, count = 1): Promise<void> {
  await target.waitForFunction(
    ({ type, id, count }) =>
      (window as unknown as { embedEvents: { type: string; id: string }[] }).embedEvents.filter((e) => e.type === type && e.id === id).length >= count,
    { type, id, count },
    { timeout: 60_000 },
  );
}

test('the example page on another origin: sign-in in the element, the stores on the map, the location attribute, locus-select, locus-error', async () => {
  await recordEvents(page);
  await page.goto(`${intranetUrl}/example.html`);
  const map = page.locator('locus-location-map');
  const signInButton = map.getByRole('button', { name: 'Sign in to Locus' });
  await signInButton.waitFor({ timeout: 30_000 });
  assert.ok(
    (await events(page)).some((e) => e.type === 'locus-error' && e.detail.code === 'signInNeeded'),
    'a page without a session hears signInNeeded',
  );
  await signInThroughElement(signInButton);
  await waitForEvent(page, 'locus-ready', 'map');
  await keepSession(page);
  const ready = (await events(page)).find((e) => e.type === 'locus-ready' && e.id === 'map')!;
  assert.ok(Number(ready.detail.locations) > 10, `the scenario's stores are on the map (${ready.detail.locations})`);

  // The picker (filled from the element's locations) sets the location attribute; the map marks and centres it.
  const options = await page.locator('#picker option').allTextContents();
  assert.ok(options.length > 10);
  await page.locator('#picker').selectOption({ index: 3 });
  const chosen = await page.locator('#picker').inputValue();
  assert.is(await map.getAttribute('location'), chosen);
  const centred = await page.evaluate((id) => {
    const element = document.querySelector('locus-location-map') as unknown as {
      locusMap: { getView(): { center: [number, number] } };
      locationList: { id: number; longitude: number; latitude: number }[];
    };
    const location = element.locationList.find((l) => l.id === Number(id))!;
    return new Promise<number>((resolve) =>
      setTimeout(() => {
        const c = element.locusMap.getView().center;
        resolve(Math.hypot(c[0] - location.longitude, c[1] - location.latitude));
      }, 1_500),
    );
  }, chosen);
  assert.ok(centred < 0.01, `the map centres on the chosen store (${centred})`);

  // An icon's keyboard entry (the map's accessible icons) fires locus-select with id and name.
  const name = options[3]!;
  const entry = map.getByRole('button', { name, exact: true }).first();
  await entry.focus();
  await entry.press('Enter');
  await waitForEvent(page, 'locus-select', 'map');
  const select = (await events(page)).find((e) => e.type === 'locus-select' && e.id === 'map')!;
  assert.is(select.detail.id, Number(chosen));
  assert.is(select.detail.name, name);
  assert.match((await page.locator('#log').textContent()) ?? '', `locus-select: ${chosen} ${name}`);

  // A location the user cannot see: locus-error in words a page author understands.
  await page.evaluate(() => document.querySelector('locus-location-map')!.setAttribute('location', '987654321'));
  await waitForEvent(page, 'locus-error', 'map', 2);
  const unknown = (await events(page)).filter((e) => e.type === 'locus-error' && e.id === 'map').at(-1)!;
  assert.is(unknown.detail.code, 'unknownLocation');
  assert.is(unknown.detail.message, 'Location 987654321 is not in this scenario.');
  assert.equal(
    await map.getByRole('status').getByRole('listitem').allTextContents(),
    ['Location 987654321 is not in this scenario.'],
    'told in the element too',
  );

  assert.equal(errors, []);
});

test("two elements on one page sign in once; the page language is the elements'; host CSS and element CSS stay apart", async () => {
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
  const view = await page.evaluate(() =>
    (document.getElementById('b') as unknown as { locusMap: { getView(): { zoom: number; center: [number, number] } } }).locusMap.getView(),
  );
  assert.ok(Math.abs(view.zoom - 9) < 0.01 && Math.abs(view.center[0] - 5.1) < 1e-6 && Math.abs(view.center[1] - 52.1) < 1e-6, JSON.stringify(view));
  assert.equal(errors, []);
});

/** The report element's sheet: its id attribute, heading and whether every map is drawn. */
async function reportState(target: Page): Promise<{ location: string | null; drawn: string | null; heading: string; maps: number; tables: number }> {
  return target.evaluate(() => {
    const paper = document.querySelector('locus-location-report')!.shadowRoot!.querySelector('.report-paper');
    return {
      location: paper?.querySelector('.report-subheader dd')?.textContent ?? null,
      drawn: paper?.getAttribute('data-maps-drawn') ?? null,
      heading: paper?.querySelector('h2')?.textContent ?? '',
      maps: paper?.querySelectorAll('img[data-drawn]').length ?? 0,
      tables: paper?.querySelectorAll('table').length ?? 0,
    };
  });
}

test('the example page shows the report of a calculated location; a new location updates map and report; a scenario not calculated fires locus-error; axe and the golden', async () => {
  await restoreSession(page);
  await recordEvents(page);
  await page.goto(`${intranetUrl}/example.html`);
  await waitForEvent(page, 'locus-ready', 'map');
  const [first, second] = [stores[2]!, stores[7]!];
  await page.locator('#picker').selectOption(String(first.id));
  await waitForEvent(page, 'locus-ready', 'report');
  let state = await reportState(page);
  assert.is(state.location, first.name, 'the report of the chosen store');
  assert.is(state.drawn, 'true', 'every map of the report is drawn');
  assert.ok(state.maps >= 1, `the report's maps (${state.maps})`);
  // Readable by a screen reader: a labelled article, headings, tables with header cells.
  const structure = await page.evaluate(() => {
    const root = document.querySelector('locus-location-report')!.shadowRoot!;
    return {
      label: root.querySelector('article')?.getAttribute('aria-label') ?? '',
      headings: root.querySelectorAll('h2, h3').length,
      headerCells: root.querySelectorAll('table th[scope]').length,
    };
  });
  assert.ok(structure.label.length > 0 && structure.headings >= 3, JSON.stringify(structure));
  const ready = (await events(page)).find((e) => e.type === 'locus-ready' && e.id === 'report')!;
  assert.is(ready.detail.location, first.id);

  // A new location attribute: the report and the map follow without a page load.
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  await page.locator('#picker').selectOption(String(second.id));
  await waitForEvent(page, 'locus-ready', 'report', 2);
  state = await reportState(page);
  assert.is(state.location, second.name);
  assert.is(state.drawn, 'true');
  const centre = await page.evaluate(
    () => (document.getElementById('map') as unknown as { locusMap: { getView(): { center: [number, number] } } }).locusMap.getView().center,
  );
  await page
    .waitForFunction(
      ({ lon, lat }) => {
        const c = (document.getElementById('map') as unknown as { locusMap: { getView(): { center: [number, number] } } }).locusMap.getView().center;
        return Math.hypot(c[0] - lon, c[1] - lat) < 0.01;
      },
      { lon: second.longitude, lat: second.latitude },
      { timeout: 10_000 },
    )
    .catch(() => {
      throw new Error(`the map did not centre on the new store (${JSON.stringify(centre)})`);
    });
  assert.equal(navigations, [], 'no page load');
  assert.match((await page.locator('#log').textContent()) ?? '', `report locus-ready: location ${second.id}`);

  await page.evaluate(() => new Promise((r) => setTimeout(r, 1_000)));
  await expectNoAxeViolations(page, 'embed example page with both elements');
  await expectScreenshot(page, 'embed-example', { mask: [page.locator('#log'), page.locator('#report .report-subheader')] });

  // Print emulation: the page's print rule leaves only the report; A4 pages with the report's maps.
  await page.emulateMedia({ media: 'print' });
  assert.is(await page.locator('#picker').evaluate((e) => getComputedStyle(e).display), 'none', "the page's own parts stay off paper");
  const frame = await page.evaluate(() => {
    const root = document.querySelector('locus-location-report')!.shadowRoot!;
    const paper = root.querySelector('.report-paper')!;
    return { padding: getComputedStyle(paper).paddingTop, mapBreak: getComputedStyle(root.querySelector('.report-map')!).breakInside };
  });
  assert.equal(frame, { padding: '0px', mapBreak: 'avoid' }, "the report's own print rules: no margin of its own, no map cut across pages");
  // The page's @page rule sets A4, as the app's print style sheet does.
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const text = pdf.toString('latin1');
  assert.is(text.slice(0, 5), '%PDF-');
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
  assert.ok(boxes.length >= 1 && boxes.every(([w, h]) => w === 595 && h === 842), `A4 pages (${JSON.stringify(boxes.slice(0, 3))})`);
  assert.ok((text.match(/\/Subtype\s*\/Image/g) ?? []).length >= state.maps, "the report's maps are in the PDF");
  await page.emulateMedia({ media: 'screen' });

  // A scenario that is not calculated: locus-error in words a page author understands.
  await page.evaluate((id) => document.getElementById('report')!.setAttribute('scenario', String(id)), notCalculated.id);
  await page.waitForFunction(
    () =>
      (window as unknown as { embedEvents: { type: string; id: string; detail: { code: string } }[] }).embedEvents.some(
        (e) => e.type === 'locus-error' && e.id === 'report' && e.detail.code === 'notCalculated',
      ),
    null,
    { timeout: 30_000 },
  );
  const error = (await events(page)).filter((e) => e.type === 'locus-error' && e.id === 'report').at(-1)!;
  assert.is(error.detail.message, `Scenario ${notCalculated.name} is not calculated yet.`);
  assert.match(await page.locator('#report').evaluate((e) => e.shadowRoot!.textContent ?? ''), 'is not calculated yet');
  assert.equal(errors, []);
});

test('a map in a hidden tab (display: none) sizes itself and draws when the tab is shown', async () => {
  await restoreSession(page);
  await recordEvents(page);
  await page.goto(`${intranetUrl}/tabs.html`);
  // Hidden: the locations are read and the map is made, but it has no size and nothing to draw yet.
  await page.waitForFunction(
    () => {
      const element = document.getElementById('hidden') as unknown as { locusMap: unknown; locationList: unknown[] };
      return element.locusMap && element.locationList.length > 0;
    },
    null,
    { timeout: 60_000 },
  );
  const hidden = await page.evaluate(() =>
    (document.getElementById('hidden') as unknown as { locusMap: { getSize(): { width: number; height: number } } }).locusMap.getSize(),
  );
  assert.equal(hidden, { width: 0, height: 0 }, 'no size while hidden');
  assert.not.ok(
    (await events(page)).some((e) => e.type === 'locus-ready'),
    'no first frame while hidden',
  );
  await page.evaluate(() => document.getElementById('tab2')!.classList.add('shown'));
  await waitForEvent(page, 'locus-ready', 'hidden');
  // Sized and fitted to the stores: every store inside the picture, spanning at least half of it one way.
  await page.waitForFunction(
    () => {
      const element = document.getElementById('hidden') as unknown as {
        locusMap: { getSize(): { width: number; height: number }; project(p: [number, number]): [number, number] };
        locationList: { longitude: number; latitude: number }[];
      };
      const size = element.locusMap.getSize();
      if (size.width === 0) return false;
      const points = element.locationList.map((l) => element.locusMap.project([l.longitude, l.latitude]));
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      const inside = points.every(([x, y]) => x >= -1 && y >= -1 && x <= size.width + 1 && y <= size.height + 1);
      const span = Math.max((Math.max(...xs) - Math.min(...xs)) / size.width, (Math.max(...ys) - Math.min(...ys)) / size.height);
      return inside && span >= 0.5;
    },
    null,
    { timeout: 10_000 },
  );
  const shown = await page.evaluate(async () => {
    const element = document.getElementById('hidden')!;
    const map = (element as unknown as { locusMap: { getSize(): { width: number; height: number }; whenIdle(): Promise<void> } }).locusMap;
    await map.whenIdle();
    const canvas = element.shadowRoot!.querySelector('canvas')!;
    const box = element.getBoundingClientRect();
    // Pixels of the drawn map: more than one colour in the middle row.
    const data = canvas.getContext('2d')!.getImageData(0, Math.floor(canvas.height / 2), canvas.width, 1).data;
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += 16) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    return { size: map.getSize(), box: [Math.round(box.width), Math.round(box.height)], colours: colours.size };
  });
  assert.ok(
    Math.abs(shown.size.width - (shown.box[0]! - 2)) <= 2 && Math.abs(shown.size.height - (shown.box[1]! - 2)) <= 2,
    `the map takes the element's box (${JSON.stringify(shown)})`,
  );
  assert.ok(shown.colours > 3, `the map is drawn (${shown.colours} colours)`);
  assert.equal(errors, []);
});

test('the layers attribute changes what the map draws; an unknown layer fires locus-error', async () => {
  await restoreSession(page);
  await recordEvents(page);
  await page.goto(`${intranetUrl}/layers.html`);
  await waitForEvent(page, 'locus-ready', 'layered');
  const layered = () =>
    page.evaluate(async () => {
      const element = document.getElementById('layered') as unknown as {
        drawnLayers: string[];
        locusMap: { whenIdle(): Promise<void>; getLayers(): { id: string; features?: unknown[]; points?: unknown[] }[] };
      };
      await element.locusMap.whenIdle();
      const layers = element.locusMap.getLayers();
      return {
        ids: element.drawnLayers,
        icons: (layers.find((l) => l.id === 'locations')?.features ?? []).length,
        pois: (layers.find((l) => l.id === 'pois')?.features ?? []).length,
      };
    });
  const before = await layered();
  assert.ok(before.icons > 10, `the stores are drawn (${before.icons})`);
  assert.not.ok(
    before.ids.some((id) => id.startsWith('heat-map') || id === 'pois'),
    before.ids.join(' '),
  );
  const pictureBefore = await page.locator('#layered').screenshot();

  await page.evaluate((name) => document.getElementById('layered')!.setAttribute('layers', `heat-map:${name} pois`), model.heatMapSets[0]!.name);
  await page.waitForFunction(
    () => {
      const element = document.getElementById('layered') as unknown as {
        drawnLayers: string[];
        locusMap: { getLayers(): { id: string; features?: unknown[] }[] };
      };
      return (
        element.drawnLayers.some((id) => id.startsWith('heat-map')) && (element.locusMap.getLayers().find((l) => l.id === 'pois')?.features ?? []).length > 0
      );
    },
    null,
    { timeout: 30_000 },
  );
  const after = await layered();
  assert.is(after.icons, 0, 'without "locations" the stores are not drawn');
  assert.ok(after.pois > 0, `the POIs are drawn (${after.pois})`);
  assert.ok(after.ids.includes(`heat-map-${model.id}-${model.heatMapSets[0]!.id}`), after.ids.join(' '));
  const pictureAfter = await page.locator('#layered').screenshot();
  assert.not.ok(pictureBefore.equals(pictureAfter), 'the picture changed');

  await page.evaluate(() => document.getElementById('layered')!.setAttribute('layers', 'locations roads heat-map:nowhere'));
  await page.waitForFunction(
    () =>
      (window as unknown as { embedEvents: { type: string; detail: { code: string } }[] }).embedEvents.filter(
        (e) => e.type === 'locus-error' && e.detail.code === 'unknownLayer',
      ).length >= 2,
    null,
    { timeout: 10_000 },
  );
  // Every unknown word is told, and shown in the element over the map, which draws the words it knows.
  const unknown = (await events(page)).filter((e) => e.type === 'locus-error').map((e) => e.detail.message);
  assert.equal(unknown, ['The map has no layer "roads".', 'The map has no layer "heat-map:nowhere".']);
  const notice = page.locator('#layered').getByRole('status');
  assert.equal(await notice.getByRole('listitem').allTextContents(), unknown);
  await page.waitForFunction(
    () =>
      (document.getElementById('layered') as unknown as { locusMap: { getLayers(): { id: string; features?: unknown[] }[] } }).locusMap
        .getLayers()
        .some((l) => l.id === 'locations' && (l.features ?? []).length > 0),
    null,
    { timeout: 10_000 },
  );
  assert.equal(errors, []);
});

test('a blocked popup: the sign-in goes by redirect through the bridge and the page comes back signed in', async () => {
  // The browser's popup blocker: window.open gives nothing.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await recordEvents(page);
  await page.goto(`${intranetUrl}/two.html`);
  const button = page.locator('#a').getByRole('button', { name: 'Aanmelden bij Locus' });
  await button.waitFor({ timeout: 30_000 });
  await button.click();
  await page.waitForURL(/\/oidc\/interaction\//, { timeout: 30_000 });
  await page.locator('#identity').fill(ACCOUNTS.planner.email);
  await page.locator('#password').fill(ACCOUNTS.planner.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(`${intranetUrl}/two.html`, { timeout: 30_000 });
  await waitForEvent(page, 'locus-ready', 'a');
  await waitForEvent(page, 'locus-ready', 'b');
  assert.is(await page.locator('locus-location-map').getByRole('button', { name: 'Aanmelden bij Locus' }).count(), 0, 'both elements signed in');
  assert.equal(errors, []);
});

test('the example page served by Locus itself, under its Content-Security-Policy: styled, the picker filled, the events logged', async () => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  await recordEvents(page);
  const response = await page.goto(`${server.baseUrl}/embed/example.html`);
  const policy = response!.headers()['content-security-policy'] ?? '';
  assert.match(policy, /script-src 'self'(;|$)/);
  assert.match(policy, /style-src 'self'(;|$)/);
  // example.css applies, example.js runs.
  assert.is(await page.locator('h1').evaluate((h) => getComputedStyle(h).fontFamily), '"Inter Variable", "DejaVu Sans", sans-serif');
  const button = page.locator('#map').getByRole('button', { name: 'Sign in to Locus' });
  await button.waitFor({ timeout: 30_000 });
  await signInThroughElement(button);
  await waitForEvent(page, 'locus-ready', 'map');
  await page.waitForFunction(() => document.querySelectorAll('#picker option').length > 10, null, { timeout: 10_000 });
  await page.locator('#picker').selectOption({ index: 2 });
  const chosen = Number(await page.locator('#picker').inputValue());
  await page.waitForFunction(
    (id) =>
      (window as unknown as { embedEvents: { type: string; id: string; detail: { location?: number } }[] }).embedEvents.some(
        (e) => e.type === 'locus-ready' && e.id === 'report' && e.detail.location === id,
      ),
    chosen,
    { timeout: 60_000 },
  );
  const log = (await page.locator('#log').textContent()) ?? '';
  assert.match(log, /map locus-ready: \d+ locations/);
  assert.match(log, `report locus-ready: location ${chosen}`);
  assert.equal(refused, [], 'nothing refused by the security policy');
  assert.equal(errors, []);
});

test('every error code: fired by the element that meets it and shown in it, in its language', async () => {
  await restoreSession(page);
  await recordEvents(page);
  const admin = await apiAs(server, 'admin');
  // The score model: the planner has no access to it.
  const hidden = (await admin.models()).find((m) => m.id !== model.id)!;
  const closed = await freePort();
  const locus = server.baseUrl;
  const store = stores[0]!.id;
  pages['/errors.html'] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Errors</title>
<script type="module" src="${locus}/embed/locus-embed.js"></script>
<style>locus-location-map, locus-location-report { height: 150px; margin: 4px 0; }</style></head><body><main><h1>Errors</h1>
<locus-location-map id="no-access" server="${locus}" model="${hidden.id}"></locus-location-map>
<locus-location-report id="no-access-report" server="${locus}" model="${hidden.id}" location="${store}" lang="nl"></locus-location-report>
<locus-location-map id="unknown-model" server="${locus}" model="987654321"></locus-location-map>
<locus-location-report id="unknown-submodel" server="${locus}" model="${model.id}" submodel="987654321" location="${store}" language="de"></locus-location-report>
<locus-location-map id="unknown-scenario" server="${locus}" model="${model.id}" scenario="987654321" language="fr"></locus-location-map>
<locus-location-report id="unknown-location" server="${locus}" model="${model.id}" scenario="${calculated.id}" location="987654321" language="es"></locus-location-report>
<locus-location-map id="not-calculated" server="${locus}" model="${model.id}" scenario="${notCalculated.id}" location="${store}" layers="locations catchment"></locus-location-map>
<locus-location-map id="failed" server="${locus}" model="99999999999"></locus-location-map>
<locus-location-map id="unavailable" server="http://127.0.0.1:${closed}"></locus-location-map>
</main></body></html>`;
  await page.goto(`${intranetUrl}/errors.html`);
  const expected: Record<string, [string, string]> = {
    'no-access': ['noAccess', 'You have no access to this model or scenario.'],
    'no-access-report': ['noAccess', 'U hebt geen toegang tot dit model of scenario.'],
    'unknown-model': ['unknownModel', 'There is no model 987654321 that you may see.'],
    'unknown-submodel': ['unknownSubmodel', 'Das Modell hat kein Teilmodell 987654321.'],
    'unknown-scenario': ['unknownScenario', 'Le modèle n’a aucun scénario 987654321 que vous pouvez voir.'],
    'unknown-location': ['unknownLocation', 'La ubicación 987654321 no está en este escenario.'],
    'not-calculated': ['notCalculated', `Scenario ${notCalculated.name} is not calculated yet.`],
    failed: ['failed', 'Locus answered with an error (400).'],
    unavailable: ['unavailable', `Locus cannot be reached at http://127.0.0.1:${closed}.`],
  };
  for (const id of Object.keys(expected)) await waitForEvent(page, 'locus-error', id);
  await page.waitForTimeout(200);
  const fired = (await events(page)).filter((e) => e.type === 'locus-error');
  for (const [id, [code, message]] of Object.entries(expected)) {
    const own = fired.filter((e) => e.id === id);
    assert.equal(
      own.map((e) => [e.detail.code, e.detail.message]),
      [[code, message]],
      id,
    );
    // Shown in the element: in its panel, or (the map's layer and location errors) in a note over the map.
    assert.match(await page.locator(`#${id}`).evaluate((e) => e.shadowRoot!.textContent ?? ''), message, `${id} shows its message`);
  }
  assert.is(await page.locator('#not-calculated').getByRole('status').getByRole('listitem').count(), 1, 'a note over the map, which is drawn');
  await expectNoAxeViolations(page, 'embed elements showing their errors');
  assert.equal(errors, []);
});

test('the embedded location report in English and Dutch: axe and the goldens', async () => {
  await restoreSession(page);
  const store = stores[2]!;
  for (const lang of ['en', 'nl']) {
    pages[`/report-${lang}.html`] = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Report</title>
<script type="module" src="${server.baseUrl}/embed/locus-embed.js"></script>
<style>html, body { margin: 0; height: 100%; } body { font-family: "Inter Variable", sans-serif; } main { height: 100%; overflow: auto; padding: 16px 24px; box-sizing: border-box; }</style></head>
<body><main><h1>${lang === 'nl' ? 'Vestigingsrapport' : 'Location report'}</h1>
<locus-location-report id="report" server="${server.baseUrl}" model="${model.id}" scenario="${calculated.id}" location="${store.id}" layout="default"></locus-location-report></main></body></html>`;
  }
  await recordEvents(page);
  for (const lang of ['en', 'nl']) {
    await page.goto(`${intranetUrl}/report-${lang}.html`);
    await waitForEvent(page, 'locus-ready', 'report');
    const state = await reportState(page);
    assert.is(state.drawn, 'true', 'every map drawn');
    // The local-situation map: the built-in basemap with the range circles and the stores around, not one flat colour.
    const colours = await page.evaluate(async () => {
      const image = document.querySelector('locus-location-report')!.shadowRoot!.querySelector<HTMLImageElement>('img[data-drawn]')!;
      await image.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [image.naturalWidth, image.naturalHeight];
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set<string>();
      for (let i = 0; i < data.length; i += 4 * 97) seen.add(`${data[i]! >> 3},${data[i + 1]! >> 3},${data[i + 2]! >> 3}`);
      return seen.size;
    });
    assert.ok(colours > 12, `the local-situation map shows more than a flat square (${colours} colours)`);
    await expectNoAxeViolations(page, `embedded location report (${lang})`);
    await expectScreenshot(page, `embed-report-${lang}`, { mask: [page.locator('#report .report-subheader')], whole: page.locator('main') });
  }
  assert.equal(errors, []);
});

/** Links a package of the repository's node_modules into the host app's (what npm install would bring). */
function linkModule(host: string, name: string): void {
  const target = join(host, 'node_modules', name);
  mkdirSync(dirname(target), { recursive: true });
  if (!existsSync(target)) symlinkSync(join(ROOT, 'node_modules', name), target, 'dir');
}

test("the package from npm pack: the docs' React snippet built with esbuild and with Vite on another origin signs in and shows map and report", async () => {
  const work = mkdtempSync(join(tmpdir(), 'locus-embed-host-'));
  try {
    // The tarball a developer gets: dist with the elements, the wrappers and their types, nothing of the app's build.
    execFileSync('npm', ['pack', '--pack-destination', work, '--silent'], { cwd: join(ROOT, 'packages/embed'), stdio: 'pipe' });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
    const host = join(work, 'host');
    const installed = join(host, 'node_modules/@locus/embed');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', installed, '--strip-components=1']);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    assert.not.ok(manifest.private, 'not private');
    assert.equal(Object.keys(manifest.exports), ['.', './react', './package.json']);
    assert.ok(manifest.peerDependencies.react);
    const files = execFileSync('tar', ['-tzf', join(work, tarball)], { encoding: 'utf8' })
      .trim()
      .split('\n');
    for (const file of ['dist/npm/index.js', 'dist/npm/index.d.ts', 'dist/npm/react.js', 'dist/npm/react.d.ts'])
      assert.ok(files.includes(`package/${file}`), file);
    assert.ok(
      files.every((f) => ['package/package.json', 'package/README.md'].includes(f) || f.startsWith('package/dist/npm/')),
      `only dist, the manifest and the README: ${files.join(' ')}`,
    );
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(installed, file.slice('package/'.length)), 'utf8');
      assert.not.match(code, /(from|import)\s*\(?\s*["'](locus:|@locus\/|\.\.\/\.\.\/)/, `${file}: no virtual import, nothing of the repository`);
    }
    // The host app: its dependencies as npm install brings them, the docs' React snippet as it is written.
    for (const name of [...Object.keys(manifest.dependencies), 'react', 'react-dom', '@types/react', '@types/react-dom']) linkModule(host, name);
    const docs = readFileSync(join(ROOT, 'docs/embed.md'), 'utf8');
    const snippet = /```tsx\n([\s\S]*?)```/.exec(docs)![1]!.replaceAll('https://locus.example.com', server.baseUrl);
    writeFileSync(join(host, 'store-page.tsx'), snippet);
    writeFileSync(
      join(host, 'main.tsx'),
      `import { createRoot } from 'react-dom/client';
import { StorePage } from './store-page';
createRoot(document.getElementById('root')!).render(<StorePage model={${model.id}} scenario={${calculated.id}} />);
`,
    );
    writeFileSync(
      join(host, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          lib: ['ES2023', 'DOM'],
          types: [],
          skipLibCheck: true,
        },
        files: ['main.tsx'],
      }),
    );
    // The package's types hold the snippet (props, events' details).
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', host], { stdio: 'pipe' });
    const page$ = (script: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Store page</title></head>
<body><main><h1>Store page</h1><div id="root"></div></main>${script}</body></html>`;
    // Plain esbuild.
    const { build } = await import('esbuild');
    const esbuildOut = join(work, 'out-esbuild');
    await build({
      entryPoints: [join(host, 'main.tsx')],
      outdir: esbuildOut,
      bundle: true,
      splitting: true,
      format: 'esm',
      jsx: 'automatic',
      minify: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'error',
    });
    writeFileSync(join(esbuildOut, 'index.html'), page$('<script type="module" src="main.js"></script>'));
    // Vite.
    writeFileSync(join(host, 'index.html'), page$('<script type="module" src="./main.tsx"></script>'));
    const vite = await import('vite');
    const viteOut = join(work, 'out-vite');
    await vite.build({
      root: host,
      base: './',
      configFile: false,
      logLevel: 'error',
      build: { outDir: viteOut, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
    });
    hostBuilds.set('/host-esbuild/', esbuildOut);
    hostBuilds.set('/host-vite/', viteOut);

    await recordEvents(page);
    for (const [i, prefix] of ['/host-esbuild/', '/host-vite/'].entries()) {
      await page.goto(`${intranetUrl}${prefix}`);
      const map = page.locator('locus-location-map');
      if (i === 0) {
        // Signing in from the host app: the element's button, the real sign-in page in the popup.
        const button = map.getByRole('button', { name: 'Sign in to Locus' });
        await button.waitFor({ timeout: 30_000 });
        await signInThroughElement(button);
      }
      await page.waitForFunction(
        (_n) =>
          (window as unknown as { embedEvents: { type: string; tag: string }[] }).embedEvents.filter(
            (e) => e.type === 'locus-ready' && e.tag === 'locus-location-map',
          ).length >= 1,
        i,
        { timeout: 60_000 },
      );
      // A store chosen on the map (its keyboard entry) reaches the snippet's onLocusSelect, which shows its report.
      const entry = map.getByRole('listitem').getByRole('button').first();
      await entry.focus();
      await entry.press('Enter');
      await page.waitForFunction(() => (window as unknown as { embedEvents: { type: string }[] }).embedEvents.some((e) => e.type === 'locus-select'), null, {
        timeout: 10_000,
      });
      const chosen = (await events(page)).find((e) => e.type === 'locus-select')!.detail as { id: number; name: string };
      await page.waitForFunction(
        (id) =>
          (window as unknown as { embedEvents: { type: string; tag: string; detail: { location?: number } }[] }).embedEvents.some(
            (e) => e.type === 'locus-ready' && e.tag === 'locus-location-report' && e.detail.location === id,
          ),
        chosen.id,
        { timeout: 60_000 },
      );
      const report = await page.evaluate(() => {
        const root = document.querySelector('locus-location-report')!.shadowRoot!;
        const paper = root.querySelector('.report-paper')!;
        return {
          drawn: paper.getAttribute('data-maps-drawn'),
          maps: paper.querySelectorAll('img[data-drawn]').length,
          unavailable: (paper.textContent ?? '').includes('This map is not available'),
          // The report's own style sheets inside the shadow root: the sheet is 21 cm wide at most and padded.
          styled: getComputedStyle(paper).paddingTop !== '0px',
          heading: paper.querySelector('h2')?.textContent ?? '',
        };
      });
      assert.equal(
        { drawn: report.drawn, unavailable: report.unavailable, styled: report.styled },
        { drawn: 'true', unavailable: false, styled: true },
        `${prefix}: ${JSON.stringify(report)}`,
      );
      assert.ok(report.maps >= 2, `${prefix}: the report's maps (${report.maps})`);
      assert.match(await page.locator('locus-location-report').evaluate((e) => e.shadowRoot!.textContent ?? ''), chosen.name);
    }
    assert.equal(errors, []);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

/** The tables of docs/embed.md: the `## ` section each is in, its header's first cell, and its rows' first cells. */
function docTables(): { section: string; head: string; firsts: string[] }[] {
  const tables: { section: string; head: string; firsts: string[] }[] = [];
  let section = '';
  let current: { section: string; head: string; firsts: string[] } | null = null;
  for (const line of readFileSync(join(ROOT, 'docs/embed.md'), 'utf8').split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3).trim();
    if (!line.startsWith('|')) {
      current = null;
      continue;
    }
    const first = line.split('|')[1]!.trim();
    if (!current) tables.push((current = { section, head: first, firsts: [] }));
    else if (!/^-+$/.test(first)) current.firsts.push(first);
  }
  return tables;
}

/** The names in backticks of a table cell. */
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

test('docs/embed.md holds: every export, attribute, property, layer word, event and error code of its tables is in the built script and behaves as written', async () => {
  const tables = docTables();
  const table = (head: string, section?: string) => {
    const found = tables.filter((t) => t.head === head && (section === undefined || t.section.includes(section)));
    assert.ok(found.length > 0, `docs/embed.md has a table "${head}"${section ? ` in ${section}` : ''}`);
    return found.flatMap((t) => t.firsts);
  };
  await restoreSession(page);
  await recordEvents(page);
  const store = stores[0]!;
  pages['/docs.html'] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title>
<script type="module" src="${server.baseUrl}/embed/locus-embed.js"></script>
<style>locus-location-map { height: 400px; width: 700px; }</style></head><body><main><h1>Docs</h1>
<locus-location-map id="words" server="${server.baseUrl}" model="${model.id}" scenario="${calculated.id}" location="${store.id}" layers="locations"></locus-location-map></main></body></html>`;
  await page.goto(`${intranetUrl}/docs.html`);
  await waitForEvent(page, 'locus-ready', 'words');

  // Exports: what the table lists is what the script exports, no more, no less.
  const documented = table('export').flatMap(ticked).sort();
  const exported = await page.evaluate(async (url) => {
    const module = (await import(url)) as Record<string, unknown>;
    return Object.keys(module)
      .sort()
      .map((name) => [name, typeof module[name]]);
  }, `${server.baseUrl}/embed/locus-embed.js`);
  assert.equal(
    exported.map(([name]) => name),
    documented,
    'the exports of locus-embed.js',
  );
  assert.ok(
    exported.every(([, type]) => type === 'function'),
    JSON.stringify(exported),
  );

  // Attributes: each is observed by its element and becomes its property; read-only properties exist.
  for (const [section, tag] of [
    ['<locus-location-map>', 'locus-location-map'],
    ['<locus-location-report>', 'locus-location-report'],
  ] as const) {
    const rows = table('attribute (property)', section);
    for (const row of rows) {
      const names = ticked(row);
      const property = /\(`([^`]+)`\)/.exec(row)?.[1];
      const attributes = property ? [names[0]!] : names;
      for (const attribute of attributes) {
        const value = await page.evaluate(
          ({ tag, attribute, property }) => {
            const element = document.createElement(tag) as unknown as Record<string, unknown> & HTMLElement;
            const observed = (customElements.get(tag) as unknown as { observedAttributes: string[] }).observedAttributes.includes(attribute);
            element.setAttribute(attribute, '7');
            return { observed, value: element[property] };
          },
          { tag, attribute, property: property ?? attribute },
        );
        assert.ok(value.observed, `${tag} observes ${attribute}`);
        assert.ok(
          value.value === 7 || value.value === '7' || value.value === true,
          `${tag} ${attribute} sets ${property ?? attribute} (${JSON.stringify(value.value)})`,
        );
      }
    }
    for (const property of table('property', section).flatMap(ticked)) {
      const has = await page.evaluate(({ tag, property }) => property in (document.querySelector(tag) ?? document.createElement(tag)), { tag, property });
      assert.ok(has, `${tag}.${property}`);
    }
  }

  // Layer words: each draws its layer (sets named by the model's first set) and none is refused.
  const setName: Record<string, string> = {
    'area-set': model.areaSets[0]!.name,
    'heat-map': model.heatMapSets[0]!.name,
    'poi-set': model.poiSets[0]!.name,
    catchment: model.catchmentAreas[0]!.name,
  };
  const drawnBy: Record<string, string> = {
    locations: 'locations',
    'area-sets': 'area-set-',
    'area-set': 'area-set-',
    'heat-maps': 'heat-map-',
    'heat-map': 'heat-map-',
    pois: 'pois',
    'poi-set': 'pois',
    catchment: 'catchment',
  };
  for (const written of table('word', '<locus-location-map>').flatMap(ticked)) {
    const kind = written.split(':')[0]!;
    const word = written.replace(/<id or name>/, setName[kind] ?? '');
    assert.ok(drawnBy[kind], `a documented layer word the test knows: ${written}`);
    const before = (await events(page)).filter((e) => e.type === 'locus-error').length;
    const drawn = await page.evaluate(
      async ({ word, prefix }) => {
        const element = document.getElementById('words') as unknown as HTMLElement & {
          drawnLayers: string[];
          locusMap: { whenIdle(): Promise<void>; getLayers(): { id: string; features?: unknown[] }[] };
        };
        element.setAttribute('layers', word);
        for (let i = 0; i < 100; i++) {
          await new Promise((r) => setTimeout(r, 100));
          await element.locusMap.whenIdle();
          const layer = element.locusMap.getLayers().find((l) => l.id.startsWith(prefix));
          if (layer && (!('features' in layer) || (layer.features ?? []).length > 0)) return true;
        }
        return false;
      },
      { word, prefix: drawnBy[kind]! },
    );
    assert.ok(drawn, `layers="${word}" draws ${drawnBy[kind]}`);
    assert.is((await events(page)).filter((e) => e.type === 'locus-error').length, before, `layers="${word}" is no error`);
  }

  // Events and error codes: each documented one was fired by its element in this file's tests (with the
  // documented detail), and each error was shown in the element; nothing undocumented was fired.
  const all = [
    ...heard,
    ...(await events(page)).map((e) => ({ type: e.type, tag: e.tag, code: e.detail.code as string | undefined, keys: Object.keys(e.detail) })),
  ];
  const heardKeys = (type: string, tag: string) => new Set(all.filter((e) => e.type === type && e.tag === tag).flatMap((e) => e.keys));
  for (const [section, tag] of [
    ['<locus-location-map>', 'locus-location-map'],
    ['<locus-location-report>', 'locus-location-report'],
  ] as const) {
    for (const row of table('event (`detail`)', section)) {
      const [type, detail] = ticked(row) as [string, string];
      assert.ok(
        all.some((e) => e.type === type && e.tag === tag),
        `${tag} fired ${type}`,
      );
      const keys = [...detail.matchAll(/\w+/g)].map((m) => m[0]);
      const seen = heardKeys(type, tag);
      if (seen.size) for (const key of keys) assert.ok(seen.has(key), `${tag} ${type} has detail.${key}`);
    }
  }
  const codes = table('error code').flatMap(ticked);
  for (const code of codes) {
    const fired = heard.filter((e) => e.type === 'locus-error' && e.code === code);
    assert.ok(fired.length > 0, `locus-error ${code} was fired`);
    assert.ok(
      fired.some((e) => e.shown),
      `${code} was shown in the element`,
    );
  }
  const undocumented = [...new Set(all.filter((e) => e.type === 'locus-error').map((e) => e.code!))].filter((c) => !codes.includes(c));
  assert.equal(undocumented, [], 'every fired code is documented');
  assert.equal(errors, []);
});

test.run();
