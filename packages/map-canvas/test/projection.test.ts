import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { geoMercator } from 'd3-geo';
import { lonLatToWorld, worldToLonLat, metersPerPixel } from '../src/geo/mercator.js';
import { createFrameState, projectToScreen, unprojectFromScreen } from '../src/view/frame-state.js';
import { DEFAULT_VIEW, WORLD_SIZE } from '../src/constants.js';

const close = (a: number, b: number, eps: number, what = '') => assert.ok(Math.abs(a - b) <= eps, `${what} ${a} vs ${b}`);

test('world coordinates agree with d3-geo Web Mercator on the unit square', () => {
  const d3 = geoMercator()
    .scale(1 / (2 * Math.PI))
    .translate([0.5, 0.5]);
  for (const p of [
    [4.91, 52.35],
    [-74, 40.7],
    [139.7, 35.7],
    [0, 0],
    [179.9, -60],
  ] as [number, number][]) {
    const [x, y] = lonLatToWorld(p[0], p[1]);
    const [ex, ey] = d3(p)!;
    close(x, ex, 1e-12, 'x');
    close(y, ey, 1e-12, 'y');
  }
});

test('longitude/latitude survive a round trip through world units', () => {
  for (let lat = -85; lat <= 85; lat += 8.5) {
    for (let lon = -180; lon <= 180; lon += 22.5) {
      const [x, y] = lonLatToWorld(lon, lat);
      const [lon2, lat2] = worldToLonLat(x, y);
      close(lon2, lon, 1e-9);
      close(lat2, lat, 1e-9);
    }
  }
});

test('project and unproject are inverse at any bearing, pitch and zoom', () => {
  for (const bearing of [0, 37, -120, 180]) {
    for (const pitch of [0, 30, 60]) {
      for (const zoom of [3, 8.4, 16]) {
        const frame = createFrameState({ center: [4.91, 52.35], zoom, bearing, pitch }, { width: 800, height: 600 }, 2);
        for (const pt of [
          [0, 0],
          [400, 300],
          [799, 17],
          [123.5, 599],
        ] as [number, number][]) {
          const back = projectToScreen(frame, unprojectFromScreen(frame, pt));
          close(back[0], pt[0], 1e-6, `x b${bearing} p${pitch} z${zoom}`);
          close(back[1], pt[1], 1e-6, `y b${bearing} p${pitch} z${zoom}`);
        }
      }
    }
  }
});

test('the view centre projects to the middle of the screen, north is up at bearing 0', () => {
  const frame = createFrameState(DEFAULT_VIEW, { width: 640, height: 480 }, 1);
  const c = projectToScreen(frame, DEFAULT_VIEW.center);
  close(c[0], 320, 1e-9);
  close(c[1], 240, 1e-9);
  const north = projectToScreen(frame, [DEFAULT_VIEW.center[0], DEFAULT_VIEW.center[1] + 0.01]);
  assert.ok(north[1] < 240);
});

test('bearing 90 puts east at the top of the screen', () => {
  const frame = createFrameState({ ...DEFAULT_VIEW, bearing: 90 }, { width: 640, height: 480 }, 1);
  const east = projectToScreen(frame, [DEFAULT_VIEW.center[0] + 0.01, DEFAULT_VIEW.center[1]]);
  close(east[0], 320, 1e-6);
  assert.ok(east[1] < 240);
});

test('pitch foreshortens north-south distances by its cosine', () => {
  const flat = createFrameState(DEFAULT_VIEW, { width: 640, height: 480 }, 1);
  const tilted = createFrameState({ ...DEFAULT_VIEW, pitch: 60 }, { width: 640, height: 480 }, 1);
  const p: [number, number] = [DEFAULT_VIEW.center[0], DEFAULT_VIEW.center[1] + 0.05];
  close(projectToScreen(tilted, p)[1] - 240, (projectToScreen(flat, p)[1] - 240) * 0.5, 1e-9);
});

test('one zoom level doubles the scale; metres per pixel follow the equator length', () => {
  close(metersPerPixel(0, 0), 40075016.686 / WORLD_SIZE, 1e-3);
  close(metersPerPixel(52, 8) / metersPerPixel(52, 9), 2, 1e-12);
});

test.run();
