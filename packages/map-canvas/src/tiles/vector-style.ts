// A street style kept as data: what to draw from which layers of a vector tile schema, in which
// order, with which colours and widths per zoom. Each schema (BRT-Achtergrondkaart, OpenMapTiles,
// Protomaps) has its own module in styles/ built from these types; the tile worker draws by it.

/** A number, or stops [zoom, value] interpolated linearly between them (held flat outside). */
export type ZoomValue = number | readonly (readonly [number, number])[];

/** Property filter: every key listed must hold one of its values; a value ending in '*' matches by prefix. */
export type PropertyFilter = Readonly<Record<string, readonly (string | number)[]>>;

interface StyleLayerBase {
  id: string;
  /** Source layers of the tile; a name ending in '*' matches every layer with that prefix. */
  source: readonly string[];
  filter?: PropertyFilter;
  /** Features that match this filter are left out. */
  exclude?: PropertyFilter;
  minZoom?: number;
  /** Drawn below this zoom (exclusive). */
  maxZoom?: number;
}

export interface FillStyleLayer extends StyleLayerBase {
  type: 'fill';
  color: string;
  /** A hairline outline in this colour (buildings). */
  outline?: string;
}

export interface LineStyleLayer extends StyleLayerBase {
  type: 'line';
  color: string;
  /** CSS px at the tile's zoom. */
  width: ZoomValue;
  dash?: readonly number[];
  /** Polygons drawn as their outline (water banks); lines by default. */
  polygonOutline?: boolean;
}

export type LabelKind = 'place' | 'street' | 'water';

export interface LabelStyleLayer extends StyleLayerBase {
  type: 'label';
  kind: LabelKind;
  /** Properties holding the name, the first present wins. */
  text: readonly string[];
  /** Font size, CSS px. */
  size: ZoomValue;
  color: string;
  /** Lower comes first when labels compete for room. */
  priority: number;
  /** A property that orders labels of this layer (lower first, e.g. a rank; or higher first with '-' in front, e.g. '-population'). */
  rankBy?: string;
  bold?: boolean;
}

export type StyleLayer = FillStyleLayer | LineStyleLayer | LabelStyleLayer;

export interface VectorStyle {
  name: string;
  /** The land colour under everything the tile holds. */
  background: string;
  layers: readonly StyleLayer[];
}

/** The value of a zoom-dependent property at a zoom. */
export function atZoom(value: ZoomValue, zoom: number): number {
  if (typeof value === 'number') return value;
  if (zoom <= value[0][0]) return value[0][1];
  for (let i = 1; i < value.length; i++) {
    const [z1, v1] = value[i];
    if (zoom <= z1) {
      const [z0, v0] = value[i - 1];
      return v0 + ((v1 - v0) * (zoom - z0)) / (z1 - z0);
    }
  }
  return value[value.length - 1][1];
}

/** Whether a source layer name is one of the style layer's sources. */
export function matchesSource(sources: readonly string[], name: string): boolean {
  for (const s of sources) {
    if (s.endsWith('*') ? name.startsWith(s.slice(0, -1)) : name === s) return true;
  }
  return false;
}

function matchesValue(allowed: readonly (string | number)[], value: unknown): boolean {
  if (value === undefined || value === null) return false;
  for (const a of allowed) {
    if (typeof a === 'string' && a.endsWith('*')) {
      if (String(value).startsWith(a.slice(0, -1))) return true;
    } else if (a === value || String(a) === String(value)) return true;
  }
  return false;
}

/** Whether a feature's properties pass a filter (and are not excluded). */
export function matchesFeature(layer: StyleLayerBase, properties: Readonly<Record<string, unknown>>): boolean {
  if (layer.filter) {
    for (const key in layer.filter) if (!matchesValue(layer.filter[key], properties[key])) return false;
  }
  if (layer.exclude) {
    for (const key in layer.exclude) if (matchesValue(layer.exclude[key], properties[key])) return false;
  }
  return true;
}

/** Whether a style layer draws at a zoom. */
export function drawsAtZoom(layer: StyleLayerBase, zoom: number): boolean {
  return zoom >= (layer.minZoom ?? 0) && zoom < (layer.maxZoom ?? Infinity);
}

/** A road class: its fill and its casing (the darker edge drawn under every road's fill). */
export interface RoadClass {
  id: string;
  filter: PropertyFilter;
  exclude?: PropertyFilter;
  minZoom?: number;
  color: string;
  casing: string;
  /** Width of the fill, CSS px by zoom; the casing is this plus a pixel on each side. */
  width: ZoomValue;
}

/** Roads with casing: every casing first (so crossings join cleanly), then the fills from minor to major. */
export function roadLayers(source: readonly string[], classes: readonly RoadClass[], extra: Partial<StyleLayerBase> = {}): LineStyleLayer[] {
  const casingWidth = (w: ZoomValue): ZoomValue => (typeof w === 'number' ? w + 2 : w.map(([z, v]) => [z, v + 2] as const));
  const casings = classes.map((c): LineStyleLayer => ({
    ...extra,
    id: `${c.id}-casing`,
    type: 'line',
    source,
    filter: { ...extra.filter, ...c.filter },
    exclude: { ...extra.exclude, ...c.exclude },
    minZoom: c.minZoom,
    color: c.casing,
    width: casingWidth(c.width),
  }));
  const fills = classes.map((c): LineStyleLayer => ({
    ...extra,
    id: c.id,
    type: 'line',
    source,
    filter: { ...extra.filter, ...c.filter },
    exclude: { ...extra.exclude, ...c.exclude },
    minZoom: c.minZoom,
    color: c.color,
    width: c.width,
  }));
  return [...casings, ...fills];
}

/** The calm palette every schema's style shares, so the stores on top stay the most visible thing. */
export const CALM = {
  land: '#f4f2ee',
  residential: '#eeebe6',
  industrial: '#ebe8ee',
  park: '#e2ecda',
  forest: '#d8e6cf',
  farmland: '#f1f0e6',
  water: '#c6dbe9',
  waterLine: '#b3cde0',
  building: '#e3ddd4',
  buildingOutline: '#d6cec3',
  motorway: '#f6dfae',
  motorwayCasing: '#d8b978',
  major: '#fbf0c9',
  majorCasing: '#dccb97',
  minor: '#ffffff',
  minorCasing: '#d9d4cc',
  path: '#d9d4cc',
  rail: '#b5b0aa',
  placeText: '#3d3d3d',
  streetText: '#5e5b57',
  waterText: '#4f7a99',
} as const;
