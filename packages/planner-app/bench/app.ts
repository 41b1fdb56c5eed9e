// Figures of the planner app (issues 8 and 9), in Debian's Chromium against a
// warm server with the demo data, signed in as the planner on the supermarket
// model (about 6,500 stores):
//   1. navigation to the first map frame with every store drawn (the app's
//      'locus:first-map-frame' mark, from the navigation's start);
//   2. Calculate click to the new output visible, for a scenario with one
//      store changed (a fresh scenario per run);
//   3. a click on a store's icon to the left drawer filled (name and properties);
//   4. the app's JavaScript, gzipped: the first load (the entry and its static
//      imports) and in total (with the lazily loaded chunks), beside what the
//      browser actually transferred on a first load; one line per lazy chunk
//      with what it holds;
//   5. on the calculated base scenario, a click on a store to its catchment
//      area drawn on the map (the app's 'locus:selection-to-catchment'
//      measure), its first selection (read from the server) and a later one
//      (the app's cache) apart, with the server's part (time to the first byte
//      of the catchment call), the answer's size and the client's parts; and
//      the first selection after the pointer rested 300 ms on the icon (the
//      app reads the catchment ahead while the pointer rests);
//   6. opening the location report to every map of it drawn
//      ('locus:location-report'), the first opening (its chunk and the basemap
//      loaded) apart;
//   7. each chart's render with the demo data ('locus:chart-render' to the
//      commit, 'locus:chart-paint' to the painted frame) and its data read
//      ('locus:chart-fetch') apart.
// The figures in the page are wall time on the page's clock; beside them the
// renderer's main-thread task time (Chrome's TaskDuration metric) over the
// same action, a CPU-like figure that is less noisy on a busy machine.
// Each timing runs several times; best and median are printed beside the aim.
// Run: npm run bench -- app   (builds first; BENCH_NO_BUILD=1 uses the build as it is;
// BENCH_ONLY=results measures 5.-7. only; BENCH_RUNS=n runs per figure, 5 by default)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CDPSession, Page } from 'playwright-core';
import {
  apiAs,
  baseScenario,
  launchBrowser,
  literal,
  buildForBench,
  newContext,
  ROOT,
  signIn,
  startServer,
  texts,
  waitForMap,
  type Api,
} from '../../../tests/e2e/harness/index.js';

