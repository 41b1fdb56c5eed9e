// The demo page: every layer on generated data around Amsterdam. Click or Tab to an icon to select it.
import {
  createMap,
  BasemapLayer,
  loadNaturalEarth,
  TileLayer,
  legendTextColor,
  openStreetMapSource,
  FIT_MAX_ZOOM,
  type BasemapPlace,
  type Layer,
} from '../src/index.js';
import { generateScene, BRANDS } from './scene.js';
import { sceneLayers } from './scene-layers.js';

const places = (await (await fetch('/places.json')).json()) as BasemapPlace[];
const scene = generateScene(
  { stores: 3000, pois: 400, heatPoints: 20000, catchments: 600 },
  places.filter((p) => p.population >= 5000),
);
const layers = sceneLayers(scene);
const basemap = new BasemapLayer({ id: 'basemap', zIndex: -10 });
const tiles = new TileLayer({ id: 'osm', zIndex: -5, visible: false, ...openStreetMapSource });

const map = createMap(document.getElementById('map')!, { fontFamily: '"DejaVu Sans", sans-serif', label: 'Demo map of stores around Amsterdam' });
const all: Record<string, Layer> = { basemap, 'OSM tiles (online)': tiles, ...layers };
for (const layer of Object.values(all)) map.addLayer(layer);
void loadNaturalEarth('10m', places).then((data) => basemap.setData(data));

// Layer switches and a legend that follows the spec's text colour rule.
const panel = document.getElementById('panel')!;
for (const [name, layer] of Object.entries(all)) {
  const label = document.createElement('label');
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.checked = layer.visible;
  box.addEventListener('change', () => layer.setVisible(box.checked));
  label.append(box, ` ${name}`);
  panel.append(label);
}
const legend = document.getElementById('legend')!;
for (const brand of BRANDS) {
  const entry = document.createElement('div');
  entry.textContent = brand.name;
  entry.style.background = brand.color;
  entry.style.color = legendTextColor(brand.color);
  legend.append(entry);
}

const status = document.getElementById('status')!;
const showView = () => {
  const v = map.getView();
  status.textContent = `z ${v.zoom.toFixed(2)} · c ${v.center[0].toFixed(4)},${v.center[1].toFixed(4)} · b ${v.bearing.toFixed(0)} · p ${v.pitch.toFixed(0)}`;
};
map.on('move', showView);
showView();
const select = (id: string | number) => {
  const store = scene.stores.find((s) => s.id === id);
  if (!store) return;
  layers.icons.setSelected([id]);
  layers.rangeCircles.setCircles([store.lon, store.lat], scene.ranges);
  status.textContent = `Selected ${store.name}`;
};
map.on('click', (e) => {
  if (e.hit?.kind === 'icon') select(e.hit.id);
  else if (e.hit) status.textContent = `Area ${e.hit.id}`;
});
map.on('select', (e) => select(e.hit.id));
map.on('hover', (e) => {
  const f = e.hit?.feature as { name?: string } | undefined;
  document.getElementById('hover')!.textContent = f?.name ?? '';
});
map.on('contextmenu', (e) => {
  status.textContent = `Context menu at ${e.lngLat[1].toFixed(5)}, ${e.lngLat[0].toFixed(5)}`;
});
document.getElementById('fit')!.addEventListener('click', () => {
  const lons = scene.stores.map((s) => s.lon),
    lats = scene.stores.map((s) => s.lat);
  map.fitBounds(
    [
      [Math.min(...lons), Math.min(...lats)],
      [Math.max(...lons), Math.max(...lats)],
    ],
    { maxZoom: FIT_MAX_ZOOM },
  );
});
// eslint-disable-next-line @typescript-eslint/no-misused-promises -- a failed export shows in the console, as any demo error
document.getElementById('export')!.addEventListener('click', async () => {
  const blob = await map.toBlob({ pixelRatio: 300 / 96 });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = 'map-300dpi.png';
  a.click();
});
Object.assign(globalThis, { map, layers });
