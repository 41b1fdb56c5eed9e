// Browser page of the screenshot and interaction tests: one layer type (or all) on a small generated
// scene, fixed size and font. Sets window.__idle when the map reports 'idle'.
import { createMap, BasemapLayer, loadNaturalEarth, TileLayer, type BasemapPlace, type Layer } from '../../src/index.js';
import { generateScene, FALLBACK_PLACES } from '../../demo/scene.js';
import { sceneLayers } from '../../demo/scene-layers.js';

const params = new URLSearchParams(location.search);
const which = params.get('case') ?? 'all';
const state = globalThis as unknown as { __idle: boolean; __clicks: (string | number | null)[]; __map: unknown; __scene: unknown };
state.__idle = false;
state.__clicks = [];

const scene = generateScene({ stores: 250, pois: 25, heatPoints: 4000, catchments: 60, seed: 7 }, FALLBACK_PLACES);
const layers = sceneLayers(scene);
const chosen: Layer[] = [];
const needsBasemap = which === 'basemap' || which === 'all';
const basemap = new BasemapLayer({ id: 'basemap', zIndex: -10 });
if (needsBasemap) chosen.push(basemap);
if (which === 'tiles' || which === 'all') chosen.push(new TileLayer({ id: 'tiles', zIndex: -5, url: '/tiles/{z}/{x}/{y}.png', opacity: which === 'all' ? 0.35 : 1 }));
const byCase: Record<string, Layer[]> = {
  icons: [layers.icons],
  heatmap: [layers.heatmap],
  polygons: [layers.polygons],
  isolines: [layers.isolines],
  'range-circles': [layers.rangeCircles],
  labels: [layers.labels],
  'scale-bar': [layers.scaleBar],
  interaction: [layers.icons],
  all: Object.values(layers),
};
chosen.push(...(byCase[which] ?? []));
if (which === 'all') layers.icons.setSelected([scene.stores[3].id]);

const view = { center: [4.9, 52.37] as [number, number], zoom: which === 'basemap' ? 8 : 10, bearing: which === 'all' ? 12 : 0, pitch: 0 };
if (needsBasemap) {
  const places = (await (await fetch('/places.json')).json()) as BasemapPlace[];
  basemap.setData(await loadNaturalEarth('10m', places));
}
const map = createMap(document.getElementById('map')!, { view, layers: chosen, fontFamily: '"DejaVu Sans"', interactive: true });
map.on('move', () => (state.__idle = false));
map.on('idle', () => (state.__idle = true));
map.on('click', (e) => state.__clicks.push(e.hit?.id ?? null));
state.__map = map;
state.__scene = scene;