/** The Dutch texts of the app (the supermarket model's language). */
const nl = texts('nl');

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The zoom at which catchments are measured: a town and its surroundings, as the report's catchment map. */
const CATCHMENT_ZOOM = 11;
const RESULTS_ONLY = process.env.BENCH_ONLY === 'results';
/** A short rest of the pointer on an icon before the click, as a planner aims (the app reads the catchment ahead after 120 ms). */
const REST_MS = 300;
const DIST = join(ROOT, 'packages/planner-app/dist');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const best = (xs: number[]) => Math.min(...xs);
const ms = (x: number) => `${x.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function line(label: string, values: number[], aim: string, format = ms) {
  console.log(`${label.padEnd(44)} best ${format(best(values)).padStart(8)}  median ${format(median(values)).padStart(8)}  (n=${values.length})   aim ${aim}`);
}

// --- 4. JavaScript sizes, from the build ---------------------------------------

/** The module files a script imports statically ("import … from './x.js'" and bare "import './x.js'"). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},\s*]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g)) found.add(m[1]!);
  return [...found];
}

function dynamicImports(code: string): string[] {
  return [...new Set([...code.matchAll(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g)].map((m) => m[1]!))];
}

function javascriptSizes() {
  const assets = join(DIST, 'assets');
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entry = /<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html names no module script');
  const gz = (file: string) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
  const closure = (roots: string[], follow: (code: string) => string[]) => {
    const seen = new Set<string>();
    const queue = [...roots];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...follow(readFileSync(join(assets, file), 'utf8')));
    }
    return seen;
  };
  const first = closure([entry], staticImports);
  const all = closure([entry], (code) => [...staticImports(code), ...dynamicImports(code)]);
  const sum = (files: Set<string>) => [...files].reduce((n, f) => n + gz(f), 0);
  const css = readdirSync(assets)
    .filter((f) => f.endsWith('.css'))
    .reduce((n, f) => n + gz(f), 0);
  const raw = [...all].reduce((n, f) => n + statSync(join(assets, f)).size, 0);
  const lazy = [...all]
    .filter((f) => !first.has(f))
    .map((file) => ({ file, gzip: gz(file), holds: chunkContents(join(assets, file)) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { entry, firstFiles: first.size, first: sum(first), allFiles: all.size, all: sum(all), raw, css, lazy };
}

/**
 * What a chunk holds, from its source map: its sources grouped by npm package
 * or by our package and folder, the largest groups first (by source size).
 */
function chunkContents(file: string): string {
  let map: { sources: string[]; sourcesContent?: (string | null)[] };
  try {
    map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  } catch {
    return '(no source map)';
  }
  const groups = new Map<string, number>();
  map.sources.forEach((source, i) => {
    const size = map.sourcesContent?.[i]?.length ?? 1;
    const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    // The app's own sources sit at ../../src/ from dist/assets, the other workspace packages at ../../../<package>/src/.
    const app = /^\.\.\/\.\.\/src\/(.*\/)?[^/]+$/.exec(source);
    const workspace = /^\.\.\/\.\.\/\.\.\/([^/.][^/]*)\/src\//.exec(source);
    const group = npm
      ? npm[1]!
      : app
        ? `app ${(app[1] ?? '').replace(/\/$/, '') || 'src'}`
        : workspace
          ? `@locus/${workspace[1]}`
          : source.replace(/^(\.\.\/)+/, '');
    groups.set(group, (groups.get(group) ?? 0) + size);
  });
  const total = [...groups.values()].reduce((a, b) => a + b, 0) || 1;
  const top = [...groups].sort((a, b) => b[1] - a[1]);
  const shown = top.slice(0, 5).map(([g, n]) => `${g} ${Math.round((100 * n) / total)}%`);
  return shown.join(', ') + (top.length > 5 ? `, +${top.length - 5} more` : '');
}

// --- browser helpers -------------------------------------------------------------

/** Loads `path` and waits for the first map frame; answers the mark's time from the navigation's start. */
async function firstMapFrame(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const mark = performance.getEntriesByName('locus:first-map-frame')[0];
      return mark ? mark.startTime : null;
    },
    null,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** Places the map on a store (at zoom 14 unless told) and waits until it has drawn. */
async function centreOn(page: Page, lon: number, lat: number, zoom = 14): Promise<[number, number]> {
  return page.evaluate(
    async ([lon, lat, zoom]) => {
      const map = (
        window as unknown as { locusMap: { setView(v: unknown): void; project(p: [number, number]): [number, number]; getContainer?: () => HTMLElement } }
      ).locusMap;
      map.setView({ center: [lon, lat], zoom, bearing: 0, pitch: 0 });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      await new Promise((r) => setTimeout(r, 300));
      const point = map.project([lon, lat]);
      const box = (document.querySelector('.map') as HTMLElement).getBoundingClientRect();
      return [box.left + point[0], box.top + point[1]] as [number, number];
    },
    [lon, lat, zoom] as const,
  );
}

/**
 * Clicks at (x, y) and answers the time from the pointer going down to the
 * frame after the left drawer shows `name` with its properties.
 */
async function clickToDrawer(page: Page, x: number, y: number, name: string): Promise<number> {
  // A string, so the bench's TypeScript transform adds no helpers the page lacks.
  const measured = page.evaluate(`new Promise((resolve, reject) => {
    const name = ${JSON.stringify(name)};
    let start = 0;
    const filled = () => {
      const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent.trim() === name);
      const drawer = heading && heading.closest('aside');
      return !!drawer && !!drawer.querySelector('dl dd');
    };
    const timeout = setTimeout(() => reject(new Error('the drawer did not show ' + name)), 15000);
    addEventListener('pointerdown', (e) => {
      start = e.timeStamp;
      const observer = new MutationObserver(() => check());
      const check = () => {
        if (!filled()) return;
        observer.disconnect();
        requestAnimationFrame(() => { clearTimeout(timeout); resolve(performance.now() - start); });
      };
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      check();
    }, { once: true, capture: true });
  })`) as Promise<number>;
  await page.waitForTimeout(50);
  await page.mouse.click(x, y);
  return measured;
}

// --- the app's own measures (packages/planner-app/src/perf.ts) ----------------------

interface Measure {
  duration: number;
  startTime: number;
  detail: Record<string, string | number | boolean | null> | null;
}

const countOf = (page: Page, name: string) => page.evaluate((n) => performance.getEntriesByName(n).length, name);

/** Waits for an entry of `name` past the first `count` whose detail has `match` (kind, location); answers it. */
async function measureAfter(page: Page, name: string, count: number, match: Record<string, unknown> = {}, timeout = 30_000): Promise<Measure> {
  const handle = await page.waitForFunction(
    ([n, c, m]) => {
      const list = performance.getEntriesByName(n).slice(c) as PerformanceMeasure[];
      const found = list.find((e) => Object.entries(m).every(([k, v]) => (e.detail as Record<string, unknown> | null)?.[k] === v));
      return found ? { duration: found.duration, startTime: found.startTime, detail: found.detail } : null;
    },
    [name, count, match] as const,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as Measure;
}

/** The entries of `name` past the first `count`. */
const measuresAfter = (page: Page, name: string, count: number) =>
  page.evaluate(
    ([n, c]) =>
      (performance.getEntriesByName(n).slice(c) as PerformanceMeasure[]).map((e) => ({ duration: e.duration, startTime: e.startTime, detail: e.detail })),
    [name, count] as const,
  ) as Promise<Measure[]>;

/** The renderer's main-thread task time so far (Chrome's TaskDuration metric), ms. */
async function taskTime(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

interface CatchmentFigure {
  locationId: number;
  total: number;
  cached: boolean;
  fetch: number;
  features: number;
  featureCount: number;
  task: number;
  /** The catchment call as the browser saw it (absent when answered from the app's cache). */
  call: { ttfb: number; download: number; bytes: number; decoded: number } | null;
}

/**
 * Waits until the app has no API call running (its busy bar gone), as a
 * planner who looks at what a selection shows before the next one: the
 * server's matching computation of the previous store would otherwise hold up
 * the next store's reads.
 */
async function settled(page: Page): Promise<void> {
  await page.locator('.busy-bar.active').waitFor({ state: 'detached', timeout: 60_000 });
}

/** Clicks a store at (lon, lat) at zoom `zoom` and reads the app's figures of its catchment drawn on the map. */
async function selectToCatchment(page: Page, cdp: CDPSession, lon: number, lat: number, zoom: number, rest = 0): Promise<CatchmentFigure> {
  await settled(page);
  const [x, y] = await centreOn(page, lon, lat, zoom);
  if (rest) {
    // The pointer comes to the icon and rests there before the click (the app reads ahead meanwhile).
    await page.mouse.move(x - 40, y - 30);
    await page.mouse.move(x, y, { steps: 4 });
    await page.waitForTimeout(rest);
  }
  await page.evaluate(() => performance.clearResourceTimings());
  const before = await Promise.all([
    countOf(page, 'locus:selection-to-catchment'),
    countOf(page, 'locus:catchment-fetch'),
    countOf(page, 'locus:catchment-features'),
  ]);
  const task = await taskTime(cdp);
  await page.mouse.click(x, y);
  const figure = await measureAfter(page, 'locus:selection-to-catchment', before[0], {}, 15_000);
  const taskAfter = await taskTime(cdp);
  const locationId = Number(figure.detail?.locationId);
  const fetches = (await measuresAfter(page, 'locus:catchment-fetch', before[1])).filter((m) => m.detail?.locationId === locationId);
  const features = await measuresAfter(page, 'locus:catchment-features', before[2]);
  const call = await page.evaluate((id) => {
    const r = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.includes(`/locations/${id}/catchment-areas/`));
    return r
      ? { ttfb: r.responseStart - r.requestStart, download: r.responseEnd - r.responseStart, bytes: r.encodedBodySize, decoded: r.decodedBodySize }
      : null;
  }, locationId);
  const fetch = fetches[fetches.length - 1];
  return {
    locationId,
    total: figure.duration,
    cached: fetch?.detail?.cached === true,
    fetch: fetch?.duration ?? NaN,
    features: features.reduce((n, m) => n + m.duration, 0),
    featureCount: Number(features[features.length - 1]?.detail?.features ?? 0),
    task: taskAfter - task,
    call,
  };
}

/** Opens the location report of the selected store from the Reports menu; answers the app's figures and closes it. */
async function openLocationReport(page: Page, cdp: CDPSession) {
  const reports = page.getByRole('button', { name: nl('reportsButton'), exact: true });
  await page.waitForFunction((label) => document.querySelector(`[aria-label="${label}"]`)?.getAttribute('aria-disabled') !== 'true', nl('reportsButton'), {
    timeout: 30_000,
  });
  await settled(page);
  await reports.click();
  const before = await Promise.all([
    countOf(page, 'locus:location-report'),
    countOf(page, 'locus:report-map'),
    countOf(page, 'locus:location-report-complete'),
    countOf(page, 'locus:report-map-draw'),
    countOf(page, 'locus:report-map-encode'),
  ]);
  const task = await taskTime(cdp);
  await page.getByRole('menuitem', { name: nl('locationReportMenu') }).click();
  const figure = await measureAfter(page, 'locus:location-report', before[0], {}, 60_000);
  const taskAfter = await taskTime(cdp);
  const maps = await measuresAfter(page, 'locus:report-map', before[1]);
  const complete = await measureAfter(page, 'locus:location-report-complete', before[2], {}, 60_000);
  const draws = await measuresAfter(page, 'locus:report-map-draw', before[3]);
  const encodes = await measuresAfter(page, 'locus:report-map-encode', before[4]);
  const dialog = page.getByRole('dialog', { name: nl('locationReportMenu') });
  await dialog.getByRole('button', { name: nl('cancel'), exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  return {
    total: figure.duration,
    complete: complete.duration,
    maps: maps.map((m) => m.duration),
    draws: draws.map((m) => m.duration),
    encodes: encodes.map((m) => m.duration),
    task: taskAfter - task,
  };
}

const CHART_TITLES = { matching: 'chartMatchingTitle', radar: 'chartRadarTitle', drivers: 'chartDriversTitle', properties: 'chartPropertiesTitle' } as const;
type ChartKind = keyof typeof CHART_TITLES;

/** Opens a chart of the selected store from the Graphics menu; answers the app's figures (render, paint, data read) and closes it. */
async function openChart(page: Page, cdp: CDPSession, kind: ChartKind) {
  const graphics = page.getByRole('button', { name: nl('graphicsButton'), exact: true });
  await page.waitForFunction((label) => document.querySelector(`[aria-label="${label}"]`)?.getAttribute('aria-disabled') !== 'true', nl('graphicsButton'), {
    timeout: 30_000,
  });
  await settled(page);
  await graphics.click();
  const before = await Promise.all(['locus:chart-paint', 'locus:chart-render', 'locus:chart-fetch'].map((n) => countOf(page, n)));
  const task = await taskTime(cdp);
  await page.getByRole('menuitem', { name: nl(CHART_TITLES[kind]), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${literal(nl(CHART_TITLES[kind]))}`) });
  if (kind === 'properties') {
    // The demo data's model output against the actual turnover (the axes stay chosen for later openings).
    const selects = dialog.getByRole('combobox');
    if (!(await selects.nth(1).inputValue())) {
      await selects.nth(0).selectOption({ label: 'Omzet (model)' });
      await selects.nth(1).selectOption({ label: 'Werkelijke omzet' });
    }
  }
  const paint = await measureAfter(page, 'locus:chart-paint', before[0], { kind });
  const taskAfter = await taskTime(cdp);
  const render = (await measuresAfter(page, 'locus:chart-render', before[1])).find((m) => m.detail?.kind === kind);
  const fetch = (await measuresAfter(page, 'locus:chart-fetch', before[2])).find((m) => m.detail?.kind === kind);
  const points = kind === 'properties' ? Number(await dialog.locator('svg[data-chart="scatter"] path[data-points]').getAttribute('data-points')) : 0;
  await dialog
    .getByRole('button', { name: nl('close') })
    .first()
    .click();
  await dialog.waitFor({ state: 'hidden' });
  return { render: render?.duration ?? NaN, paint: paint.duration, fetch: fetch?.duration ?? NaN, task: taskAfter - task, points };
}

