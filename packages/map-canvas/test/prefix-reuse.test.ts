// Full frames in Debian's Chromium redraw only what changed: at an unchanged view, a change of the icon
// selection draws the frame from the kept canvas under the icons, and that frame is the full frame.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromiumSuite, openPage, waitForIdle } from './support/chromium.js';

const env = chromiumSuite(test);

for (const pixelRatio of [1, 2]) {
  test(`a selection change at one view redraws only the icons, and the frame equals a full one (pixel ratio ${pixelRatio})`, async () => {
    const page = await openPage(env.browser, `${env.server.url}/?case=icons`);
    await waitForIdle(page);
    const result = await page.evaluate(
      (pr) =>
        (
          globalThis as unknown as {
            __comparePrefixReuse: (pr: number) => { differingBytes: number; painted: number; reusedFrames: number; skippedLayers: number };
          }
        ).__comparePrefixReuse(pr),
      pixelRatio,
    );
    await page.context().close();
    assert.ok(result.painted > 20000 * pixelRatio * pixelRatio, `the layers were drawn (${result.painted} pixels)`);
    // Frames 4 and 5 start from the canvas kept under the icons (frame 3 keeps it): three layers each.
    assert.is(result.reusedFrames, 2, 'frames after the first selection change reuse the kept canvas');
    assert.is(result.skippedLayers, 6, 'the polygons, the heat map and the isoline were not drawn again');
    assert.is(result.differingBytes, 0, 'the frame is exactly the full frame');
  });
}

test.run();
