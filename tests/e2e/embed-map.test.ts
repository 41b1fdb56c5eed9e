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
// golden of the example page with both elements.
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import type { LocationSummary, Model, Scenario } from '@locus/contract';
import {
  ACCOUNTS, apiAs, collectPageErrors, e2eSuite, expectNoAxeViolations, expectScreenshot, freePort, launchBrowser, newContext, ROOT, startServer, type LocusServer,
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
  return { '/example.html': example, '/two.html': two, '/tabs.html': tabs, '/layers.html': layers, '/locus-redirect.html': bridge };
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

test.after.each(async () => {
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
  await popup.locator('button[type=submit]').click().catch((error: Error) => {
    if (!popup.isClosed()) throw error;
  });
  await closed.catch(async (error: Error) => {
    throw new Error(`${error.message}; the popup is at ${popup.url()} saying ${(await popup.locator('body').textContent().catch(() => '')) ?? ''} ${messages.join(' | ')}`);
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
  await target.addInitScript(({ origin, storage }) => {
    if (location.origin !== origin || sessionStorage.getItem('restored')) return;
    sessionStorage.setItem('restored', '1');
    for (const [k, v] of Object.entries(storage)) localStorage.setItem(k, v);
  }, { origin: intranetUrl, storage: signedIn.storage });
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

test('the example page on another origin: sign-in in the element, the stores on the map, the location attribute, locus-select, locus-error', async () => {
  await recordEvents(page);
  await page.goto(`${intranetUrl}/example.html`);
  const map = page.locator('locus-location-map');
  const signInButton = map.getByRole('button', { name: 'Sign in to Locus' });
  await signInButton.waitFor({ timeout: 30_000 });
  assert.ok((await events(page)).some((e) => e.type === 'locus-error' && e.detail.code === 'signInNeeded'), 'a page without a session hears signInNeeded');
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
  const select = (await events(page)).find((e) => e.type === 'locus-select' && e.id === 'map')!;
  assert.is(select.detail.id, Number(chosen));
  assert.is(select.detail.name, name);
  assert.match(await page.locator('#log').textContent() ?? '', `locus-select: ${chosen} ${name}`);

  // A location the user cannot see: locus-error in words a page author understands.
  await page.evaluate(() => document.querySelector('locus-location-map')!.setAttribute('location', '987654321'));
  await waitForEvent(page, 'locus-error', 'map', 2);
  const unknown = (await events(page)).filter((e) => e.type === 'locus-error' && e.id === 'map').at(-1)!;
  assert.is(unknown.detail.code, 'unknownLocation');
  assert.is(unknown.detail.message, 'Location 987654321 is not in this scenario.');

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
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations.push(f.url()); });
  await page.locator('#picker').selectOption(String(second.id));
  await waitForEvent(page, 'locus-ready', 'report', 2);
  state = await reportState(page);
  assert.is(state.location, second.name);
  assert.is(state.drawn, 'true');
  const centre = await page.evaluate(() => (document.getElementById('map') as unknown as { locusMap: { getView(): { center: [number, number] } } }).locusMap.getView().center);
  await page.waitForFunction(({ lon, lat }) => {
    const c = (document.getElementById('map') as unknown as { locusMap: { getView(): { center: [number, number] } } }).locusMap.getView().center;
    return Math.hypot(c[0] - lon, c[1] - lat) < 0.01;
  }, { lon: second.longitude, lat: second.latitude }, { timeout: 10_000 }).catch(() => {
    throw new Error(`the map did not centre on the new store (${JSON.stringify(centre)})`);
  });
  assert.equal(navigations, [], 'no page load');
  assert.match(await page.locator('#log').textContent() ?? '', `report locus-ready: location ${second.id}`);

  await page.evaluate(() => new Promise((r) => setTimeout(r, 1_000)));
  await expectNoAxeViolations(page, 'embed example page with both elements');
  await expectScreenshot(page, 'embed-example', { mask: [page.locator('#log'), page.locator('#report .report-subheader')] });

  // Print emulation: the page's print rule leaves only the report; A4 pages with the report's maps.
  await page.emulateMedia({ media: 'print' });
  assert.is(await page.locator('#picker').evaluate((e) => getComputedStyle(e).display), 'none', 'the page\'s own parts stay off paper');
  const frame = await page.evaluate(() => {
    const root = document.querySelector('locus-location-report')!.shadowRoot!;
    const paper = root.querySelector('.report-paper')!;
    return { padding: getComputedStyle(paper).paddingTop, mapBreak: getComputedStyle(root.querySelector('.report-map')!).breakInside };
  });
  assert.equal(frame, { padding: '0px', mapBreak: 'avoid' }, 'the report\'s own print rules: no margin of its own, no map cut across pages');
  // The page's @page rule sets A4, as the app's print style sheet does.
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const text = pdf.toString('latin1');
  assert.is(text.slice(0, 5), '%PDF-');
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
  assert.ok(boxes.length >= 1 && boxes.every(([w, h]) => w === 595 && h === 842), `A4 pages (${JSON.stringify(boxes.slice(0, 3))})`);
  assert.ok((text.match(/\/Subtype\s*\/Image/g) ?? []).length >= state.maps, 'the report\'s maps are in the PDF');
  await page.emulateMedia({ media: 'screen' });

  // A scenario that is not calculated: locus-error in words a page author understands.
  await page.evaluate((id) => document.getElementById('report')!.setAttribute('scenario', String(id)), notCalculated.id);
  await page.waitForFunction(() => (window as unknown as { embedEvents: { type: string; id: string; detail: { code: string } }[] }).embedEvents
    .some((e) => e.type === 'locus-error' && e.id === 'report' && e.detail.code === 'notCalculated'), null, { timeout: 30_000 });
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
  await page.waitForFunction(() => {
    const element = document.getElementById('hidden') as unknown as { locusMap: unknown; locationList: unknown[] };
    return element.locusMap && element.locationList.length > 0;
  }, null, { timeout: 60_000 });
  const hidden = await page.evaluate(() => (document.getElementById('hidden') as unknown as { locusMap: { getSize(): { width: number; height: number } } }).locusMap.getSize());
  assert.equal(hidden, { width: 0, height: 0 }, 'no size while hidden');
  assert.not.ok((await events(page)).some((e) => e.type === 'locus-ready'), 'no first frame while hidden');
  await page.evaluate(() => document.getElementById('tab2')!.classList.add('shown'));
  await waitForEvent(page, 'locus-ready', 'hidden');
  // Sized and fitted to the stores: every store inside the picture, spanning at least half of it one way.
  await page.waitForFunction(() => {
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
  }, null, { timeout: 10_000 });
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
  assert.ok(Math.abs(shown.size.width - (shown.box[0]! - 2)) <= 2 && Math.abs(shown.size.height - (shown.box[1]! - 2)) <= 2, `the map takes the element's box (${JSON.stringify(shown)})`);
  assert.ok(shown.colours > 3, `the map is drawn (${shown.colours} colours)`);
  assert.equal(errors, []);
});

test('the layers attribute changes what the map draws; an unknown layer fires locus-error', async () => {
  await restoreSession(page);
  await recordEvents(page);
  await page.goto(`${intranetUrl}/layers.html`);
  await waitForEvent(page, 'locus-ready', 'layered');
  const layered = () => page.evaluate(async () => {
    const element = document.getElementById('layered') as unknown as { drawnLayers: string[]; locusMap: { whenIdle(): Promise<void>; getLayers(): { id: string; features?: unknown[]; points?: unknown[] }[] } };
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
  assert.not.ok(before.ids.some((id) => id.startsWith('heat-map') || id === 'pois'), before.ids.join(' '));
  const pictureBefore = await page.locator('#layered').screenshot();

  await page.evaluate((name) => document.getElementById('layered')!.setAttribute('layers', `heat-map:${name} pois`), model.heatMapSets[0]!.name);
  await page.waitForFunction(() => {
    const element = document.getElementById('layered') as unknown as { drawnLayers: string[]; locusMap: { getLayers(): { id: string; features?: unknown[] }[] } };
    return element.drawnLayers.some((id) => id.startsWith('heat-map')) && (element.locusMap.getLayers().find((l) => l.id === 'pois')?.features ?? []).length > 0;
  }, null, { timeout: 30_000 });
  const after = await layered();
  assert.is(after.icons, 0, 'without "locations" the stores are not drawn');
  assert.ok(after.pois > 0, `the POIs are drawn (${after.pois})`);
  assert.ok(after.ids.includes(`heat-map-${model.id}-${model.heatMapSets[0]!.id}`), after.ids.join(' '));
  const pictureAfter = await page.locator('#layered').screenshot();
  assert.not.ok(pictureBefore.equals(pictureAfter), 'the picture changed');

  await page.evaluate(() => document.getElementById('layered')!.setAttribute('layers', 'locations roads'));
  await page.waitForFunction(() => (window as unknown as { embedEvents: { type: string; detail: { code: string } }[] }).embedEvents
    .some((e) => e.type === 'locus-error' && e.detail.code === 'unknownLayer'), null, { timeout: 10_000 });
  const unknown = (await events(page)).filter((e) => e.type === 'locus-error').at(-1)!;
  assert.is(unknown.detail.message, 'The map has no layer "roads".');
  assert.equal(errors, []);
});

test('a blocked popup: the sign-in goes by redirect through the bridge and the page comes back signed in', async () => {
  // The browser's popup blocker: window.open gives nothing.
  await page.addInitScript(() => { window.open = () => null; });
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

test.run();
