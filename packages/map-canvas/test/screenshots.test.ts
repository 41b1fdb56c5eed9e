// Screenshot tests in Debian's Chromium: one golden PNG per layer type and one of all layers together
// (at pixel ratio 2), compared with pixelmatch. The goldens live in test/golden/.
//
// To refresh them on purpose (after a deliberate change of the drawing), run:
//   UPDATE_GOLDENS=1 npm test -w packages/map-canvas
// then look at the new PNGs before committing them. A missing golden is a failure unless UPDATE_GOLDENS=1.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

import { chromiumSuite, openPage, waitForIdle } from './support/chromium.js';

const goldenDir = fileURLToPath(new URL('./golden/', import.meta.url));
const artifactDir = fileURLToPath(new URL('../.test-artifacts/', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDENS === '1';
/** Share of pixels allowed to differ (anti-aliasing noise), and pixelmatch's per-pixel colour threshold. */
const MAX_DIFF_RATIO = 0.002;
const PIXEL_THRESHOLD = 0.1;

const CASES: { name: string; deviceScaleFactor: number }[] = [
  { name: 'basemap', deviceScaleFactor: 1 },
  { name: 'tiles', deviceScaleFactor: 1 },
  { name: 'icons', deviceScaleFactor: 1 },
  { name: 'heatmap', deviceScaleFactor: 1 },
  // Isolated points at street zoom: the heat fades smoothly to transparent, no blocks at the edges.
  { name: 'heatmap-edges', deviceScaleFactor: 1 },
  { name: 'polygons', deviceScaleFactor: 1 },
  { name: 'isolines', deviceScaleFactor: 1 },
  { name: 'range-circles', deviceScaleFactor: 1 },
  { name: 'labels', deviceScaleFactor: 1 },
  { name: 'scale-bar', deviceScaleFactor: 1 },
  { name: 'all', deviceScaleFactor: 2 },
];

const env = chromiumSuite(test);

for (const { name, deviceScaleFactor } of CASES) {
  test(`the ${name} layer looks like its golden image`, async () => {
    const page = await openPage(env.browser, `${env.server.url}/?case=${name}`, { deviceScaleFactor });
    await waitForIdle(page);
    const shot = PNG.sync.read(await page.screenshot({ clip: { x: 0, y: 0, width: 480, height: 320 } }));
    await page.context().close();
    const file = `${goldenDir}${name}.png`;
    if (UPDATE) {
      mkdirSync(goldenDir, { recursive: true });
      writeFileSync(file, PNG.sync.write(shot));
      return;
    }
    assert.ok(existsSync(file), `missing golden ${name}.png (run with UPDATE_GOLDENS=1 to create it)`);
    const golden = PNG.sync.read(readFileSync(file));
    assert.equal([shot.width, shot.height], [golden.width, golden.height], 'image size');
    const diff = new PNG({ width: golden.width, height: golden.height });
    const differing = pixelmatch(shot.data, golden.data, diff.data, golden.width, golden.height, { threshold: PIXEL_THRESHOLD });
    const ratio = differing / (golden.width * golden.height);
    if (ratio > MAX_DIFF_RATIO) {
      mkdirSync(artifactDir, { recursive: true });
      writeFileSync(`${artifactDir}${name}.actual.png`, PNG.sync.write(shot));
      writeFileSync(`${artifactDir}${name}.diff.png`, PNG.sync.write(diff));
    }
    assert.ok(ratio <= MAX_DIFF_RATIO, `${name}: ${(ratio * 100).toFixed(3)}% of pixels differ (see .test-artifacts/${name}.diff.png)`);
  });
}

test('raster tiles came from the local server only', () => {
  assert.ok(env.server.tileRequests.length > 0);
  assert.ok(env.server.tileRequests.every((p) => p.startsWith('/tiles/')));
});

test.run();
