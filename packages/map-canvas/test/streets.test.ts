// The street basemap in Debian's Chromium against the test's own local tile server: vector tiles from
// a URL template and from a PMTiles archive (range requests), decoded and drawn in the worker, with
// water, roads, buildings and labels where the town has them; raster tiles at the screen's pixel
// ratio; and a source that cannot be reached, where the built-in basemap shows as if there were no
// street layer at all. Goldens in test/golden/streets-*.png (UPDATE_GOLDENS=1 to refresh on purpose).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openPage, waitForIdle } from './support/chromium.js';
import { startStreetServer, type StreetServer } from './support/street-server.js';
import { CALM } from '../src/tiles/vector-style.js';

const goldenDir = fileURLToPath(new URL('./golden/', import.meta.url));
const artifactDir = fileURLToPath(new URL('../.test-artifacts/', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDENS === '1';
const env = {} as { browser: Browser; server: StreetServer };

test.before(async () => {
  env.server = await startStreetServer();
  env.browser = await launchChromium();
});
test.after(async () => {
  await env.browser?.close();
  await env.server?.close();
});

async function shot(query: string, deviceScaleFactor = 1): Promise<{ page: Page; png: PNG }> {
  const page = await openPage(env.browser, `${env.server.url}/?${query}`, { deviceScaleFactor });
  await waitForIdle(page);
  const png = PNG.sync.read(await page.screenshot({ clip: { x: 0, y: 0, width: 480, height: 320 } }));
  return { page, png };
}

function expectGolden(name: string, png: PNG): void {
  const file = `${goldenDir}${name}.png`;
  if (UPDATE || !existsSync(file)) {
    assert.ok(UPDATE || process.env.CI !== 'true', `missing golden ${name}.png`);
    mkdirSync(goldenDir, { recursive: true });
    writeFileSync(file, PNG.sync.write(png));
    return;
  }
  const golden = PNG.sync.read(readFileSync(file));
  const diff = new PNG({ width: golden.width, height: golden.height });
  const differing = pixelmatch(png.data, golden.data, diff.data, golden.width, golden.height, { threshold: 0.1 });
  const ratio = differing / (golden.width * golden.height);
  if (ratio > 0.003) {
    mkdirSync(artifactDir, { recursive: true });
    writeFileSync(`${artifactDir}${name}.actual.png`, PNG.sync.write(png));
    writeFileSync(`${artifactDir}${name}.diff.png`, PNG.sync.write(diff));
  }
  assert.ok(ratio <= 0.003, `${name}: ${(ratio * 100).toFixed(3)}% of pixels differ`);
}

/** The colour of the screenshot at a place (CSS px of the map, device pixels of the shot). */
async function colourAt(page: Page, png: PNG, lon: number, lat: number, ratio = 1): Promise<[number, number, number]> {
  const [x, y] = await page.evaluate(
    ([lo, la]) => (globalThis as unknown as { __map: { project(p: [number, number]): [number, number] } }).__map.project([lo, la]),
    [lon, lat],
  );
  const i = (Math.round(y * ratio) * png.width + Math.round(x * ratio)) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
}

const hex = (c: string): [number, number, number] => [parseInt(c.slice(1, 3), 16), parseInt(c.slice(3, 5), 16), parseInt(c.slice(5, 7), 16)];
function near(actual: [number, number, number], expected: string, what: string, tolerance = 10): void {
  const e = hex(expected);
  assert.ok(
    actual.every((v, i) => Math.abs(v - e[i]) <= tolerance),
    `${what}: rgb(${actual.join(', ')}) is not ${expected}`,
  );
}

/** Pixels of a box around a place that are much darker than the land (label text). */
async function darkPixelsAround(page: Page, png: PNG, lon: number, lat: number, half = 40): Promise<number> {
  const [x, y] = await page.evaluate(
    ([lo, la]) => (globalThis as unknown as { __map: { project(p: [number, number]): [number, number] } }).__map.project([lo, la]),
    [lon, lat],
  );
  let dark = 0;
  for (let j = Math.max(0, Math.round(y) - 12); j < Math.min(png.height, Math.round(y) + 12); j++) {
    for (let i = Math.max(0, Math.round(x) - half); i < Math.min(png.width, Math.round(x) + half); i++) {
      const k = (j * png.width + i) * 4;
      if (png.data[k] + png.data[k + 1] + png.data[k + 2] < 450) dark++;
    }
  }
  return dark;
}

/** A view at zoom 15.2 over the canal, Kerkstraat and a block of buildings. */
const STREET_VIEW = 'zoom=15.2&lon=4.889&lat=52.3685';

test('vector tiles from a URL template: water, streets with casing, buildings from zoom 15 and labels', async () => {
  const { page, png } = await shot(`source=url&schema=openmaptiles&${STREET_VIEW}`);
  near(await colourAt(page, png, 4.892, 52.3699), CALM.water, 'the canal');
  near(await colourAt(page, png, 4.88635, 52.3671), CALM.building, 'a building', 12);
  near(await colourAt(page, png, 4.885, 52.3675), CALM.minor, 'Kerkstraat', 12);
  expectGolden('streets-vector', png);
  await page.context().close();
  const town = await shot('source=url&schema=openmaptiles&zoom=13.5&lon=4.9&lat=52.374');
  near(await colourAt(town.page, town.png, 4.9, 52.3765), CALM.major, 'Hoofdweg', 14);
  assert.ok((await darkPixelsAround(town.page, town.png, 4.8975, 52.3785)) > 40, 'the place name Amsterdam is drawn');
  // Street names along their streets: Havenstraat runs east-west, Molenstraat north-south.
  assert.ok((await darkPixelsAround(town.page, town.png, 4.889, 52.3745, 40)) > 30, 'Havenstraat is named');
  expectGolden('streets-vector-town', town.png);
  await town.page.context().close();
});

test('below zoom 15 no buildings are drawn', async () => {
  const { page, png } = await shot('source=url&schema=openmaptiles&zoom=14.4&lon=4.889&lat=52.3685');
  const c = await colourAt(page, png, 4.88635, 52.3671);
  const b = hex(CALM.building);
  assert.ok(
    c.some((v, i) => Math.abs(v - b[i]) > 6),
    `rgb(${c.join(', ')}) is the building colour`,
  );
  await page.context().close();
});

test('vector tiles from a PMTiles archive, read by range requests (Protomaps schema)', async () => {
  const before = env.server.requests.length;
  const { page, png } = await shot(`source=pmtiles&schema=protomaps&${STREET_VIEW}`);
  near(await colourAt(page, png, 4.892, 52.3699), CALM.water, 'the canal');
  near(await colourAt(page, png, 4.885, 52.3675), CALM.minor, 'Kerkstraat', 12);
  near(await colourAt(page, png, 4.88635, 52.3671), CALM.building, 'a building', 12);
  const asked = env.server.requests.slice(before).filter((r) => r.startsWith('/town-protomaps.pmtiles'));
  assert.ok(asked.length >= 2 && asked.every((r) => / bytes=\d+-\d+$/.test(r)), `range requests: ${asked.join('; ')}`);
  expectGolden('streets-pmtiles', png);
  await page.context().close();
});

test('the BRT-Achtergrondkaart style draws the BRT layers', async () => {
  const { page, png } = await shot(`source=url&schema=brt&${STREET_VIEW}`);
  near(await colourAt(page, png, 4.892, 52.3699), CALM.water, 'the canal');
  near(await colourAt(page, png, 4.88635, 52.3671), CALM.building, 'a building', 12);
  near(await colourAt(page, png, 4.885, 52.3675), CALM.minor, 'Kerkstraat', 12);
  expectGolden('streets-brt', png);
  await page.context().close();
});

test('a source that cannot be reached: the built-in basemap, exactly as without a street layer', async () => {
  const failed = await shot('source=fail&zoom=12&lon=4.9&lat=52.37');
  const builtin = await shot('source=builtin&zoom=12&lon=4.9&lat=52.37');
  const health = await failed.page.evaluate(() => (globalThis as unknown as { __streets: { health: object } }).__streets.health);
  assert.ok((health as { failedInRow: number }).failedInRow > 0, JSON.stringify(health));
  const differing = pixelmatch(failed.png.data, builtin.png.data, undefined, 480, 320, { threshold: 0 });
  assert.is(differing, 0);
  await failed.page.context().close();
  await builtin.page.context().close();
});

test("raster tiles at pixel ratio 2 use the source's 2x tiles", async () => {
  const before = env.server.requests.length;
  const { page, png } = await shot('source=raster&zoom=12&lon=4.9&lat=52.37', 2);
  const asked = env.server.requests.slice(before).filter((r) => r.startsWith('/tiles/'));
  assert.ok(asked.length > 0 && asked.every((r) => r.endsWith('@2x.png')), asked.join(', '));
  const small = new PNG({ width: 480, height: 320 });
  for (let y = 0; y < 320; y++)
    for (let x = 0; x < 480; x++) for (let c = 0; c < 4; c++) small.data[(y * 480 + x) * 4 + c] = png.data[(y * 2 * png.width + x * 2) * 4 + c];
  expectGolden('streets-raster', small);
  await page.context().close();
});

test('a street layer added to a map asks for the tiles of its view at once, not at the next frame', async () => {
  for (const kind of ['vector', 'raster'] as const) {
    const { page } = await shot('source=builtin&zoom=12&lon=4.9&lat=52.37');
    const before = env.server.requests.length;
    // In one task: no animation frame can run between adding the layer and counting.
    const pending = await page.evaluate((k) => {
      const g = globalThis as unknown as { __map: { addLayer(l: unknown): void }; __later: Record<string, () => { pendingCount(): number }> };
      (g as unknown as { __idle: boolean }).__idle = false;
      const layer = g.__later[k]();
      g.__map.addLayer(layer);
      return layer.pendingCount();
    }, kind);
    assert.ok(pending > 0, `${kind}: ${pending} tiles asked for`);
    await waitForIdle(page);
    const asked = env.server.requests.slice(before).filter((r) => r.startsWith(kind === 'vector' ? '/vt/' : '/tiles/'));
    assert.ok(asked.length >= pending, `${kind}: ${asked.join(', ')}`);
    await page.context().close();
  }
});

test.run();
