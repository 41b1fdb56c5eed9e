// Isolines from the built-in estimator: the contour at t minutes holds the
// points reachable in less than t and not those needing more; smoothing and
// buffering change the geometry as they should.

import { area, booleanPointInPolygon, buffer, coordAll, destination, point, pointToLineDistance, polygonToLine } from '@turf/turf';
import type { Feature, FeatureCollection, LineString, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { estimateMinutes, greatCircleKm, isolines, matrixProvider, reachKm } from '../src/index.js';
import { SIMPLIFY_SHARE_OF_BUFFER } from '../src/isolines/post-processing.js';

const centre = { latitude: 52.09, longitude: 5.12 };

test('the contour at t minutes contains points reachable in < t and not points needing > t', async () => {
  const minutes = [5, 10];
  const fc = await isolines({ ...centre, profile: 'car', minutes });
  assert.is(fc.features.length, 2);
  for (const feature of fc.features) {
    const t = feature.properties.minutes;
    const reach = reachKm('car', t);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A grid cell is ~2 % of the radius: test at 90 % and 110 % of the reach.
      for (const [factor, inside] of [
        [0.9, true],
        [1.1, false],
        [0.3, true],
      ] as const) {
        const p = destination(point([centre.longitude, centre.latitude]), reach * factor, bearing, { units: 'kilometers' });
        const [lon, lat] = p.geometry.coordinates;
        const needed = estimateMinutes('car', greatCircleKm(centre.latitude, centre.longitude, lat, lon));
        assert.is(needed < t, inside);
        assert.is(booleanPointInPolygon(p, feature), inside, `${t} min, bearing ${bearing}, ${factor} of reach (${needed.toFixed(2)} min)`);
      }
    }
  }
  assert.ok(area(fc.features[1]) > area(fc.features[0]), 'the 10-minute isoline is larger');
});

test('pedestrian isolines are much smaller than car isolines of the same minutes', async () => {
  const [walk] = (await isolines({ ...centre, profile: 'pedestrian', minutes: [10] })).features;
  const [drive] = (await isolines({ ...centre, profile: 'car', minutes: [10] })).features;
  assert.ok(area(walk) * 20 < area(drive));
  // 10 minutes on foot: 0.8 km of road, 0.667 km straight line: a circle of ~1.40 km2.
  const expected = Math.PI * Math.pow(reachKm('pedestrian', 10) * 1000, 2);
  assert.ok(Math.abs(area(walk) / expected - 1) < 0.03, `${area(walk)} vs ${expected}`);
});

test('smoothing keeps the shape and adds vertices; buffering grows it by the distance', async () => {
  const [plain] = (await isolines({ ...centre, profile: 'car', minutes: [8], gridSize: 41 })).features;
  const [smoothed] = (await isolines({ ...centre, profile: 'car', minutes: [8], gridSize: 41, postProcessingActions: [{ type: 'smoothing', iterations: 2 }] }))
    .features;
  const vertices = (f: typeof plain) => f.geometry.coordinates.flat(2).length;
  assert.ok(vertices(smoothed) > vertices(plain) * 2, 'each smoothing iteration roughly doubles the vertices');
  assert.ok(Math.abs(area(smoothed) / area(plain) - 1) < 0.05, 'smoothing hardly changes the surface');
  const [buffered] = (
    await isolines({
      ...centre,
      profile: 'car',
      minutes: [8],
      gridSize: 41,
      postProcessingActions: [
        { type: 'smoothing', iterations: 2 },
        { type: 'buffering', distance: 0.5, units: 'kilometers' },
      ],
    })
  ).features;
  // Buffering a near-circle of radius r by b adds about 2 pi r b + pi b^2.
  const r = Math.sqrt(area(smoothed) / Math.PI);
  const grown = 2 * Math.PI * r * 500 + Math.PI * 500 * 500;
  assert.ok(Math.abs((area(buffered) - area(smoothed)) / grown - 1) < 0.05, `grew by ${area(buffered) - area(smoothed)}, expected about ${grown}`);
  // The spec's example: buffering by 0.0025 (degrees) grows it too.
  const [degrees] = (
    await isolines({ ...centre, profile: 'car', minutes: [8], gridSize: 41, postProcessingActions: [{ type: 'buffering', distance: 0.0025 }] })
  ).features;
  assert.ok(area(degrees) > area(plain));
  assert.is(degrees.properties.minutes, 8);
});

test('a buffer draws the outline of the unsimplified buffer within a twentieth of its distance, from far fewer vertices', async () => {
  const [smoothed] = (await isolines({ ...centre, profile: 'car', minutes: [10], postProcessingActions: [{ type: 'smoothing', iterations: 2 }] })).features;
  const distance = 0.0025;
  const [ours] = (
    await isolines({
      ...centre,
      profile: 'car',
      minutes: [10],
      postProcessingActions: [
        { type: 'smoothing', iterations: 2 },
        { type: 'buffering', distance },
      ],
    })
  ).features;
  const direct = buffer(smoothed as Feature<MultiPolygon>, distance, { units: 'degrees' }) as Feature<Polygon | MultiPolygon>;
  const vertices = (f: Feature<Polygon | MultiPolygon>) => coordAll(f).length;
  assert.ok(
    vertices(smoothed) > 1000 && vertices(ours) < vertices(direct) / 3,
    `${vertices(smoothed)} vertices smoothed, ${vertices(ours)} buffered against ${vertices(direct)}`,
  );
  // Every vertex of each outline lies within the tolerance (plus a metre) of the other's outline.
  const tolerance = distance * SIMPLIFY_SHARE_OF_BUFFER * 111_320 + 1;
  const lines = (f: Feature<Polygon | MultiPolygon>) => {
    const o = polygonToLine(f) as Feature<LineString | MultiLineString> | FeatureCollection<LineString | MultiLineString>;
    return 'features' in o ? o.features : [o];
  };
  const farthest = (from: Feature<Polygon | MultiPolygon>, to: Feature<Polygon | MultiPolygon>) => {
    const target = lines(to);
    return Math.max(...coordAll(from).map((c) => Math.min(...target.map((l) => pointToLineDistance(point(c), l as Feature<LineString>, { units: 'meters' })))));
  };
  assert.ok(farthest(ours, direct) <= tolerance, `ours to the direct buffer: ${farthest(ours, direct)} m`);
  assert.ok(farthest(direct, ours) <= tolerance, `the direct buffer to ours: ${farthest(direct, ours)} m`);
  assert.ok(Math.abs(area(ours) / area(direct) - 1) < 0.01, 'the same surface within 1 %');
});

test('another provider (a given matrix) drives the grid too', async () => {
  // A provider that says every grid point is 3 minutes away: the 5-minute contour covers the whole inner grid.
  const n = 11;
  const all = Array.from({ length: n * n }, (_, i) => i);
  const provider = matrixProvider({ car: { origin: all, destination: all.map(() => 0), minutes: all.map(() => 3) } });
  const fc = await isolines({ ...centre, profile: 'car', minutes: [5], provider, gridSize: n, radiusKm: 1 });
  assert.is(fc.features.length, 1);
  // Inner 9 x 9 points span 8 cells of 0.2 km, plus interpolation into the unreached border.
  const km2 = area(fc.features[0]) / 1e6;
  assert.ok(km2 > 1.6 * 1.6 && km2 < 2 * 2, `${km2} km2`);
});

test.run();
