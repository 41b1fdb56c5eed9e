// Framing in the free map area: the padding of a fit from the drawers and the
// toolbar, and the test whether a box is already in view there.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FIT_MARGIN, freeArea, freePadding, inside, MIN_FREE } from '../src/map/framing';
import { clampDrawerWidth, initialDrawerWidth } from '../src/ui/drawer';

const box = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });
// The map below the 72 px top bar, the toolbar at its top left.
const map = (w: number, h: number) => box(0, 72, w, h);
const toolbar = box(12, 84, 428, 182);

test('both drawers and the toolbar narrow the free area; the margin lies inside it', () => {
  const p = freePadding(map(1440, 900), { left: box(0, 204, 400, 900), right: box(1040, 72, 1440, 900), toolbar });
  assert.equal(p, { left: 400 + FIT_MARGIN, right: 400 + FIT_MARGIN, top: 110 + FIT_MARGIN, bottom: FIT_MARGIN });
  assert.equal(freeArea(1440, 828, p), { left: 400, top: 110, right: 1040, bottom: 828 });
});

test('closed drawers leave the padding to the margin and the toolbar', () => {
  assert.equal(freePadding(map(1920, 1080), { toolbar }), { left: FIT_MARGIN, right: FIT_MARGIN, top: 110 + FIT_MARGIN, bottom: FIT_MARGIN });
});

test('when drawers would leave less than the narrowest free area, a fit uses the whole map', () => {
  const p = freePadding(map(700, 600), { left: box(0, 204, 260, 600), right: box(440, 72, 700, 600), toolbar });
  assert.ok(700 - 260 - 260 - 2 * FIT_MARGIN < MIN_FREE);
  assert.is(p.left, FIT_MARGIN);
  assert.is(p.right, FIT_MARGIN);
});

test('drawers at 1024, 1440 and 1920 px leave the map at least 40 % of the window', () => {
  for (const w of [1024, 1440, 1920]) {
    const widest = clampDrawerWidth(5000, w);
    assert.ok(w - 2 * widest >= 0.4 * w, `${w}: ${widest} px drawers`);
    assert.ok(initialDrawerWidth(w) <= widest);
  }
  assert.is(initialDrawerWidth(1024), 307);
  assert.is(initialDrawerWidth(1440), 400);
});

test('a box is in view when all its corners lie in the free area', () => {
  const area = box(400, 110, 1040, 828);
  assert.ok(
    inside(
      [
        [500, 200],
        [900, 700],
      ],
      area,
    ),
  );
  assert.not.ok(
    inside(
      [
        [350, 200],
        [900, 700],
      ],
      area,
    ),
    'under the left drawer',
  );
  assert.not.ok(
    inside(
      [
        [500, 100],
        [900, 700],
      ],
      area,
    ),
    'under the toolbar',
  );
});

test.run();
