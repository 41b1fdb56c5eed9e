// The street basemap's data path without a browser: the test's own MVT encoder read back by
// @mapbox/vector-tile, the styles' matching rules, and a PMTiles archive written by the test read
// by the pmtiles package through range reads.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { atZoom, matchesFeature, matchesSource } from '../src/tiles/vector-style.js';
import { VECTOR_STYLES } from '../src/tiles/styles/index.js';
import { encodeMvt, townArchive, townTile, townTiles } from './support/mvt-fixtures.js';
import { tileScaleFor } from '../src/layers/vector-tile/vector-tile-renderer.js';

test('the test encoder writes tiles that @mapbox/vector-tile reads back', () => {
  const bytes = encodeMvt([
    {
      name: 'roads',
      features: [
        {
          type: 'line',
          geometry: [
            [
              [10, 20],
              [300, 400],
              [4000, 20],
            ],
          ],
          properties: { kind: 'minor_road', name: 'Kerkstraat', oneway: true },
        },
        {
          type: 'polygon',
          geometry: [
            [
              [0, 0],
              [100, 0],
              [100, 100],
              [0, 100],
              [0, 0],
            ],
          ],
          properties: { height: 12.5 },
        },
        { type: 'point', geometry: [[[2048, 1024]]], properties: { name: 'Amsterdam' } },
      ],
    },
  ]);
  const tile = new VectorTile(new PbfReader(bytes));
  const layer = tile.layers.roads;
  assert.is(layer.length, 3);
  assert.is(layer.extent, 4096);
  const line = layer.feature(0);
  assert.is(line.type, 2);
  assert.equal({ ...line.properties }, { kind: 'minor_road', name: 'Kerkstraat', oneway: true });
  assert.equal(
    line.loadGeometry()[0].map((p) => [p.x, p.y]),
    [
      [10, 20],
      [300, 400],
      [4000, 20],
    ],
  );
  const polygon = layer.feature(1);
  assert.is(polygon.type, 3);
  assert.equal(
    polygon.loadGeometry()[0].map((p) => [p.x, p.y]),
    [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
      [0, 0],
    ],
  );
  assert.equal({ ...polygon.properties }, { height: 12.5 });
  assert.equal(
    layer
      .feature(2)
      .loadGeometry()[0]
      .map((p) => [p.x, p.y]),
    [[2048, 1024]],
  );
});

test('style rules: source prefixes, value prefixes, exclusions and zoom stops', () => {
  assert.ok(matchesSource(['wegdeel*'], 'wegdeel_lijn'));
  assert.not.ok(matchesSource(['wegdeel*'], 'waterdeel_vlak'));
  assert.ok(matchesSource(['water'], 'water'));
  assert.not.ok(matchesSource(['water'], 'water_name'));
  const layer = { id: 'x', source: ['a'], filter: { typeweg: ['regionale weg*'] }, exclude: { tunnel: ['true'] } };
  assert.ok(matchesFeature(layer, { typeweg: 'regionale weg' }));
  assert.not.ok(matchesFeature(layer, { typeweg: 'regionale weg', tunnel: true }));
  assert.not.ok(matchesFeature(layer, { typeweg: 'straat' }));
  assert.is(
    atZoom(
      [
        [12, 1],
        [16, 5],
      ],
      14,
    ),
    3,
  );
  assert.is(
    atZoom(
      [
        [12, 1],
        [16, 5],
      ],
      10,
    ),
    1,
  );
  assert.is(
    atZoom(
      [
        [12, 1],
        [16, 5],
      ],
      18,
    ),
    5,
  );
  assert.is(tileScaleFor(1), 1);
  assert.is(tileScaleFor(1.25), 1.5);
  assert.is(tileScaleFor(2), 2);
  assert.is(tileScaleFor(300 / 96), 3.5);
});

test("every schema's style draws the town's water, roads, railway, buildings and labels", () => {
  for (const schema of ['brt', 'openmaptiles', 'protomaps'] as const) {
    const style = VECTOR_STYLES[schema];
    const used = new Set<string>();
    for (const t of townTiles(15)) {
      const bytes = townTile(schema, 15, t.x, t.y);
      if (!bytes) continue;
      const tile = new VectorTile(new PbfReader(bytes));
      for (const name of Object.keys(tile.layers)) {
        const source = tile.layers[name];
        for (let i = 0; i < source.length; i++) {
          const f = source.feature(i);
          for (const l of style.layers) if (matchesSource(l.source, name) && matchesFeature(l, f.properties)) used.add(l.id);
        }
      }
    }
    for (const id of ['water', 'buildings', 'rail', 'road-minor', 'road-minor-casing'])
      assert.ok(used.has(id), `${schema}: ${id} draws nothing of the town (${[...used].join(', ')})`);
  }
});

test('a PMTiles archive written by the test is read by the pmtiles package through range reads', async () => {
  const archive = townArchive('protomaps', 10, 14);
  const reads: [number, number][] = [];
  const source: Source = {
    getKey: () => 'town.pmtiles',
    getBytes: async (offset: number, length: number): Promise<RangeResponse> => {
      reads.push([offset, length]);
      const part = archive.subarray(offset, offset + length);
      return { data: part.buffer.slice(part.byteOffset, part.byteOffset + part.byteLength) as ArrayBuffer };
    },
  };
  const pm = new PMTiles(source);
  const header = await pm.getHeader();
  assert.is(header.minZoom, 10);
  assert.is(header.maxZoom, 14);
  const { x, y } = townTiles(14)[3];
  const answer = await pm.getZxy(14, x, y);
  assert.ok(answer, 'tile found');
  assert.equal(new Uint8Array(answer!.data), townTile('protomaps', 14, x, y));
  assert.is(await pm.getZxy(14, 0, 0), undefined);
  assert.ok(
    reads.every(([, length]) => length < archive.length || archive.length <= 16384),
    'read by ranges',
  );
});

test.run();
