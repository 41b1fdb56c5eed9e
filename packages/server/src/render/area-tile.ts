// Raster tiles of an area set: the areas of the tile filled with the colour
// of their value and outlined thinly, transparent where there is no area.
import type { Rgba } from './color.js';
import { parseHexColor, mix } from './color.js';
import { RgbaCanvas, type Ring } from './raster.js';
import { TILE_SIZE, tileProjector } from './tile-math.js';

export interface TileArea {
  geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon;
  value: number | null;
}

export interface AreaTileOptions {
  z: number;
  x: number;
  y: number;
  areas: readonly TileArea[];
  colorFor: (value: number | null) => Rgba;
  /** Outline colour; none at low zoom where outlines would cover the fill. */
  outline?: Rgba;
}

const DEFAULT_OUTLINE: Rgba = [255, 255, 255, 110];

export function renderAreaTile(options: AreaTileOptions): Buffer {
  const canvas = new RgbaCanvas(TILE_SIZE, TILE_SIZE);
  const project = tileProjector(options.z, options.x, options.y);
  const outline = options.outline ?? (options.z >= 10 ? DEFAULT_OUTLINE : undefined);
  for (const area of options.areas) {
    const color = options.colorFor(area.value);
    const polygons = area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates;
    for (const polygon of polygons) {
      const rings: Ring[] = polygon.map((ring) => {
        const flat = new Float64Array(ring.length * 2);
        ring.forEach(([lng, lat], i) => {
          const [px, py] = project(lng!, lat!);
          flat[i * 2] = px;
          flat[i * 2 + 1] = py;
        });
        return flat;
      });
      if (color[3] > 0) canvas.fillPath(rings, color, 'evenodd');
      if (outline) {
        for (const ring of rings) {
          const segments: number[] = [];
          for (let i = 0; i + 3 < ring.length; i += 2) segments.push(ring[i]!, ring[i + 1]!, ring[i + 2]!, ring[i + 3]!);
          canvas.strokeSegments(segments, 0.75, outline);
        }
      }
    }
  }
  return canvas.toPng();
}

/** Colour of a value between min and max on a two-colour ramp (square-root scale); null is transparent. */
export function colorScale(min: number, max: number, ramp: readonly [string, string], opacity = 0.72): (value: number | null) => Rgba {
  const [from, to] = [parseHexColor(ramp[0]), parseHexColor(ramp[1])];
  const span = Math.max(1e-12, Math.sqrt(Math.max(0, max - min)));
  return (value) => {
    if (value === null || !Number.isFinite(value)) return [0, 0, 0, 0];
    const t = Math.min(1, Math.max(0, Math.sqrt(Math.max(0, value - min)) / span));
    const [r, g, b] = mix(from, to, t);
    return [Math.round(r), Math.round(g), Math.round(b), Math.round(255 * opacity)];
  };
}
