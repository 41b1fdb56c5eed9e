import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFrameState } from '../src/view/frame-state.js';
import { tileRangeForExtent, tilesForFrame, tileUrl, tileZoomFor } from '../src/layers/tile/tile-coverage.js';
import { LruCache } from '../src/layers/tile/tile-cache.js';

test('256 px tiles are requested one level deeper than the view zoom (512 px world)', () => {
  assert.is(tileZoomFor(8, 256, 0, 19), 9);
  assert.is(tileZoomFor(8.4, 256, 0, 19), 9);
  assert.is(tileZoomFor(8.6, 256, 0, 19), 10);
  assert.is(tileZoomFor(8, 512, 0, 19), 8);
  assert.is(tileZoomFor(20, 256, 0, 19), 19);
});

test('a view at zoom 1 on the origin covers the four tiles of tile zoom 2 around it', () => {
  // 512 * 2 = 1024 px of world; a 512 x 512 view at the centre shows the middle half: tiles 1..2.
  const frame = createFrameState({ center: [0, 0], zoom: 1, bearing: 0, pitch: 0 }, { width: 512, height: 512 }, 1);
  const tiles = tilesForFrame(frame, 2);
  assert.is(tiles.length, 4);
  assert.equal(new Set(tiles.map((t) => `${t.x},${t.y}`)), new Set(['1,1', '2,1', '1,2', '2,2']));
});

test('tile coverage of an Amsterdam view, nearest tiles first', () => {
  const frame = createFrameState({ center: [4.91, 52.35], zoom: 8, bearing: 0, pitch: 0 }, { width: 800, height: 600 }, 1);
  const z = tileZoomFor(8, 256, 0, 19);
  const tiles = tilesForFrame(frame, z);
  const range = tileRangeForExtent(frame.extent, z);
  // The screen is 800/256 = 3.1 tiles wide and 600/256 = 2.3 tiles tall: 4 or 5 columns, 3 or 4 rows.
  const cols = range.maxX - range.minX + 1,
    rows = range.maxY - range.minY + 1;
  assert.ok(cols >= 4 && cols <= 5 && rows >= 3 && rows <= 4, `${cols}x${rows}`);
  assert.is(tiles.length, cols * rows);
  // The tile holding the centre comes first: Amsterdam at tile zoom 9 is tile 262/168.
  assert.equal(tiles[0], { z: 9, x: 262, y: 168 });
  const d = (t: { x: number; y: number }) => Math.hypot((t.x + 0.5) / 512 - frame.centerWorld[0], (t.y + 0.5) / 512 - frame.centerWorld[1]);
  for (let i = 1; i < tiles.length; i++) assert.ok(d(tiles[i]) >= d(tiles[i - 1]) - 1e-12);
});

test('a turned view drops tiles of its bounding box that miss the screen', () => {
  const straight = createFrameState({ center: [4.91, 52.35], zoom: 10, bearing: 0, pitch: 0 }, { width: 1600, height: 200 }, 1);
  const turned = createFrameState({ center: [4.91, 52.35], zoom: 10, bearing: 45, pitch: 0 }, { width: 1600, height: 200 }, 1);
  const z = 11;
  const range = tileRangeForExtent(turned.extent, z);
  const boxCount = (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1);
  const tiles = tilesForFrame(turned, z);
  assert.ok(tiles.length < boxCount, `${tiles.length} < ${boxCount}`);
  assert.ok(tiles.length >= tilesForFrame(straight, z).length * 0.8);
});

test('URL templates fill z, x, y, subdomain, retina and TMS row', () => {
  const t = { z: 3, x: 5, y: 2 };
  assert.is(tileUrl('https://{s}.t/{z}/{x}/{y}{r}.png', t, { subdomains: ['a', 'b'], retina: true }), 'https://b.t/3/5/2@2x.png');
  assert.is(tileUrl('/t/{z}/{x}/{-y}.png', t), '/t/3/5/5.png');
});

test('the LRU cache evicts the least recently used tile', () => {
  const evicted: string[] = [];
  const cache = new LruCache<number>(2, (_v, k) => evicted.push(k));
  cache.set('a', 1);
  cache.set('b', 2);
  cache.get('a');
  cache.set('c', 3);
  assert.equal(evicted, ['b']);
  assert.is(cache.get('a'), 1);
  assert.is(cache.get('b'), undefined);
});

test.run();
