// Frames during motion in Debian's Chromium: while a script moves the view every frame the map shows
// moving pictures that cover the whole screen, and once the view settles it draws a full frame that is
// exactly the frame it draws without any motion before it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { chromiumSuite, openPage, waitForIdle } from './support/chromium.js';

const env = chromiumSuite(test);

interface MotionResult {
  frames: number;
  uncoveredCorners: number;
  idleAfterLastMoveMs: number;
  differingBytes: number;
}

for (const deviceScaleFactor of [1, 2]) {
  test(`a scripted pan-and-zoom shows covering pictures, and the settled frame equals an unmoved one (pixel ratio ${deviceScaleFactor})`, async () => {
    const page: Page = await openPage(env.browser, `${env.server.url}/?case=all`, { deviceScaleFactor });
    await waitForIdle(page);
    const result = await page.evaluate(async (): Promise<MotionResult> => {
      type MapHandle = {
        canvas: HTMLCanvasElement;
        getView(): { center: [number, number]; zoom: number; bearing: number; pitch: number };
        setView(v: object): Promise<boolean>;
        on(type: 'idle' | 'move', listener: () => void): () => void;
      };
      const map = (globalThis as unknown as { __map: MapHandle }).__map;
      const ctx = map.canvas.getContext('2d')!;
      const { width, height } = map.canvas;
      const before = ctx.getImageData(0, 0, width, height).data.slice();
      const start = map.getView();
      let uncoveredCorners = 0;
      // When the map drew each moved view: a view drawn within 100 ms of the previous one is a motion
      // frame, and the settle timer starts then; one drawn after a longer pause (a busy machine) is
      // drawn in full at once, and the map may report idle right after it.
      const moves: number[] = [];
      const offMove = map.on('move', () => moves.push(performance.now()));
      const frames = 40;
      for (let i = 1; i <= frames; i++) {
        await new Promise((r) => requestAnimationFrame(r));
        // Out and back: a pan of a few km and a zoom out by one level, then home again.
        const u = Math.sin((Math.PI * i) / frames);
        void map.setView({ center: [start.center[0] + 0.06 * u, start.center[1] - 0.03 * u], zoom: start.zoom - u });
        await new Promise((r) => setTimeout(r, 0));
        for (const [x, y] of [
          [0, 0],
          [width - 1, 0],
          [0, height - 1],
          [width - 1, height - 1],
        ]) {
          if (ctx.getImageData(x, y, 1, 1).data[3] < 255) uncoveredCorners++;
        }
      }
      await new Promise<void>((resolve) => {
        const off = map.on('idle', () => {
          off();
          resolve();
        });
      });
      const lastMove = moves[moves.length - 1];
      const lastWasMotion = moves.length > 1 && lastMove - moves[moves.length - 2] < 100;
      const idleAfterLastMoveMs = lastWasMotion ? performance.now() - lastMove : Infinity;
      offMove();
      const after = ctx.getImageData(0, 0, width, height).data;
      let differingBytes = 0;
      for (let i = 0; i < after.length; i++) if (after[i] !== before[i]) differingBytes++;
      return { frames, uncoveredCorners, idleAfterLastMoveMs, differingBytes };
    });
    assert.is(result.uncoveredCorners, 0, 'every motion frame covers the screen (the basemap is opaque)');
    assert.ok(result.idleAfterLastMoveMs >= 100, `after a motion frame, idle only once the view settled (${result.idleAfterLastMoveMs.toFixed(0)} ms)`);
    assert.is(result.differingBytes, 0, 'the settled frame is the frame drawn without motion');
    await page.context().close();
  });
}

test.run();
