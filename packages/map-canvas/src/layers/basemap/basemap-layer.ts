// The built-in vector basemap: sea, land, borders and places, useful offline and the default map.
import { WORLD_SIZE } from '../../constants.js';
import { lonLatToWorld } from '../../geo/mercator.js';
import { projectGeometry, ringsExtent } from '../../layer-base/geometry.js';
import { Layer, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import type { Extent } from '../../view/frame-state.js';
import { placeMinZoom, type BasemapData, type BasemapPlace } from './basemap-data.js';
import { BasemapRenderer } from './basemap-renderer.js';
import { simplifyRing } from './simplify.js';

export interface BasemapStyle {
  water: string;
  land: string;
  border: string;
  borderWidth: number;
  place: string;
  placeHalo: string;
}

export const DEFAULT_BASEMAP_STYLE: BasemapStyle = {
  water: '#c8dff0',
  land: '#f3f0e8',
  border: '#9d97b3',
  borderWidth: 1,
  place: '#3f3f46',
  placeHalo: 'rgba(255,255,255,0.9)',
};

export interface BasemapLayerOptions extends LayerOptions {
  data?: BasemapData;
  style?: Partial<BasemapStyle>;
}

/** Zoom levels at which shapes are simplified to half a pixel; beyond the last the full data is used. */
export const BASEMAP_LOD_ZOOMS = [2, 4, 6, 8];

export interface BasemapShape {
  /** Rings per level of detail (BASEMAP_LOD_ZOOMS, then full). */
  lods: Float64Array[][];
  bbox: Extent;
  origin: [number, number];
  closed: boolean;
}

export interface ProjectedPlace extends BasemapPlace {
  x: number;
  y: number;
  minZoom: number;
}

function toShapes(rings: Float64Array[], closed: boolean): BasemapShape {
  const bbox = ringsExtent(rings);
  const lods = BASEMAP_LOD_ZOOMS.map((z) => {
    const tolerance = 0.5 / (WORLD_SIZE * Math.pow(2, z));
    return rings.map((r) => simplifyRing(r, tolerance, closed)).filter((r) => r.length >= (closed ? 8 : 4));
  });
  lods.push(rings);
  return { lods, bbox, origin: [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2], closed };
}

export class BasemapLayer extends Layer {
  land: BasemapShape[] = [];
  borders: BasemapShape[] = [];
  places: ProjectedPlace[] = [];
  style: BasemapStyle;
  revision = 0;
  /** Set when a PlaceLabelLayer draws the major places' labels above other layers (the basemap then leaves them out). */
  majorLabelsAbove = false;
  /** The places by lower-cased name, built when first asked (see namesPlace). */
  private byName: Map<string, ProjectedPlace[]> | null = null;

  constructor(options: BasemapLayerOptions = {}) {
    super(options);
    this.style = { ...DEFAULT_BASEMAP_STYLE, ...options.style };
    if (options.data) this.setData(options.data);
  }

  setData(data: BasemapData): void {
    // Each polygon part is its own shape so the view culls by part, not by country.
    this.land = data.land
      .flatMap((g) => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates))
      .map((coords) => toShapes(projectGeometry({ type: 'Polygon', coordinates: coords }).rings, true));
    this.borders = data.borders.flatMap((g) => projectGeometry(g).rings.map((ring) => toShapes([ring], false)));
    this.places = data.places
      .map((p) => {
        const [x, y] = lonLatToWorld(p.lon, p.lat);
        return { ...p, x, y, minZoom: placeMinZoom(p.population) };
      })
      .sort((a, b) => b.population - a.population);
    this.byName = null;
    this.revision++;
    this.changed();
  }

  createRenderer(): LayerRenderer {
    return new BasemapRenderer(this);
  }

  /**
   * Whether this basemap labels a place of this name near a world point at a zoom (its label shows
   * from the place's minZoom): a street basemap leaves such a name out, so a city is named once.
   */
  namesPlace(name: string, wx: number, wy: number, zoom: number): boolean {
    if (!this.byName) {
      this.byName = new Map();
      for (const p of this.places) {
        const key = p.name.toLowerCase();
        const list = this.byName.get(key);
        if (list) list.push(p);
        else this.byName.set(key, [p]);
      }
    }
    const near = PLACE_NAME_WORLD_DISTANCE;
    return (this.byName.get(name.toLowerCase()) ?? []).some((p) => p.minZoom <= zoom && Math.abs(p.x - wx) < near && Math.abs(p.y - wy) < near);
  }
}

/** How far apart (world units, about 7 km at 52° N) two labels of the same name are the same place. */
const PLACE_NAME_WORLD_DISTANCE = 3e-4;

/** Index into a shape's levels of detail for a view zoom. */
export function lodForZoom(zoom: number): number {
  const i = BASEMAP_LOD_ZOOMS.findIndex((z) => zoom <= z + 0.5);
  return i < 0 ? BASEMAP_LOD_ZOOMS.length : i;
}
