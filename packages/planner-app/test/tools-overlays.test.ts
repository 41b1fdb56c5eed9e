// The layers menu's state on a real map-canvas map (happy-dom, no pixels):
// area-set tiles by tile slug and zoom levels, heat maps, POIs with the POI
// size factor, satellite imagery only when configured, and unbinding.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
const window = installDom('https://locus.test/');
(globalThis as Record<string, unknown>).Image = (window as unknown as Record<string, unknown>).Image;
import { createMap, HeatmapLayer, ICON_BASE_SIZE, IconLayer, iconSize, POI_ICON_SIZE_FACTOR, TileLayer, type LocusMap } from '@locus/map-canvas';
import { areaSetTileTemplate, bindOverlays, Z } from '../src/map/overlays';
import { emptyLayers, layers, setLayers } from '../src/stores/layers';
import { modelId, models } from '../src/stores/models';
import { ToolsModel } from '../src/stores/tools';
import { fakeApi } from './fake-api';
import { model } from './fixtures';

const demo = model(1, {
  areaSets: [
    {
      id: 5,
      name: 'Grid 1 km',
      title: 'Grid 1 km',
      hover: true,
      isWhiteSpot: false,
      mapTilesZoomLevelsAvailable: [6, 10, 14],
      tileSlug: 'supermarkets-grid',
      colorRamp: null,
    },
    { id: 6, name: 'Regions', title: 'Regions', hover: false, isWhiteSpot: false, mapTilesZoomLevelsAvailable: [], tileSlug: 'regions', colorRamp: null },
  ],
  heatMapSets: [{ id: 20, name: 'pop', title: 'Population', rendering: 'density' }],
  poiSets: [{ id: 30, name: 'stations', title: 'Stations' }],
});

function setup() {
  models.value = [demo];
  modelId.value = 1;
  layers.value = emptyLayers;
  const container = document.createElement('div');
  document.body.appendChild(container);
  const map = createMap(container as unknown as HTMLElement, { size: { width: 800, height: 600 }, pixelRatio: 1, interactive: false });
  const fake = fakeApi({
    heatMapPoints: () => [
      { latitude: 52.1, longitude: 5.1, weight: 255 },
      { latitude: 52.2, longitude: 5.2, weight: 100 },
    ],
    pois: () => [
      { lat: 52.09, lng: 5.11, name: 'Station Utrecht', poiSetId: 30, logoHash: 'abc' },
      { lat: 52.37, lng: 4.9, name: 'Station Amsterdam', poiSetId: 30, logoHash: 'abc' },
    ],
  });
  // A fresh tools model (no satellite imagery until a test sets it), disposed with the binding.
  const tools = new ToolsModel(fake.api, async () => {});
  const stop = bindOverlays(map, fake.api, tools);
  const unbind = () => {
    stop();
    tools[Symbol.dispose]();
  };
  return { map, fake, tools, unbind };
}

const ofType = <T>(map: LocusMap, type: new (...args: never[]) => T) => map.getLayers().filter((l) => l instanceof type) as T[];
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

test('the tile template uses the set tile slug (GET /api/tile-proxy/{areaSetNameSlug}/{z}/{x}/{y})', () => {
  assert.is(areaSetTileTemplate({ tileSlug: 'supermarkets-grid' }), '/api/tile-proxy/supermarkets-grid/{z}/{x}/{y}');
});

test('area sets that are on get a tile layer with the zoom levels the server draws; off removes it', () => {
  const { map, unbind } = setup();
  setLayers({ areaSetIds: [5, 6] });
  const tiles = ofType(map, TileLayer);
  assert.equal(
    tiles.map((t) => t.url),
    ['/api/tile-proxy/supermarkets-grid/{z}/{x}/{y}', '/api/tile-proxy/regions/{z}/{x}/{y}'],
  );
  assert.equal([tiles[0]!.minZoom, tiles[0]!.maxZoom], [6, 14]);
  assert.is(tiles[0]!.zIndex, Z.areaSets);
  setLayers({ areaSetIds: [6] });
  assert.equal(
    ofType(map, TileLayer).map((t) => t.url),
    ['/api/tile-proxy/regions/{z}/{x}/{y}'],
  );
  assert.is(ofType(map, TileLayer)[0], tiles[1], 'a set that stays on keeps its layer (and its loaded tiles)');
  unbind();
  assert.is(ofType(map, TileLayer).length, 0);
  map.dispose();
});

test('a heat-map set that is on is drawn from its points; its points are read once', async () => {
  const { map, fake, unbind } = setup();
  setLayers({ heatMapSetIds: [20] });
  await settle();
  const [heat] = ofType(map, HeatmapLayer);
  assert.ok(heat);
  assert.is(heat!.zIndex, Z.heatMaps);
  assert.equal(
    [...heat!.weights].map((w) => Math.round(w * 255)),
    [255, 100],
  );
  setLayers({ heatMapSetIds: [] });
  assert.is(ofType(map, HeatmapLayer).length, 0);
  setLayers({ heatMapSetIds: [20] });
  await settle();
  assert.equal(fake.names().filter((n) => n === 'heatMapPoints').length, 1);
  unbind();
  map.dispose();
});

test('POIs of the sets that are on are drawn as POI icons (size factor 0.65) with their set logo read once', async () => {
  const { map, fake, unbind } = setup();
  const pois = map.getLayers().find((l) => l.id === 'pois') as IconLayer;
  assert.is(pois.zIndex, Z.pois);
  assert.is(pois.features.length, 0);
  setLayers({ poiSetIds: [30] });
  await settle();
  assert.equal(
    pois.features.map((f) => f.name),
    ['Station Utrecht', 'Station Amsterdam'],
  );
  assert.ok(pois.features.every((f) => f.poi));
  assert.is(POI_ICON_SIZE_FACTOR, 0.65);
  assert.is(iconSize(pois.features[0]!, false), Math.round(ICON_BASE_SIZE * 0.65));
  const logoCall = fake.calls.find((c) => c.name === 'poiSetLogo')!;
  assert.equal(logoCall.options.params, { modelId: 1, poiSetId: 30 });
  assert.equal(logoCall.options.query, { r: 'abc' });
  setLayers({ poiSetIds: [] });
  await settle();
  assert.is(pois.features.length, 0);
  setLayers({ poiSetIds: [30] });
  await settle();
  assert.is(fake.names().filter((n) => n === 'pois').length, 1, 'read once per model and set');
  assert.equal(pois.accessibleItems(map.currentFrame()), [], 'POIs are not keyboard entries');
  unbind();
  map.dispose();
});

test('the satellite layer is drawn only while on and configured, over the basemap and under the area sets', () => {
  const { map, tools, unbind } = setup();
  setLayers({ satellite: true });
  assert.is(ofType(map, TileLayer).length, 0, 'no imagery configured');
  tools.satelliteImagery.value = { url: 'https://imagery.example.com/{z}/{y}/{x}.jpg', attribution: 'Example' };
  const [satellite] = ofType(map, TileLayer);
  assert.is(satellite!.url, 'https://imagery.example.com/{z}/{y}/{x}.jpg');
  assert.is(satellite!.attribution, 'Example');
  assert.ok(satellite!.zIndex > Z.basemap && satellite!.zIndex < Z.areaSets);
  setLayers({ satellite: false });
  assert.is(ofType(map, TileLayer).length, 0);
  unbind();
  map.dispose();
});

test.run();
