// The map layers of the layers menu besides the locations: satellite imagery,
// the server's raster tiles of each visible area set (with the area under the
// pointer for sets that answer hovering), heat maps and POI sets.
import type { AreaSetInfo, HeatMapRendering } from '@locus/contract';
import {
  areaSetSource,
  HeatmapLayer,
  IconLayer,
  ChoroplethLayer,
  SEQUENTIAL_CHOROPLETH_GRADIENT,
  SEQUENTIAL_HEAT_GRADIENT,
  TileLayer,
  type AccessibleItem,
  type FrameState,
  type HeatmapPoint,
  type IconFeature,
  type LocusMap,
} from '@locus/map-canvas';
import { effect } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';
import { latestWins, STALE } from '../stores/latest';
import { layers } from '../stores/layers';
import { model } from '../stores/models';
import type { ToolsModel } from '../stores/tools';

/** Drawing order of the map's layers (higher on top). */
export const Z = {
  basemap: 0,
  satellite: 5,
  areaSets: 10,
  heatMaps: 20,
  catchments: 30,
  isolines: 40,
  ranges: 50,
  pois: 55,
  impact: 57,
  locations: 60,
  placeLabels: 70,
  scaleBar: 100,
} as const;

/** Opacity of area-set tiles over the map. */
export const AREA_SET_OPACITY = 0.6;
/** Heat maps: kernel radius on the ground and opacity. */
export const HEAT_MAP_RADIUS_METRES = 1500;
export const HEAT_MAP_OPACITY = 0.7;
/** Heat maps: a sequential, colour-blind-safe ramp (more is darker), fading to transparent at the low end. */
export const HEAT_MAP_GRADIENT = SEQUENTIAL_HEAT_GRADIENT;
/** Rates per area: the same ramp from its pale end, every area with a value coloured. */
export const RATE_MAP_GRADIENT = SEQUENTIAL_CHOROPLETH_GRADIENT;

/**
 * The layer of a heat-map set by its rendering: a count as a density (a kernel of 1.5 km, summed), a
 * rate per inhabitant as a choropleth of its areas (the points are the areas' centres).
 */
export function heatMapLayer(id: string, rendering: HeatMapRendering): HeatmapLayer | ChoroplethLayer {
  if (rendering === 'rate') return new ChoroplethLayer({ id, opacity: HEAT_MAP_OPACITY, gradient: RATE_MAP_GRADIENT, zIndex: Z.heatMaps });
  return new HeatmapLayer({
    id,
    radius: HEAT_MAP_RADIUS_METRES,
    intensity: HEAT_MAP_INTENSITY,
    opacity: HEAT_MAP_OPACITY,
    gradient: HEAT_MAP_GRADIENT,
    zIndex: Z.heatMaps,
  });
}
/** Scales the summed weights: the sets are dense grids whose kernels overlap, so full weight alone stays below the top of the ramp. */
export const HEAT_MAP_INTENSITY = 0.7;
/** Pause of the pointer before the area under it is asked for. */
export const AREA_HOVER_DELAY_MS = 150;

/** POIs are drawn and hit-tested but not offered as keyboard entries: choosing one does nothing. */
export class PoiLayer extends IconLayer {
  override accessibleItems(_frame: FrameState): AccessibleItem[] {
    return [];
  }
}

