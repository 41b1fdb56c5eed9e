// Interaction in Debian's Chromium: a scripted drag and wheel move the view by the expected amounts,
// and a click on an icon reports that icon's id.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openPage, waitForIdle } from './support/chromium.js';
import { startTestServer } from './support/test-server.js';
import { createFrameState, unprojectFromScreen } from '../src/view/frame-state.js';
import type { ViewState } from '../src/view/view-state.js';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
let page: Page;

type MapHandle = {
  getView(): ViewState;
  setView(v: Partial<ViewState>): Promise<boolean>;
  project(p: [number, number]): [number, number];
  unproject(p: [number, number]): [number, number];
};
const view = () => page.evaluate(() => (globalThis as unknown as { __map: MapHandle }).__map.getView());
const settle = async () => {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await waitForIdle(page);
};

test.before(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  page = await openPage(browser, `${server.url}/?case=interaction`);
  await waitForIdle(page);
});

test.after(async () => {
  await browser?.close();
  await server?.close();
});

test('dragging 120 px right and 40 px down moves the centre to what was at (cx - 120, cy - 40)', async () => {
  const before = await view();
  const expected = unprojectFromScreen(createFrameState(before, { width: 480, height: 320 }, 1), [240 - 120, 160 - 40]);
  await page.evaluate(() => ((globalThis as unknown as { __idle: boolean }).__idle = false));
  await page.mouse.move(200, 200);
  await page.mouse.down();
  await page.mouse.move(260, 220, { steps: 4 });
  await page.mouse.move(320, 240, { steps: 4 });
  await page.mouse.up();
  await settle();
  const after = await view();
  assert.ok(Math.abs(after.center[0] - expected[0]) < 1e-9, `lon ${after.center[0]} vs ${expected[0]}`);
  assert.ok(Math.abs(after.center[1] - expected[1]) < 1e-9, `lat ${after.center[1]} vs ${expected[1]}`);
  assert.is(after.zoom, before.zoom);
});

test('a wheel step of -100 px zooms in by 0.2 and keeps the point under the pointer', async () => {
  const before = await view();
  const anchor = unprojectFromScreen(createFrameState(before, { width: 480, height: 320 }, 1), [100, 80]);
  await page.evaluate(() => ((globalThis as unknown as { __idle: boolean }).__idle = false));
  await page.mouse.move(100, 80);
  await page.mouse.wheel(0, -100);
  await settle();
  const after = await view();
  // The wheel adds -deltaY * 0.002 zoom levels for pixel deltas, so zoom grows by 0.2.
  assert.ok(Math.abs(after.zoom - before.zoom - 0.2) < 1e-9, `zoom ${before.zoom} -> ${after.zoom}`);
  const stillThere = unprojectFromScreen(createFrameState(after, { width: 480, height: 320 }, 1), [100, 80]);
  assert.ok(Math.abs(stillThere[0] - anchor[0]) < 1e-9 && Math.abs(stillThere[1] - anchor[1]) < 1e-9);
});

test('a click on an icon reports its id, a click on empty map reports none', async () => {
  await page.evaluate(() => (globalThis as unknown as { __map: MapHandle }).__map.setView({ center: [4.9, 52.37], zoom: 13 }));
  await settle();
  const target = await page.evaluate(() => {
    const g = globalThis as unknown as {
      __map: MapHandle & { hitTest(p: [number, number]): unknown };
      __scene: { stores: { id: string; lon: number; lat: number }[] };
    };
    // An icon well inside the view whose centre no other icon covers.
    for (const s of g.__scene.stores) {
      const p = g.__map.project([s.lon, s.lat]);
      if (p[0] < 40 || p[1] < 40 || p[0] > 440 || p[1] > 280) continue;
      const hit = (g.__map.hitTest(p) as { id: string } | null)?.id;
      if (hit === s.id) return { id: s.id, p };
    }
    return null;
  });
  assert.ok(target, 'an icon on screen');
  await page.evaluate(() => ((globalThis as unknown as { __clicks: unknown[] }).__clicks.length = 0));
  await page.mouse.click(target!.p[0], target!.p[1]);
  await page.mouse.click(2, 2, { delay: 0 });
  await page.waitForTimeout(0);
  const clicks = await page.evaluate(() => (globalThis as unknown as { __clicks: unknown[] }).__clicks);
  assert.equal(clicks, [target!.id, null]);
});

test('the view renders to an image at a chosen pixel ratio (300 dpi) that can be read back', async () => {
  const result = await page.evaluate(async () => {
    const map = (globalThis as unknown as { __map: { toCanvas(o: { pixelRatio: number }): Promise<HTMLCanvasElement> } }).__map;
    const canvas = await map.toCanvas({ pixelRatio: 300 / 96 });
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
    return { width: canvas.width, height: canvas.height, url: canvas.toDataURL('image/png').slice(0, 22), painted };
  });
  assert.equal([result.width, result.height], [1500, 1000]);
  assert.is(result.url, 'data:image/png;base64,');
  assert.ok(result.painted > 1000, `${result.painted} painted pixels`);
});

test.run();
