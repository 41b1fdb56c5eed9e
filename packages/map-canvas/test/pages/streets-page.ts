// Browser page of the street basemap tests: the built-in basemap with a street layer over it, from
// the test server's own tiles (vector tiles from a URL template or a PMTiles archive, raster tiles),
// or from a source that fails. Sets window.__idle when the map reports 'idle'.
import {
  BasemapLayer,
  createMap,
  loadNaturalEarth,
  TileLayer,
  VectorTileLayer,
  workerFromSource,
  type BasemapPlace,
  type Layer,
  type VectorSchema,
} from '../../src/index.js';

const params = new URLSearchParams(location.search);
const source = params.get('source') ?? 'url';
const schema = (params.get('schema') ?? 'openmaptiles') as VectorSchema;
const zoom = Number(params.get('zoom') ?? 15);
const center: [number, number] = [Number(params.get('lon') ?? 4.899), Number(params.get('lat') ?? 52.372)];
const state = globalThis as unknown as { __idle: boolean; __map: unknown; __streets: unknown; __later: unknown };
state.__idle = false;

const basemap = new BasemapLayer({ id: 'basemap', zIndex: 0 });
const layers: Layer[] = [basemap];
const { default: workerSource } = await import('locus:vector-tile-worker');
const createWorker = workerFromSource(workerSource);
let streets: Layer | null = null;
if (source === 'url')
  streets = new VectorTileLayer({
    id: 'streets',
    zIndex: 1,
    url: `${location.origin}/vt/${schema}/{z}/{x}/{y}.mvt`,
    schema,
    createWorker,
    maxZoom: 15,
    workers: 1,
  });
if (source === 'pmtiles')
  streets = new VectorTileLayer({
    id: 'streets',
    zIndex: 1,
    url: `${location.origin}/town-${schema}.pmtiles`,
    archive: true,
    schema,
    createWorker,
    workers: 1,
  });
if (source === 'fail')
  streets = new VectorTileLayer({ id: 'streets', zIndex: 1, url: `${location.origin}/vt-fail/{z}/{x}/{y}.mvt`, schema, createWorker, workers: 1 });
if (source === 'raster') streets = new TileLayer({ id: 'streets', zIndex: 1, url: '/tiles/{z}/{x}/{y}{r}.png', retina: true });
if (streets) layers.push(streets);
const places = (await (await fetch('/places.json')).json()) as BasemapPlace[];
basemap.setData(await loadNaturalEarth('10m', places));
const map = createMap(document.getElementById('map')!, {
  view: { center, zoom, bearing: Number(params.get('bearing') ?? 0), pitch: 0 },
  layers,
  fontFamily: '"DejaVu Sans"',
  interactive: true,
});
map.on('move', () => (state.__idle = false));
map.on('idle', () => (state.__idle = true));
state.__map = map;
state.__streets = streets;
// Street layers a test adds to the map later (a layer added while the map is already drawing).
state.__later = {
  vector: () =>
    new VectorTileLayer({ id: 'later', zIndex: 1, url: `${location.origin}/vt/${schema}/{z}/{x}/{y}.mvt`, schema, createWorker, maxZoom: 15, workers: 1 }),
  raster: () => new TileLayer({ id: 'later', zIndex: 1, url: '/tiles/{z}/{x}/{y}{r}.png', retina: true }),
};
