// Raster tiles of an area set (the tile-proxy call): the areas in the
// tile filled with the colour of their value and outlined thinly, transparent
// where there is no area. Areas are projected once to tile pixels, simplified
// to what a pixel can show, and skipped when they miss the tile.
import { mix, parseHexColor, type Rgba } from './color.js';
import { RgbaCanvas } from './raster.js';
import { TILE_SIZE, tileProjector } from './tile-math.js';

export interface TileArea {
  /** As stored in area.geometry; the contract's GeoJSON schemas infer to a subtype of this. */
  geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon;
  value: number | null;
}

export interface AreaTileOptions {
  z: number;
  x: number;
  y: number;
  areas: readonly TileArea[];
  colorFor: (value: number | null) => Rgba;
  /** Outline colour; by default a faint white line from zoom 10, none below (outlines would cover the fill). */
  outline?: Rgba | null;
  /** Outline width in pixels. */
  outlineWidth?: number;
}

const DEFAULT_OUTLINE: Rgba = [255, 255, 255, 110];
const OUTLINE_FROM_ZOOM = 10;
/** Vertices closer than this (in pixels) to the previous kept one add nothing visible. */
const MIN_STEP = 0.3;
/** Areas this far outside the tile (pixels) cannot touch it, even with their outline. */
const MARGIN = 2;

let transparentTile: Buffer | undefined;

/** A 256 x 256 PNG of the areas in tile z/x/y. */
export function renderAreaTile(options: AreaTileOptions): Buffer {
  const { z, x, y } = options;
  const canvas = new RgbaCanvas(TILE_SIZE, TILE_SIZE);
  const project = tileProjector(z, x, y);
  const outline = options.outline === undefined ? (z >= OUTLINE_FROM_ZOOM ? DEFAULT_OUTLINE : null) : options.outline;
  const outlineWidth = options.outlineWidth ?? 0.75;
  let drawn = 0;

  for (const area of options.areas) {
    const polygons = area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates;
    const color = options.colorFor(area.value);
    const fill = color[3] > 0;
    if (!fill && !outline) continue;
    // One path per area, so the parts of a multipolygon never darken each other's edges.
    const rings: Float64Array[] = [];
    for (const polygon of polygons) {
      for (const ring of polygon) {
        const projected = projectRing(ring, project);
        if (projected) rings.push(projected);
      }
    }
    if (rings.length === 0) continue;
    // GeoJSON holes may wind either way; even-odd treats them as holes regardless.
    if (fill) canvas.fillPath(rings, color, 'evenodd');
    if (outline) canvas.strokeSegments(ringSegments(rings), outlineWidth, outline);
    drawn++;
  }
  if (drawn === 0 || canvas.isTransparent()) return (transparentTile ??= canvas.toPng());
  return canvas.toPng();
}

/** Pixel coordinates of a ring, or null when its bounding box misses the tile. */
function projectRing(ring: readonly (readonly number[])[], project: (lng: number, lat: number) => [number, number]): Float64Array | null {
  const out = new Float64Array(ring.length * 2);
  let count = 0;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let lastX = NaN;
  let lastY = NaN;
  for (let i = 0; i < ring.length; i++) {
    const [px, py] = project(ring[i][0], ring[i][1]);
    const isLast = i === ring.length - 1;
    if (!isLast && Math.abs(px - lastX) + Math.abs(py - lastY) < MIN_STEP) continue;
    out[count++] = px;
    out[count++] = py;
    lastX = px;
    lastY = py;
    if (px < minX) minX = px;
    if (px > maxX) maxX = px;
    if (py < minY) minY = py;
    if (py > maxY) maxY = py;
  }
  if (count < 6) return null;
  if (maxX < -MARGIN || minX > TILE_SIZE + MARGIN || maxY < -MARGIN || minY > TILE_SIZE + MARGIN) return null;
  return out.subarray(0, count);
}

/** The edges of the rings as segments, leaving out those that lie entirely outside the tile. */
function ringSegments(rings: readonly Float64Array[]): number[] {
  const segments: number[] = [];
  const low = -MARGIN;
  const high = TILE_SIZE + MARGIN;
  for (const ring of rings) {
    const n = ring.length >> 1;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const x0 = ring[i * 2];
      const y0 = ring[i * 2 + 1];
      const x1 = ring[j * 2];
      const y1 = ring[j * 2 + 1];
      if ((x0 < low && x1 < low) || (x0 > high && x1 > high) || (y0 < low && y1 < low) || (y0 > high && y1 > high)) continue;
      if (x0 === x1 && y0 === y1) continue;
      segments.push(x0, y0, x1, y1);
    }
  }
  return segments;
}

export interface ColorScaleOptions {
  /** Opacity of every coloured area, 0..1, multiplied with the ramp colours' own alpha. */
  opacity?: number;
  /** 'sqrt' spreads the many small values of skewed data (population, turnover) over the ramp. */
  curve?: 'linear' | 'sqrt';
}

/** The tiles' ramp of an area set coloured by a property without a ramp of its own. */
export const DEFAULT_AREA_SET_RAMP: readonly [string, string] = ['#fff5eb', '#d94801'];

/**
 * Colour of a value on a two-colour ramp from min to max; values outside are
 * clamped, null and non-finite values are transparent. When min equals max
 * every value gets the first colour.
 */
export function colorScale(
  min: number,
  max: number,
  ramp: readonly [string, string],
  options: ColorScaleOptions | number = {},
): (value: number | null) => Rgba {
  const { opacity = 0.72, curve = 'sqrt' } = typeof options === 'number' ? { opacity: options } : options;
  const from = parseHexColor(ramp[0]);
  const to = parseHexColor(ramp[1]);
  const shape = curve === 'sqrt' ? Math.sqrt : (t: number) => t;
  const span = max - min;
  return (value) => {
    if (value === null || !Number.isFinite(value)) return [0, 0, 0, 0];
    const t = span > 0 ? shape(Math.min(1, Math.max(0, (value - min) / span))) : 0;
    const [r, g, b, a] = mix(from, to, t);
    return [Math.round(r), Math.round(g), Math.round(b), Math.round(a * opacity)];
  };
}