// --- the run -----------------------------------------------------------------------

buildForBench();

const sizes = javascriptSizes();
console.log(`\napp JavaScript (gzip -9): entry ${sizes.entry}`);
console.log(`${'  first load (entry + static imports)'.padEnd(44)} ${kb(sizes.first).padStart(10)} in ${sizes.firstFiles} files   aim < 350 kB`);
console.log(
  `${'  total with lazy chunks'.padEnd(44)} ${kb(sizes.all).padStart(10)} in ${sizes.allFiles} files (${kb(sizes.raw)} minified), CSS ${kb(sizes.css)}`,
);
console.log('  lazy chunks (gzip -9, what each holds by source size):');
for (const c of sizes.lazy) console.log(`    ${c.file.padEnd(20)} ${kb(c.gzip).padStart(9)}  ${c.holds}`);

console.log('\nstarting the server (demo data) and Chromium ...');
const server = await startServer();
const browser = await launchBrowser();
try {
  const api: Api = await apiAs(server, 'planner');
  const model = (await api.models())[0]!;
  const base = baseScenario(await api.scenarios(model.id));
  const stores = (await api.locations(base.id)).filter((l) => l.visibility === 0);
  console.log(`model "${model.name}": ${stores.length} locations in the base scenario`);

  // BENCH_ONLY=results measures only the results (5.-7.), for work on them.
  const context = await newContext(browser, { locale: 'nl-NL' });
  const page = await context.newPage();
  if (!RESULTS_ONLY) {
    await signIn(page, server.baseUrl, 'planner');

    // What the browser transferred on a first load (scripts, compressed as sent).
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('locus:first-map-frame').length > 0, null, { timeout: 60_000 });
    const transferred = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => r.initiatorType === 'script' || r.initiatorType === 'link' || /\.js(\?|$)/.test(r.name))
        .filter((r) => new URL(r.name).pathname.startsWith('/assets/') && r.name.endsWith('.js'))
        .reduce((n, r) => n + (r.encodedBodySize || r.transferSize), 0),
    );
    console.log(`${'  JavaScript the browser loaded (as sent)'.padEnd(44)} ${kb(transferred).padStart(10)}`);

    // 1. Navigation to the first map frame (warm server and browser cache, as a returning planner).
    const url = `${server.baseUrl}/?mid=${model.id}&sid=${base.id}`;
    await firstMapFrame(page, url);
    const frames: number[] = [];
    for (let i = 0; i < RUNS; i++) frames.push(await firstMapFrame(page, url));
    console.log('');
    line('navigation to the first map frame', frames, '< 1500 ms');

    // 3. Selection: a click on a store's icon to the drawer filled.
    const picks = stores.filter((_, i) => i % Math.max(1, Math.floor(stores.length / (RUNS * 2))) === 0).slice(0, RUNS * 2);
    const selections: number[] = [];
    for (const store of picks) {
      const [x, y] = await centreOn(page, store.longitude, store.latitude);
      try {
        selections.push(await clickToDrawer(page, x, y, store.name));
      } catch (error) {
        console.log(`  (selection of ${store.name} not measured: ${(error as Error).message})`);
      }
    }
    if (selections.length) line('selection click to the left drawer filled', selections, '< 100 ms');
  }

  // 2. Calculate: a fresh scenario with one store's sales floor area changed, per run, on a
  // calculated base scenario (as on a server in use).
  await api.call('scenarioStartProcessing', { scenarioId: base.id });
  for (let i = 0; ; i++) {
    const status = (await api.scenarios(model.id)).find((s) => s.id === base.id)!.status;
    if (status === 9) break;
    if (status === 10 || i > 300) throw new Error(`the base scenario did not calculate (status ${status})`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (!RESULTS_ONLY) {
    const calculations: number[] = [];
    const calcRuns = Math.min(RUNS, 3);
    for (let i = 0; i < calcRuns; i++) {
      const store = stores[(i * 997) % stores.length]!;
      const { id: sid } = await api.call<{ id: number }>(
        'scenarioCreate',
        { modelId: model.id },
        { body: { name: `Bench ${i + 1} ${Date.now()}`, parentScenarioId: base.id } },
      );
      const detail = await api.call<
        { locationProperties: { id: number; name: string; stringValue: string | null; numberValue: number | null }[] } & Record<string, unknown>
      >('scenarioLocationProperties', { scenarioId: sid, locationId: store.id });
      const body = {
        id: store.id,
        name: store.name,
        latitude: store.latitude,
        longitude: store.longitude,
        type: store.type,
        visibility: store.visibility,
        excluded: store.excluded,
        locationGroupId: store.locationGroupId,
        locationClusterId: store.locationClusterId,
        scenarioCreation: null,
        locationProperties: detail.locationProperties.map((p) => ({
          id: p.id,
          stringValue: p.stringValue,
          numberValue: p.name === 'salesFloorArea' && p.numberValue !== null ? p.numberValue + 150 : p.numberValue,
        })),
      };
      await api.call('locationUpdate', { modelId: model.id, scenarioId: sid, locationId: store.id }, { body });
      await page.goto(`${server.baseUrl}/?mid=${model.id}&sid=${sid}&lid=${store.id}`);
      const output = page.locator('[data-testid=output-value]');
      const button = page.getByRole('button', { name: /^(Calculate|Berekenen)$/ }).last();
      await button.waitFor({ timeout: 30_000 });
      const measured = page.evaluate(`new Promise((resolve, reject) => {
        let start = 0;
        const timeout = setTimeout(() => reject(new Error('no output within 60 s')), 60000);
        addEventListener('pointerdown', (e) => {
          start = e.timeStamp;
          const observer = new MutationObserver(() => {
            const value = document.querySelector('[data-testid=output-value]');
            if (value && value.textContent && value.textContent !== '–') {
              observer.disconnect();
              requestAnimationFrame(() => { clearTimeout(timeout); resolve(performance.now() - start); });
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        }, { once: true, capture: true });
      })`) as Promise<number>;
      await page.waitForTimeout(50);
      await button.click();
      calculations.push(await measured);
      await output.waitFor();
    }
    line('Calculate click to the new output visible', calculations, '< 2000 ms');
  }
  await context.close();

  // 5.-7. Catchments, the location report and the charts on the calculated base scenario, in a fresh
  // session (nothing cached in the app yet). Stores spread over the country; their own stores (type 1).
  const own = stores.filter((l) => l.type === 1);
  const runStores = Array.from({ length: RUNS }, (_, i) => own[Math.floor(((i + 0.5) * own.length) / RUNS)]!);
  const session = await newContext(browser, { locale: 'nl-NL' });
  const app = await session.newPage();
  const cdp = await session.newCDPSession(app);
  await cdp.send('Performance.enable');
  await signIn(app, server.baseUrl, 'planner', `/?mid=${model.id}&sid=${base.id}&z=${CATCHMENT_ZOOM}&c=${runStores[0]!.longitude},${runStores[0]!.latitude}`);
  await waitForMap(app);
  await app.evaluate(() => performance.setResourceTimingBufferSize(5000));

  // 5. Selection to the catchment drawn: each store's first selection, then each again after another (the app's cache).
  // Then other stores, each clicked after the pointer rested REST_MS on its icon.
  const first: CatchmentFigure[] = [];
  const again: CatchmentFigure[] = [];
  const rested: CatchmentFigure[] = [];
  const restStores = Array.from({ length: RUNS }, (_, i) => own[Math.floor(((i + 0.25) * own.length) / RUNS)]!);
  for (const [round, list, rest] of [
    [first, runStores, 0],
    [again, runStores, 0],
    [rested, restStores, REST_MS],
  ] as const) {
    for (const store of list) {
      try {
        round.push(await selectToCatchment(app, cdp, store.longitude, store.latitude, CATCHMENT_ZOOM, rest));
      } catch (error) {
        console.log(`  (catchment of ${store.name} not measured: ${(error as Error).message.split('\n')[0]})`);
      }
    }
  }
  console.log(`\ncatchment on the map (zoom ${CATCHMENT_ZOOM}, catchment area "${model.catchmentAreas[0]?.title ?? ''}")`);
  const catchmentLines = (label: string, list: CatchmentFigure[]) => {
    if (!list.length) return;
    line(
      `selection to catchment drawn, ${label}`,
      list.map((f) => f.total),
      '< 300 ms',
    );
    line(
      '  main-thread task time over it',
      list.map((f) => f.task),
      '',
    );
    line(
      "  the app's catchment read (fetch + parse)",
      list.map((f) => f.fetch),
      '',
    );
    const calls = list.flatMap((f) => (f.call ? [f.call] : []));
    if (calls.length) {
      line(
        '  server: time to the first byte',
        calls.map((c) => c.ttfb),
        '',
      );
      line(
        '  answer download',
        calls.map((c) => c.download),
        '',
      );
      line(
        '  answer size (as sent)',
        calls.map((c) => c.bytes),
        '',
        kb,
      );
    }
    line(
      '  map features built',
      list.map((f) => f.features),
      '',
    );
    line(
      "  client part (total less the server's first byte)",
      list.map((f) => f.total - (f.call?.ttfb ?? 0)),
      '',
    );
    console.log(`  features per catchment: ${list.map((f) => f.featureCount).join(', ')}`);
  };
  catchmentLines('first selection', first);
  catchmentLines('again (app cache)', again);
  catchmentLines(`first, pointer rested ${REST_MS} ms`, rested);

  // 6. The location report of a selected store, opened from the Reports menu.
  const reportFigures: Awaited<ReturnType<typeof openLocationReport>>[] = [];
  for (const store of runStores) {
    try {
      await selectToCatchment(app, cdp, store.longitude, store.latitude, CATCHMENT_ZOOM).catch(() => null);
      reportFigures.push(await openLocationReport(app, cdp));
    } catch (error) {
      console.log(`  (report of ${store.name} not measured: ${(error as Error).message.split('\n')[0]})`);
    }
  }
  if (reportFigures.length) {
    const [cold, ...warm] = reportFigures;
    console.log("\nlocation report (the model's layout: 2 maps, tables, 3 charts)");
    console.log(
      `${'opening to all maps drawn, first (chunk)'.padEnd(44)} ${ms(cold!.total).padStart(8)}  task ${ms(cold!.task)}  maps ${cold!.maps.map(ms).join(', ')}  complete ${ms(cold!.complete)}`,
    );
    if (warm.length) {
      line(
        'opening to all maps drawn, later',
        warm.map((r) => r.total),
        '< 2000 ms',
      );
      line(
        '  main-thread task time over it',
        warm.map((r) => r.task),
        '',
      );
      line(
        "  to complete (maps and the charts' data)",
        warm.map((r) => r.complete),
        '',
      );
      line(
        '  each map drawn to its image',
        warm.flatMap((r) => r.maps),
        '',
      );
      line(
        '    of which drawn on its canvas',
        warm.flatMap((r) => r.draws),
        '',
      );
      line(
        '    of which encoded (PNG)',
        warm.flatMap((r) => r.encodes),
        '',
      );
    }
  }

  // 7. The four charts per store.
  const charts = new Map<ChartKind, { render: number; paint: number; fetch: number; task: number; points: number }[]>();
  for (const store of runStores) {
    await selectToCatchment(app, cdp, store.longitude, store.latitude, CATCHMENT_ZOOM).catch(() => null);
    for (const kind of Object.keys(CHART_TITLES) as ChartKind[]) {
      if ((kind === 'radar' && !model.hasNormalizedScoresFunctions) || (kind === 'drivers' && !model.hasDriverFilters)) continue;
      try {
        const figure = await openChart(app, cdp, kind);
        charts.set(kind, [...(charts.get(kind) ?? []), figure]);
      } catch (error) {
        console.log(`  (chart ${kind} not measured: ${(error as Error).message.split('\n')[0]})`);
      }
    }
  }
  console.log("\ncharts (the first opening loads the charts chunk; data reads of later openings of the same data come from the app's cache)");
  for (const [kind, list] of charts) {
    const extra = kind === 'properties' ? ` (${list[0]!.points} grey points)` : '';
    line(
      `${kind}${extra}: render to commit`,
      list.map((f) => f.render),
      '< 50 ms',
    );
    line(
      `${kind}: render to painted frame`,
      list.map((f) => f.paint),
      '',
    );
    line(
      `${kind}: data read`,
      list.map((f) => f.fetch),
      '',
    );
    line(
      `${kind}: main-thread task time (read + render)`,
      list.map((f) => f.task),
      '',
    );
  }
  await session.close();
} finally {
  await browser.close();
  await server.stop();
}
process.exit(0);
