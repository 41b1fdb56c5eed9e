// The view state: what the address bar carries (z zoom, c centre, b bearing, p
// pitch).
import { MAX_PITCH, MAX_ZOOM, MIN_ZOOM } from '../constants.js';
import { MAX_LATITUDE, type LonLat } from '../geo/mercator.js';

export interface ViewState {
  /** Longitude, latitude in degrees. */
  center: LonLat;
  zoom: number;
  /** Degrees clockwise from north that the map is turned (bearing 90 puts east at the top). */
  bearing: number;
  /** Degrees of tilt, 0..MAX_PITCH; shown as vertical foreshortening. */
  pitch: number;
}

export interface ZoomLimits {
  minZoom: number;
  maxZoom: number;
}

export const DEFAULT_ZOOM_LIMITS: ZoomLimits = { minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM };

/** Bearing normalised into (-180, 180]. */
export function normalizeBearing(bearing: number): number {
  const b = ((((bearing + 180) % 360) + 360) % 360) - 180;
  return b === -180 ? 180 : b;
}

/** Keeps a view inside the zoom, latitude and pitch limits. */
export function constrainView(view: ViewState, limits: ZoomLimits = DEFAULT_ZOOM_LIMITS): ViewState {
  const raw = view.center[0];
  // Wrap only when outside the world, so a given longitude is kept exactly.
  const lon = raw >= -180 && raw <= 180 ? raw : ((((raw + 180) % 360) + 360) % 360) - 180;
  return {
    center: [lon, Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, view.center[1]))],
    zoom: Math.max(limits.minZoom, Math.min(limits.maxZoom, view.zoom)),
    bearing: normalizeBearing(view.bearing),
    pitch: Math.max(0, Math.min(MAX_PITCH, view.pitch)),
  };
}

export function sameView(a: ViewState, b: ViewState): boolean {
  return a.zoom === b.zoom && a.bearing === b.bearing && a.pitch === b.pitch && a.center[0] === b.center[0] && a.center[1] === b.center[1];
}
