// The app's one basemap layer: Natural Earth (10 m) with the places of the
// Netherlands and around. Preparing it (projecting and simplifying every
// coast and border for each level of detail) costs about a second of the main
// thread, so it is done once and the layer is shared by the main map and the
// report maps (a layer may sit on several maps; each map has its own renderer).
import { BasemapLayer, TileLayer, VectorTileLayer, workerFromSource, type Layer, type LocusMap } from '@locus/map-canvas';
import { signal } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';

let layer: BasemapLayer | null = null;
let ready: Promise<BasemapLayer> | null = null;

/** The shared basemap layer, at the bottom of every map; its data arrives later (see basemapReady). */
export function basemapLayer(): BasemapLayer {
  layer ??= new BasemapLayer({ zIndex: 0 });
  return layer;
}

/** The shared basemap layer once its data is loaded and prepared. */
export function basemapReady(): Promise<BasemapLayer> {
  ready ??= Promise.all([import('locus:places'), import('@locus/map-canvas')]).then(async ([{ default: places }, { loadNaturalEarth }]) => {
    const target = basemapLayer();
    target.setData(await loadNaturalEarth('10m', places));
    return target;
  });
  ready.catch(() => {
    ready = null;
  });
  return ready;
}

// --- The street basemap (the server's BASEMAP_* settings) over the built-in one. ---

/** Network failures in a row, before any tile arrived, after which the street layer is taken away. */
export const STREET_FAILURES_BEFORE_FALLBACK = 3;

/** The street basemap the server names, shared by the main map and the report maps (null: none). */
let streets: Promise<Layer | null> | null = null;
let streetLayerNow: Layer | null = null;

/** The attribution of the street basemap while it is shown (for the map's credit line). */
export const streetAttribution = signal<string | null>(null);
/** The street source's first zoom level: below it the built-in basemap shows alone, without the credit. */
export const streetMinZoom = signal(0);

/**
 * The street layer (vector or raster tiles) as the server configures it, created once. Its tiles are
 * drawn over the built-in basemap, which shows wherever a tile is missing; when the source cannot be
 * reached (an offline install) the layer hides itself after a few failures in a row with no tile
 * arrived, so the built-in basemap stays, quietly.
 */
export function streetBasemap(api: ApiClient): Promise<Layer | null> {
  // The worker's code (a lazy chunk) is fetched beside the configuration, not after it: vector tiles
  // are the usual street basemap (the Dutch default), and the chunk is on the way to the first street frame.
  const workerSource = import('locus:vector-tile-worker');
  workerSource.catch(() => {});
  streets ??= api
    .call('systemEnvironment', { expected: () => true })
    .then(async (env) => {
      const b = env.basemap;
      if (!b) return null;
      const attribution = b.attribution ?? undefined;
      let layer: Layer;
      if (b.kind === 'raster') {
        layer = new TileLayer({ id: 'streets', url: b.url, maxZoom: b.maxZoom, attribution, zIndex: 1 });
      } else {
        const { default: source } = await workerSource;
        const vector = new VectorTileLayer({
          id: 'streets',
          url: b.url,
          archive: b.archive,
          schema: b.schema,
          minZoom: b.minZoom,
          maxZoom: b.maxZoom,
          attribution,
          zIndex: 1,
          createWorker: workerFromSource(source),
          // The built-in basemap names the places (above the stores for cities): the tiles' place names give way.
          placesNamedBy: basemapLayer(),
        });
        vector.onChange(() => {
          streetMinZoom.value = vector.minZoom;
          const h = vector.health;
          if (vector.visible && h.loaded === 0 && h.failedInRow >= STREET_FAILURES_BEFORE_FALLBACK) {
            vector.setVisible(false);
            streetAttribution.value = null;
          }
        });
        layer = vector;
      }
      streetMinZoom.value = b.kind === 'vector' ? b.minZoom : 0;
      streetAttribution.value = b.attribution;
      streetLayerNow = layer;
      return layer;
    })
    .catch(() => null);
  return streets;
}

/** The street layer when it exists and is shown (report maps draw it under their layers). */
export function streetLayer(): Layer | null {
  return streetLayerNow && streetLayerNow.visible ? streetLayerNow : null;
}

/**
 * Starts the basemaps of the main map: the street layer (added when it exists; the
 * 'locus:first-street-frame' mark at the first frame that shows its tiles) and the built-in basemap's
 * data. When the map opens at street zoom, the built-in basemap is prepared after the first street
 * frame (or once the streets fail or have no tiles there, or after BUILT_IN_WAIT_MS): its preparation takes most of a second
 * of the main thread, which would otherwise hold back the tiles' first frame, and under the streets it
 * only shows where there are no tiles. Returns what stops the watching.
 */
export function startBasemaps(api: ApiClient, map: LocusMap): () => void {
  let done = false,
    stopped = false;
  const stops: (() => void)[] = [];
  const prepareBuiltIn = () => {
    if (done) return;
    done = true;
    void basemapReady();
  };
  const timer = setTimeout(prepareBuiltIn, BUILT_IN_WAIT_MS);
  stops.push(() => clearTimeout(timer));
  void streetBasemap(api).then((streets) => {
    if (stopped) return;
    if (!streets) return prepareBuiltIn();
    map.addLayer(streets);
    const counted = streets as { framesWithTiles?: number };
    const off = map.on('render', ({ frame }) => {
      // Below the streets' first level (a view fitted to a whole model) the built-in basemap is all there
      // is; and where the source has no tiles (outside its area) nothing is left to wait for.
      if (!streets.visible || map.getView().zoom + 0.5 < streetMinZoom.peek() || !frame.loading) prepareBuiltIn();
      if (!counted.framesWithTiles) return;
      off();
      if (!firstStreetFrameMarked) performance.mark('locus:first-street-frame');
      firstStreetFrameMarked = true;
      // The built-in basemap after the frame that shows the tiles has been handed to the screen.
      setTimeout(prepareBuiltIn, 0);
    });
    stops.push(off);
  });
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}

let firstStreetFrameMarked = false;

/** Longest the built-in basemap waits for the first street frame. */
export const BUILT_IN_WAIT_MS = 2000;
