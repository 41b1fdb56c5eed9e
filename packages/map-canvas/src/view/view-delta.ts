// A change of the view as input produces it: so many CSS pixels of pan, so many zoom levels about a
// point on screen, so many degrees of bearing and pitch. Input handlers only produce deltas; the map,
// the one owner of the view, applies them to its current view (as maplibre's handler results and
// OpenLayers' interactions do).
import { apply, invert } from '../geo/affine.js';
import { worldToLonLat } from '../geo/mercator.js';
import { viewTransform, type Size } from './frame-state.js';
import { constrainView, type ViewState, type ZoomLimits } from './view-state.js';

export interface ViewDelta {
  /** CSS px the map's content moves on screen (after the zoom). */
  pan?: readonly [number, number];
  /** Zoom levels to add; the content under `around` stays where it is (clamped to the zoom limits). */
  zoom?: number;
  /** The CSS px point a zoom keeps fixed; the screen centre when absent. */
  around?: readonly [number, number];
  /** Degrees added to the bearing, about the screen centre. */
  bearing?: number;
  /** Degrees added to the pitch. */
  pitch?: number;
}

/**
 * The view after a delta. A zoom by ratio r about a and a pan by p take the screen point s to
 * a + r (s - a) + p, so the new centre is the content now at s* = a + (c - p - a) / r. The view's
 * transform is affine (turn, scale, vertical tilt), so working in screen pixels is exact at any
 * bearing and pitch.
 */
export function applyViewDelta(view: ViewState, size: Size, delta: ViewDelta, limits: ZoomLimits): ViewState {
  const zoom = Math.max(limits.minZoom, Math.min(limits.maxZoom, view.zoom + (delta.zoom ?? 0)));
  const r = Math.pow(2, zoom - view.zoom);
  const cx = size.width / 2,
    cy = size.height / 2;
  const [ax, ay] = delta.around ?? [cx, cy];
  const [px, py] = delta.pan ?? [0, 0];
  let center = view.center;
  if (px !== 0 || py !== 0 || r !== 1) {
    const [wx, wy] = apply(invert(viewTransform(view, size)), ax + (cx - px - ax) / r, ay + (cy - py - ay) / r);
    center = worldToLonLat(wx, wy);
  }
  return constrainView({ center, zoom, bearing: view.bearing + (delta.bearing ?? 0), pitch: view.pitch + (delta.pitch ?? 0) }, limits);
}
