// Place labels split between the basemap (minor places, beneath the icons) and
// a PlaceLabelLayer (major places, above them): together exactly the labels
// the basemap alone draws, each once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BasemapLayer } from '../src/layers/basemap/basemap-layer.js';
import { drawPlaceLabels, MAJOR_PLACE_POPULATION } from '../src/layers/basemap/basemap-renderer.js';
import { PlaceLabelLayer } from '../src/layers/basemap/place-label-layer.js';
import { TextMeasurer } from '../src/layers/labels/label-placement.js';
import { drawStreetLabels, type PlacedLabelSource } from '../src/layers/vector-tile/street-labels.js';
import { lonLatToWorld } from '../src/geo/mercator.js';
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

test('a street basemap leaves out the place names the built-in basemap shows near by: each city named once', () => {
  const basemap = new BasemapLayer({ data: { land: [], borders: [], places } });
  const frame = createFrameState({ center: [4.9, 52.36], zoom: 12, bearing: 0, pitch: 0 }, { width: 800, height: 600 }, 1, { fontFamily: 'Test' });
  const label = (text: string, lon: number, lat: number, kind: PlacedLabelSource['kind'] = 'place'): PlacedLabelSource => {
    const [wx, wy] = lonLatToWorld(lon, lat);
    return { text, kind, x: 0, y: 0, wx, wy, angle: 0, room: 0, size: 12, color: '#333', bold: false, order: 0 };
  };
  const labels = [label('AMSTERDAM', 4.905, 52.372), label('Oostdorp', 4.93, 52.36), label('Haarlem', 4.87, 52.37), label('Amsterdam', 4.89, 52.35, 'water')];
  assert.ok(basemap.namesPlace('amsterdam', ...lonLatToWorld(4.905, 52.372), 12), 'the same name near by, shown at zoom 12');
  assert.not.ok(basemap.namesPlace('Haarlem', ...lonLatToWorld(4.87, 52.37), 12), 'the same name 16 km away is another place');
  const withBasemap = recorder();
  drawStreetLabels(withBasemap.ctx, frame, labels, 12, basemap);
  assert.equal(withBasemap.drawn.sort(), ['Amsterdam', 'Haarlem', 'Oostdorp'], 'the city and the water keep one label each');
  const alone = recorder();
  drawStreetLabels(alone.ctx, frame, labels, 12);
  assert.equal(alone.drawn.sort(), ['AMSTERDAM', 'Amsterdam', 'Haarlem', 'Oostdorp'], 'without a basemap beneath, the tiles name every place');
  // Below the place's own zoom the built-in basemap does not name it: the tiles do.
  const weesp = basemap.places.find((p) => p.name === 'Weesp')!;
  assert.not.ok(basemap.namesPlace('Weesp', weesp.x, weesp.y, weesp.minZoom - 1));
  assert.ok(basemap.namesPlace('Weesp', weesp.x, weesp.y, weesp.minZoom));
});

test.run();
