// The app's one basemap layer: Natural Earth (10 m) with the places of the
// Netherlands and around. Preparing it (projecting and simplifying every
// coast and border for each level of detail) costs about a second of the main
// thread, so it is done once and the layer is shared by the main map and the
// report maps (a layer may sit on several maps; each map has its own renderer).
import { BasemapLayer } from '@locus/map-canvas';

let layer: BasemapLayer | null = null;
let ready: Promise<BasemapLayer> | null = null;

/** The shared basemap layer, at the bottom of every map; its data arrives later (see basemapReady). */
export function basemapLayer(): BasemapLayer {
  layer ??= new BasemapLayer({ zIndex: 0 });
  return layer;
}

/** The shared basemap layer once its data is loaded and prepared. */
export function basemapReady(): Promise<BasemapLayer> {
  ready ??= Promise.all([import('locus:places'), import('@locus/map-canvas')])
    .then(async ([{ default: places }, { loadNaturalEarth }]) => {
      const target = basemapLayer();
      target.setData(await loadNaturalEarth('10m', places));
      return target;
    });
  ready.catch(() => { ready = null; });
  return ready;
}