/** Binds the layer store and the tools model (satellite imagery, hover) to the map; returns the function that unbinds it. */
export function bindOverlays(map: LocusMap, api: ApiClient, tools: ToolsModel): () => void {
  const { satelliteImagery, hoverAreaSets, hoverAreaAt, clearAreaHover, poiHover } = tools;
  const stops: (() => void)[] = [];

  // Satellite imagery: drawn over the basemap (covering its place names) and under every other layer.
  let satellite: TileLayer | null = null;
  let satelliteUrl = '';
  stops.push(
    effect(() => {
      const imagery = satelliteImagery.value;
      const on = layers.value.satellite && imagery !== null;
      if (satellite && (!on || imagery?.url !== satelliteUrl)) {
        map.removeLayer(satellite);
        satellite = null;
      }
      if (on && imagery && !satellite) {
        satelliteUrl = imagery.url;
        satellite = new TileLayer({ id: 'satellite', url: imagery.url, maxZoom: 19, attribution: imagery.attribution ?? undefined, zIndex: Z.satellite });
        map.addLayer(satellite);
      }
    }),
  );

  // Area sets: the server's raster tiles.
  const tiles = new Map<string, TileLayer>();
  stops.push(
    effect(() => {
      const m = model.value;
      const wanted = new Map<string, AreaSetInfo>();
      for (const id of layers.value.areaSetIds) {
        const set = m?.areaSets.find((s) => s.id === id);
        if (set) wanted.set(`area-set-${m!.id}-${set.id}-${areaSetTileTemplate(set)}`, set);
      }
      for (const [key, layer] of tiles) {
        if (!wanted.has(key)) {
          map.removeLayer(layer);
          tiles.delete(key);
        }
      }
      for (const [key, set] of wanted) {
        if (tiles.has(key)) continue;
        const levels = set.mapTilesZoomLevelsAvailable;
        const zoomRange = levels.length ? { minZoom: Math.min(...levels), maxZoom: Math.max(...levels) } : {};
        const layer = new TileLayer({
          id: key,
          ...areaSetSource(areaSetTileTemplate(set)),
          ...zoomRange,
          opacity: AREA_SET_OPACITY,
          zIndex: Z.areaSets,
          headers: () => api.authHeaders(),
        });
        map.addLayer(layer);
        tiles.set(key, layer);
      }
    }),
  );

  // Area hover: after a short pause of the pointer, the area under it in a hover-enabled visible set.
  let hoverTimer: ReturnType<typeof setTimeout> | null = null;
  const element = map.container;
  const onPointerMove = (event: PointerEvent) => {
    if (hoverTimer) clearTimeout(hoverTimer);
    if (event.buttons !== 0 || hoverAreaSets.peek().length === 0) {
      clearAreaHover();
      return;
    }
    const rect = element.getBoundingClientRect();
    const point: [number, number] = [event.clientX - rect.left, event.clientY - rect.top];
    const { clientX, clientY } = event;
    hoverTimer = setTimeout(() => {
      const [lon, lat] = map.unproject(point);
      void hoverAreaAt(lon, lat, clientX, clientY);
    }, AREA_HOVER_DELAY_MS);
  };
  const onPointerLeave = () => {
    if (hoverTimer) clearTimeout(hoverTimer);
    clearAreaHover();
  };
  element.addEventListener('pointermove', onPointerMove);
  element.addEventListener('pointerleave', onPointerLeave);
  stops.push(map.on('move', () => clearAreaHover()));
  stops.push(() => {
    if (hoverTimer) clearTimeout(hoverTimer);
    element.removeEventListener('pointermove', onPointerMove);
    element.removeEventListener('pointerleave', onPointerLeave);
    clearAreaHover();
  });

  // Heat maps: one layer per visible set, points read once per model and set.
  const heatPoints = new Map<string, Promise<HeatmapPoint[]>>();
  const heatLayers = new Map<string, HeatmapLayer | ChoroplethLayer>();
  stops.push(
    effect(() => {
      const m = model.value;
      const wanted = new Set(m ? layers.value.heatMapSetIds.filter((id) => m.heatMapSets.some((h) => h.id === id)).map((id) => `${m.id}:${id}`) : []);
      for (const [key, layer] of heatLayers) {
        if (!wanted.has(key)) {
          map.removeLayer(layer);
          heatLayers.delete(key);
        }
      }
      for (const key of wanted) {
        if (heatLayers.has(key)) continue;
        const [modelId, heatMapSetId] = key.split(':').map(Number) as [number, number];
        const layer = heatMapLayer(`heat-map-${key}`, m!.heatMapSets.find((h) => h.id === heatMapSetId)!.rendering);
        heatLayers.set(key, layer);
        map.addLayer(layer);
        let points = heatPoints.get(key);
        if (!points) {
          points = api
            .call('heatMapPoints', { params: { modelId, heatMapSetId } })
            .then((list) => list.map((p) => ({ lon: p.longitude, lat: p.latitude, weight: p.weight })));
          points.catch(() => heatPoints.delete(key));
          heatPoints.set(key, points);
        }
        points.then(
          (list) => {
            if (heatLayers.get(key) === layer) layer.setPoints(list);
          },
          () => undefined,
        );
      }
    }),
  );

  // POIs: one icon layer with every visible set's POIs, drawn with their set's logo at the POI size factor.
  const logos = new Map<string, CanvasImageSource | null>();
  const poiFeatures = new Map<string, Promise<IconFeature[]>>();
  const pois = new PoiLayer({
    id: 'pois',
    zIndex: Z.pois,
    style: (feature) => {
      const logo = logos.get(String(feature.group));
      return logo ? { image: logo } : {};
    },
  });
  map.addLayer(pois);
  // The name of the POI under the pointer.
  stops.push(
    map.on('hover', (event) => {
      const hit = event.hit;
      if (hit && hit.layerId === pois.id && hit.kind === 'icon') {
        const rect = element.getBoundingClientRect();
        const feature = (hit as { feature?: IconFeature }).feature;
        poiHover.value = feature ? { x: rect.left + event.point[0], y: rect.top + event.point[1], name: feature.name } : null;
      } else if (poiHover.peek()) {
        poiHover.value = null;
      }
    }),
  );
  stops.push(
    map.on('move', () => {
      if (poiHover.peek()) poiHover.value = null;
    }),
  );
  stops.push(() => {
    poiHover.value = null;
  });
  // The point sets are kept per set (shared by later choices): their reads are not aborted, an older choice's answer is dropped.
  const poiRead = latestWins();
  stops.push(() => poiRead.abort());
  stops.push(
    effect(() => {
      const m = model.value;
      const ids = m ? layers.value.poiSetIds.filter((id) => m.poiSets.some((p) => p.id === id)) : [];
      if (!m || ids.length === 0) {
        poiRead.abort();
        pois.setFeatures([]);
        return;
      }
      const loads = ids.map((poiSetId) => {
        const key = `${m.id}:${poiSetId}`;
        let features = poiFeatures.get(key);
        if (!features) {
          features = api.call('pois', { params: { modelId: m.id, poiSetId } }).then(async (list) => {
            const logoKey = `${m.id}:${poiSetId}`;
            if (!logos.has(logoKey)) {
              const hash = list[0]?.logoHash;
              const blob = await api
                .blob('poiSetLogo', { params: { modelId: m.id, poiSetId }, query: hash ? { r: hash } : {}, expected: () => true })
                .catch(() => null);
              logos.set(logoKey, blob ? await decodedImage(blob) : null);
            }
            return list.map((p, i) => ({ id: `${poiSetId}-${i}`, lon: p.lng, lat: p.lat, name: p.name, group: logoKey, poi: true }));
          });
          features.catch(() => poiFeatures.delete(key));
          poiFeatures.set(key, features);
        }
        return features;
      });
      void poiRead
        .run(() => Promise.allSettled(loads))
        .then((results) => {
          if (results === STALE) return;
          pois.setFeatures(results.flatMap((r) => (r.status === 'fulfilled' ? r.value : [])));
        });
    }),
  );

  return () => {
    for (const stop of stops) stop();
    if (satellite) map.removeLayer(satellite);
    for (const layer of tiles.values()) map.removeLayer(layer);
    for (const layer of heatLayers.values()) map.removeLayer(layer);
    map.removeLayer(pois);
  };
}

/** The tile URL template of an area set (GET /api/tile-proxy/{areaSetNameSlug}/{z}/{x}/{y}) by the set's tile slug. */
export function areaSetTileTemplate(set: Pick<AreaSetInfo, 'tileSlug'>): string {
  return `/api/tile-proxy/${encodeURIComponent(set.tileSlug)}/{z}/{x}/{y}`;
}

/** An image blob (the POI logos are SVG, which createImageBitmap does not take) decoded for drawing on the canvas. */
export async function decodedImage(blob: Blob): Promise<CanvasImageSource | null> {
  const image = new Image();
  image.src = URL.createObjectURL(blob);
  try {
    await image.decode();
    return image;
  } catch {
    URL.revokeObjectURL(image.src);
    return null;
  }
}
