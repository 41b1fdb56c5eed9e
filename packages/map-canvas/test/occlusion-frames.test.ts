// Full frames in Debian's Chromium leave out catchment areas that lie entirely under opaque icons (and
// the heat map's columns under them), and the frame is the one drawn with every layer in full, pixel for
// pixel; drawn again without the icons, nothing left out shows.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromiumSuite, openPage, waitForIdle } from './support/chromium.js';

const env = chromiumSuite(test);

type Result = { differingBytes: number; painted: number; covered: number; coveredWithout: number; polygons: number; withoutIconsDiffering: number };

for (const [pixelRatio, zoom] of [
  [1, 7.4],
  [2, 7.4],
  [1, 8.3],
  [2, 9.1],
]) {
  test(`catchment areas under opaque icons are left out and the frame is unchanged (pixel ratio ${pixelRatio}, zoom ${zoom})`, async () => {
    const page = await openPage(env.browser, `${env.server.url}/?case=icons`);
    await waitForIdle(page);
    const result = await page.evaluate(
      ([pr, z]) => (globalThis as unknown as { __compareOcclusion: (pr: number, z: number) => Result }).__compareOcclusion(pr, z),
      [pixelRatio, zoom],
    );
    await page.context().close();
    assert.ok(result.painted > 15000 * pixelRatio * pixelRatio, `the layers were drawn (${result.painted} pixels)`);
    assert.is(result.coveredWithout, 0, 'drawn without occlusion, every polygon is drawn');
    if (zoom < 8) assert.ok(result.covered > result.polygons / 4, `zoomed out, many polygons lie under icons (${result.covered} of ${result.polygons})`);
    else assert.ok(result.covered > 0, `some polygons lie under icons (${result.covered} of ${result.polygons})`);
    assert.is(result.differingBytes, 0, 'the frame equals the frame drawn in full');
    assert.is(result.withoutIconsDiffering, 0, 'drawn again without the icons, the layers beneath are whole');
  });
}

for (const [pixelRatio, views] of [
  [1, 60],
  [2, 20],
]) {
  test(`along a zoom from 7.2 to 9.5 every frame that leaves out catchments equals the frame drawn in full (pixel ratio ${pixelRatio})`, async () => {
    const page = await openPage(env.browser, `${env.server.url}/?case=icons`);
    await waitForIdle(page);
    const result = await page.evaluate(
      ([pr, n]) =>
        (globalThis as unknown as { __compareOcclusionPath: (pr: number, n: number) => { differing: number; covered: number } }).__compareOcclusionPath(pr, n),
      [pixelRatio, views],
    );
    await page.context().close();
    assert.ok(result.covered > views * 50, `catchments left out: ${result.covered}`);
    assert.is(result.differing, 0, `frames that differ of ${views}`);
  });
}

test.run();
