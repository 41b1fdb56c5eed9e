// Place labels split between the basemap (minor places, beneath the icons) and
// a PlaceLabelLayer (major places, above them): together exactly the labels
// the basemap alone draws, each once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BasemapLayer } from '../src/layers/basemap/basemap-layer.js';
import { drawPlaceLabels, MAJOR_PLACE_POPULATION } from '../src/layers/basemap/basemap-renderer.js';
import { PlaceLabelLayer } from '../src/layers/basemap/place-label-layer.js';
import { TextMeasurer } from '../src/layers/labels/label-placement.js';
import { createFrameState } from '../src/view/frame-state.js';

/** A context that records the text drawn (8 px per character). */
function recorder() {
  const drawn: string[] = [];
  const ctx = {
    font: '',
    textAlign: 'left',
    textBaseline: 'middle',
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineJoin: 'round',
    setTransform() {},
    beginPath() {},
    arc() {},
    fill() {},
    strokeText() {},
    fillText(text: string) {
      drawn.push(text);
    },
    measureText(text: string) {
      return { width: text.length * 8 };
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, drawn };
}

const places = [
  { name: 'Amsterdam', lon: 4.9, lat: 52.37, population: 870000 },
  { name: 'Diemen', lon: 4.96, lat: 52.34, population: 30000 },
  { name: 'Amstelveen', lon: 4.86, lat: 52.3, population: 90000 },
  { name: 'Haarlem', lon: 4.64, lat: 52.38, population: 160000 },
  { name: 'Weesp', lon: 5.04, lat: 52.31, population: 19000 },
  { name: 'Overlapping Amsterdam', lon: 4.9, lat: 52.37, population: 20000 },
];

test('major labels above, minor ones beneath: together the labels drawn by the basemap alone, placed alike', () => {
  const basemap = new BasemapLayer({ data: { land: [], borders: [], places } });
  const frame = createFrameState({ center: [4.9, 52.35], zoom: 10, bearing: 0, pitch: 0 }, { width: 800, height: 600 }, 1, { fontFamily: 'Test' });
  const all = recorder();
  drawPlaceLabels(frame, all.ctx, basemap, new TextMeasurer(), 'all');
  assert.ok(all.drawn.includes('Amsterdam') && all.drawn.includes('Diemen'));
  assert.not.ok(all.drawn.includes('Overlapping Amsterdam'), 'overlaps are left out');
  const major = recorder();
  const minor = recorder();
  drawPlaceLabels(frame, major.ctx, basemap, new TextMeasurer(), 'major');
  drawPlaceLabels(frame, minor.ctx, basemap, new TextMeasurer(), 'minor');
  assert.equal([...major.drawn, ...minor.drawn].sort(), [...all.drawn].sort());
  assert.ok(major.drawn.every((n) => places.find((p) => p.name === n)!.population >= MAJOR_PLACE_POPULATION));
  assert.ok(minor.drawn.every((n) => places.find((p) => p.name === n)!.population < MAJOR_PLACE_POPULATION));
});

test('a PlaceLabelLayer makes its basemap leave the major labels out', () => {
  const basemap = new BasemapLayer();
  assert.is(basemap.majorLabelsAbove, false);
  new PlaceLabelLayer({ basemap });
  assert.is(basemap.majorLabelsAbove, true);
});

test.run();
