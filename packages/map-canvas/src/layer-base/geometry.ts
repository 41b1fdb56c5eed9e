// GeoJSON geometries projected once into world units, and Path2D objects in a local frame so paths
// keep float precision at street zoom (Path2D stores 32-bit floats).
import type { Affine } from '../geo/affine.js';
import { multiply } from '../geo/affine.js';
import { lonLatToWorld } from '../geo/mercator.js';
import type { Extent, FrameState } from '../view/frame-state.js';

export type Position = number[];
export type PolygonGeometry = { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };
export type LineGeometry = { type: 'LineString'; coordinates: Position[] } | { type: 'MultiLineString'; coordinates: Position[][] } | PolygonGeometry;

export interface ProjectedGeometry {
  /** Interleaved world x,y per ring or line. */
  rings: Float64Array[];
  closed: boolean;
  bbox: Extent;
}

/** Local path units per world unit: 2^20, about CSS px at zoom 11. */
export const LOCAL_UNIT = 1 << 20;

function projectRing(ring: Position[]): Float64Array {
  const out = new Float64Array(ring.length * 2);
  for (let i = 0; i < ring.length; i++) {
    const [x, y] = lonLatToWorld(ring[i][0], ring[i][1]);
    out[2 * i] = x;
    out[2 * i + 1] = y;
  }
  return out;
}

export function projectGeometry(geometry: LineGeometry): ProjectedGeometry {
  let lines: Position[][];
  let closed = true;
  switch (geometry.type) {
    case 'LineString':
      lines = [geometry.coordinates];
      closed = false;
      break;
    case 'MultiLineString':
      lines = geometry.coordinates;
      closed = false;
      break;
    case 'Polygon':
      lines = geometry.coordinates;
      break;
    case 'MultiPolygon':
      lines = geometry.coordinates.flat();
      break;
  }
  const rings = lines.map(projectRing);
  return { rings, closed, bbox: ringsExtent(rings) };
}

export function ringsExtent(rings: readonly Float64Array[]): Extent {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i += 2) {
      if (ring[i] < minX) minX = ring[i];
      if (ring[i] > maxX) maxX = ring[i];
      if (ring[i + 1] < minY) minY = ring[i + 1];
      if (ring[i + 1] > maxY) maxY = ring[i + 1];
    }
  }
  return [minX, minY, maxX, maxY];
}

/** A Path2D of the rings in local units around an origin. */
export function buildLocalPath(rings: readonly Float64Array[], closed: boolean, origin: [number, number]): Path2D {
  const path = new Path2D();
  const [ox, oy] = origin;
  for (const ring of rings) {
    if (ring.length < 4) continue;
    path.moveTo((ring[0] - ox) * LOCAL_UNIT, (ring[1] - oy) * LOCAL_UNIT);
    for (let i = 2; i < ring.length; i += 2) path.lineTo((ring[i] - ox) * LOCAL_UNIT, (ring[i + 1] - oy) * LOCAL_UNIT);
    if (closed) path.closePath();
  }
  return path;
}

/** The 32-bit float next below a positive 32-bit float. */
const bits32 = new Float32Array(1),
  word32 = new Uint32Array(bits32.buffer);
function float32Below(x: number): number {
  bits32[0] = x;
  word32[0]--;
  return bits32[0];
}

/**
 * A stroke width of `px` CSS px in the units of paths drawn through `transform` (path units to CSS px,
 * set with setContextTransform at `pixelRatio`).
 *
 * Skia strokes lines of at most one device pixel as hairlines and wider ones with its full stroker, at
 * two to three times the cost. It decides on the width times the transform's scale in 32-bit floats, and
 * for a width meant to be exactly one device pixel that product lands a hair above one on some views:
 * every outline of such a frame went through the stroker (a zoomed-out frame of 1,500 catchments took 6
 * ms longer). On an upright map the width is the largest 32-bit float whose product with the scale stays
 * within the intended device width, so each view gets the same hairline (a turned map's width is left
 * as it is: Skia's length estimate of a turned vector decides there).
 */
export function pathLineWidth(px: number, transform: Affine, pixelRatio: number): number {
  const width = px / Math.hypot(transform[0], transform[1]);
  if (transform[1] !== 0 || transform[2] !== 0 || !(width > 0)) return width;
  const device = px * pixelRatio;
  let w = Math.fround(width);
  for (let k = 0; k < 8 && !withinDeviceWidth(w, transform, pixelRatio, device); k++) w = float32Below(w);
  return w;
}

/** Whether a width in path units, drawn through an upright `transform` at `pixelRatio`, is at most
 * `device` px along both axes, as Skia works it out (in 32-bit floats). */
function withinDeviceWidth(lineWidth: number, transform: Affine, pixelRatio: number, device: number): boolean {
  const w = Math.fround(lineWidth);
  return (
    Math.fround(w * Math.abs(Math.fround(transform[0] * pixelRatio))) <= device && Math.fround(w * Math.abs(Math.fround(transform[3] * pixelRatio))) <= device
  );
}

/** Whether Skia draws a stroke of `lineWidth` path units through `transform` (at `pixelRatio`) as a
 * hairline: on an upright map, when the width times each axis' scale, in 32-bit floats as Skia computes
 * it, is at most one device pixel. A hairline touches only the pixels whose centres lie within one
 * pixel of the path (its antialiasing spans two pixels across the line). */
export function isHairline(lineWidth: number, transform: Affine, pixelRatio: number): boolean {
  return transform[1] === 0 && transform[2] === 0 && withinDeviceWidth(lineWidth, transform, pixelRatio, 1);
}

/** Local path units to CSS px for a frame. */
export function localToScreen(frame: FrameState, origin: [number, number]): Affine {
  return multiply(frame.toScreen, [1 / LOCAL_UNIT, 0, 0, 1 / LOCAL_UNIT, origin[0], origin[1]]);
}

/** Traces rings into the current path in screen space (exact stroke widths at any tilt). */
export function traceScreenPath(ctx: CanvasRenderingContext2D, rings: readonly Float64Array[], closed: boolean, m: Affine): void {
  for (const ring of rings) {
    if (ring.length < 4) continue;
    ctx.moveTo(m[0] * ring[0] + m[2] * ring[1] + m[4], m[1] * ring[0] + m[3] * ring[1] + m[5]);
    for (let i = 2; i < ring.length; i += 2) ctx.lineTo(m[0] * ring[i] + m[2] * ring[i + 1] + m[4], m[1] * ring[i] + m[3] * ring[i + 1] + m[5]);
    if (closed) ctx.closePath();
  }
}

/** Screen px per world unit along the ground, the smaller of the two axes when tilted. */
export function minAxisScale(frame: FrameState): number {
  return frame.scale * Math.cos((frame.view.pitch * Math.PI) / 180);
}
