// The view that shows a longitude/latitude box, with the spec's fit (maximum zoom 12,
// 1000 ms, padding 30 plus 60 either side) as defaults.
import { FIT_MAX_ZOOM, FIT_PADDING } from '../constants.js';
import { lonLatToWorld, worldToLonLat, type LonLat } from '../geo/mercator.js';
import type { Size } from './frame-state.js';
import { constrainView, DEFAULT_ZOOM_LIMITS, type ViewState, type ZoomLimits } from './view-state.js';
import { WORLD_SIZE } from '../constants.js';

/** [[west, south], [east, north]] in degrees. */
export type LonLatBounds = [LonLat, LonLat];

export interface Padding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface FitOptions {
  padding?: number | Padding;
  maxZoom?: number;
  bearing?: number;
  pitch?: number;
}

export function toPadding(padding: number | Padding | undefined): Padding {
  if (padding === undefined) return { ...FIT_PADDING };
  if (typeof padding === 'number') return { top: padding, right: padding, bottom: padding, left: padding };
  return padding;
}

/** Bounds of a list of points (null when empty). */
export function boundsOf(points: Iterable<LonLat>): LonLatBounds | null {
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (const [lon, lat] of points) {
    if (lon < w) w = lon;
    if (lon > e) e = lon;
    if (lat < s) s = lat;
    if (lat > n) n = lat;
  }
  return w === Infinity
    ? null
    : [
        [w, s],
        [e, n],
      ];
}

/**
 * The view that fits the bounds inside the size minus the padding, at most maxZoom. The bounds are
 * measured in the turned and tilted frame of the target bearing and pitch, so a fit is tight at any angle.
 */
export function fitBoundsView(bounds: LonLatBounds, size: Size, options: FitOptions = {}, limits: ZoomLimits = DEFAULT_ZOOM_LIMITS): ViewState {
  const pad = toPadding(options.padding);
  const maxZoom = options.maxZoom ?? FIT_MAX_ZOOM;
  const bearing = options.bearing ?? 0;
  const pitch = options.pitch ?? 0;
  const [x0, y1] = lonLatToWorld(bounds[0][0], bounds[0][1]);
  const [x1, y0] = lonLatToWorld(bounds[1][0], bounds[1][1]);
  const theta = (-bearing * Math.PI) / 180;
  const cos = Math.cos(theta),
    sin = Math.sin(theta);
  const tilt = Math.cos((pitch * Math.PI) / 180);
  // Corners in the turned, tilted frame at unit scale.
  const corners = [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ].map(([x, y]) => [x * cos - y * sin, (x * sin + y * cos) * tilt]);
  const us = corners.map((c) => c[0]);
  const vs = corners.map((c) => c[1]);
  const width = Math.max(...us) - Math.min(...us);
  const height = Math.max(...vs) - Math.min(...vs);
  const availW = Math.max(1, size.width - pad.left - pad.right);
  const availH = Math.max(1, size.height - pad.top - pad.bottom);
  const scale = Math.min(width > 0 ? availW / width : Infinity, height > 0 ? availH / height : Infinity);
  const zoom = Math.min(maxZoom, scale === Infinity ? maxZoom : Math.log2(scale / WORLD_SIZE));
  const s = WORLD_SIZE * Math.pow(2, zoom);
  // Centre of the box in the turned frame, shifted so the box sits in the middle of the padded area.
  const mu = (Math.max(...us) + Math.min(...us)) / 2 - (pad.left - pad.right) / 2 / s;
  const mv = (Math.max(...vs) + Math.min(...vs)) / 2 - (pad.top - pad.bottom) / 2 / s;
  const v = mv / tilt;
  const cx = mu * cos + v * sin;
  const cy = -mu * sin + v * cos;
  return constrainView({ center: worldToLonLat(cx, cy), zoom, bearing, pitch }, limits);
}
