// Figures of the planner app (issue 8), in Debian's Chromium against a warm
// server with the demo data, signed in as the planner on the supermarket
// model (about 6,500 stores):
//   1. navigation to the first map frame with every store drawn (the app's
//      'locus:first-map-frame' mark, from the navigation's start);
//   2. Calculate click to the new output visible, for a scenario with one
//      store changed (a fresh scenario per run);
//   3. a click on a store's icon to the left drawer filled (name and properties);
//   4. the app's JavaScript, gzipped: the first load (the entry and its static
//      imports) and in total (with the lazily loaded chunks), beside what the
//      browser actually transferred on a first load.
// Each timing runs several times; best and median are printed beside the aim.
// Run: npm run bench -- app   (builds first)
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import {
  apiAs, baseScenario, launchBrowser, missingBuild, newContext, ROOT, signIn, startServer, type Api,
} from '../../../tests/e2e/harness/index.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DIST = join(ROOT, 'packages/planner-app/dist');

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };
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
  const css = readdirSync(assets).filter((f) => f.endsWith('.css')).reduce((n, f) => n + gz(f), 0);
  const raw = [...all].reduce((n, f) => n + statSync(join(assets, f)).size, 0);
  return { entry, firstFiles: first.size, first: sum(first), allFiles: all.size, all: sum(all), raw, css };
}

// --- browser helpers -------------------------------------------------------------

/** Loads `path` and waits for the first map frame; answers the mark's time from the navigation's start. */
async function firstMapFrame(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => {
    const mark = performance.getEntriesByName('locus:first-map-frame')[0];
    return mark ? mark.startTime : null;
  }, null, { timeout: 60_000, polling: 'raf' });
  return (await handle.jsonValue()) as number;
}

/** Places the map on a store at zoom 14 and waits until it has drawn. */
async function centreOn(page: Page, lon: number, lat: number): Promise<[number, number]> {
  return page.evaluate(async ([lon, lat]) => {
    const map = (window as unknown as { locusMap: { setView(v: unknown): void; project(p: [number, number]): [number, number]; getContainer?: () => HTMLElement } }).locusMap;
    map.setView({ center: [lon, lat], zoom: 14, bearing: 0, pitch: 0 });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    await new Promise((r) => setTimeout(r, 300));
    const point = map.project([lon, lat]);
    const box = (document.querySelector('.map') as HTMLElement).getBoundingClientRect();
    return [box.left + point[0], box.top + point[1]] as [number, number];
  }, [lon, lat] as const);
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

// --- the run -----------------------------------------------------------------------

console.log('building ...');
const build = spawnSync(process.execPath, [join(ROOT, 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const problem = missingBuild();
if (problem) throw new Error(problem);

const sizes = javascriptSizes();
console.log(`\napp JavaScript (gzip -9): entry ${sizes.entry}`);
console.log(`${'  first load (entry + static imports)'.padEnd(44)} ${kb(sizes.first).padStart(10)} in ${sizes.firstFiles} files   aim < 350 kB`);
console.log(`${'  total with lazy chunks'.padEnd(44)} ${kb(sizes.all).padStart(10)} in ${sizes.allFiles} files (${kb(sizes.raw)} minified), CSS ${kb(sizes.css)}`);

console.log('\nstarting the server (demo data) and Chromium ...');
const server = await startServer();
const browser = await launchBrowser();
try {
  const api: Api = await apiAs(server, 'planner');
  const model = (await api.models())[0]!;
  const base = baseScenario(await api.scenarios(model.id));
  const stores = (await api.locations(base.id)).filter((l) => l.visibility === 0);
  console.log(`model "${model.name}": ${stores.length} locations in the base scenario`);

  const context = await newContext(browser, { locale: 'nl-NL' });
  const page = await context.newPage();
  await signIn(page, server.baseUrl, 'planner');

  // What the browser transferred on a first load (scripts, compressed as sent).
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => performance.getEntriesByName('locus:first-map-frame').length > 0, null, { timeout: 60_000 });
  const transferred = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((r) => r.initiatorType === 'script' || r.initiatorType === 'link' || /\.js(\?|$)/.test(r.name))
    .filter((r) => new URL(r.name).pathname.startsWith('/assets/') && r.name.endsWith('.js'))
    .reduce((n, r) => n + (r.encodedBodySize || r.transferSize), 0));
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

  // 2. Calculate: a fresh scenario with one store's sales floor area changed, per run, on a
  // calculated base scenario (as on a server in use).
  await api.call('scenarioStartProcessing', { scenarioId: base.id });
  for (let i = 0; ; i++) {
    const status = (await api.scenarios(model.id)).find((s) => s.id === base.id)!.status;
    if (status === 9) break;
    if (status === 10 || i > 300) throw new Error(`the base scenario did not calculate (status ${status})`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const calculations: number[] = [];
  const calcRuns = Math.min(RUNS, 3);
  for (let i = 0; i < calcRuns; i++) {
    const store = stores[(i * 997) % stores.length]!;
    const { id: sid } = await api.call<{ id: number }>('scenarioCreate', { modelId: model.id }, { body: { name: `Bench ${i + 1} ${Date.now()}`, parentScenarioId: base.id } });
    const detail = await api.call<{ locationProperties: { id: number; name: string; stringValue: string | null; numberValue: number | null }[] } & Record<string, unknown>>('scenarioLocationProperties', { scenarioId: sid, locationId: store.id });
    const body = {
      id: store.id, name: store.name, latitude: store.latitude, longitude: store.longitude, type: store.type, visibility: store.visibility,
      excluded: store.excluded, locationGroupId: store.locationGroupId, locationClusterId: store.locationClusterId, scenarioCreation: null,
      locationProperties: detail.locationProperties.map((p) => ({
        id: p.id, stringValue: p.stringValue, numberValue: p.name === 'salesFloorArea' && p.numberValue !== null ? p.numberValue + 150 : p.numberValue,
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
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
process.exit(0);
