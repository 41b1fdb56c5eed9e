// The map layers of the layers menu besides the locations: the server's
// raster tiles of each visible area set, drawn under the location icons.
import { areaSetSource, TileLayer, type LocusMap } from '@locus/map-canvas';
import { effect } from '@preact/signals-react';
import type { ApiClient } from '../api/client';
import { layers } from '../stores/layers';
import { model } from '../stores/models';

/** Drawing order of the map's layers (higher on top). */
export const Z = { basemap: 0, satellite: 5, areaSets: 10, heatMaps: 20, catchments: 30, isolines: 40, ranges: 50, pois: 55, locations: 60, scaleBar: 100 } as const;

/** Binds the layer store to the map; returns the function that unbinds it. */
export function bindOverlays(map: LocusMap, api: ApiClient): () => void {
  const tiles = new Map<string, TileLayer>();
  const stop = effect(() => {
    const m = model.value;
    const wanted = new Map<string, string>();
    for (const id of layers.value.areaSetIds) {
      const set = m?.areaSets.find((s) => s.id === id);
      if (set) wanted.set(`area-set-${set.id}`, areaSetTileTemplate(set));
    }
    for (const [key, layer] of tiles) {
      if (!wanted.has(key)) {
        map.removeLayer(layer);
        tiles.delete(key);
      }
    }
    for (const [key, template] of wanted) {
      if (tiles.has(key)) continue;
      const layer = new TileLayer({ id: key, ...areaSetSource(template), opacity: 0.6, zIndex: Z.areaSets, headers: () => api.authHeaders() });
      map.addLayer(layer);
      tiles.set(key, layer);
    }
  });
  return () => {
    stop();
    for (const layer of tiles.values()) map.removeLayer(layer);
  };
}

/** The tile URL template of an area set (GET /api/tile-proxy/{slug}/{z}/{x}/{y}). */
export function areaSetTileTemplate(set: { name: string; tileSlug?: string }): string {
  const slug = set.tileSlug ?? set.name;
  return `/api/tile-proxy/${encodeURIComponent(slug)}/{z}/{x}/{y}`;
}
