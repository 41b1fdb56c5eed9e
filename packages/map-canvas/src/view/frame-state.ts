// The frame state: computed once per animation frame and handed to every layer renderer
// (OpenLayers' model). Everything a renderer needs to place things on screen lives here.
import { apply, invert, type Affine } from '../geo/affine.js';
import { lonLatToWorld, metersPerPixel, worldScale, worldToLonLat, type LonLat } from '../geo/mercator.js';
import type { ViewState } from './view-state.js';

export interface Size {
  width: number;
  height: number;
}

/** [minX, minY, maxX, maxY] in world units. */
export type Extent = [number, number, number, number];

export interface FrameState {
  time: number;
  view: ViewState;
  /** CSS px. */
  size: Size;
  pixelRatio: number;
  /** World units to CSS px. */
  toScreen: Affine;
  /** CSS px to world units. */
  toWorld: Affine;
  /** CSS px per world unit along the ground (before the tilt). */
  scale: number;
  /** View centre in world units. */
  centerWorld: [number, number];
  /** World bounding box of everything on screen. */
  extent: Extent;
  /** Ground metres per CSS px at the view centre. */
  metersPerPixel: number;
  fontFamily: string;
  /** Set by renderers that still wait for data (tiles); the map is idle only when no renderer does. */
  loading: boolean;
  /** Set by renderers that want another frame even when nothing changed. */
  animate: boolean;
  interacting: boolean;
  /** Drawn into a motion picture (shown only while the view moves): renderers may favour speed over
   * the last bit of smoothness. Never set for a settled frame. */
  motion: boolean;
}

/** The world-to-screen affine of a view: centre to the middle, scale, turn by -bearing, tilt by pitch. */
export function viewTransform(view: ViewState, size: Size): Affine {
  const [cx, cy] = lonLatToWorld(view.center[0], view.center[1]);
  const s = worldScale(view.zoom);
  const theta = (-view.bearing * Math.PI) / 180;
  const tilt = Math.cos((view.pitch * Math.PI) / 180);
  const cos = Math.cos(theta),
    sin = Math.sin(theta);
  const a = s * cos,
    b = s * sin * tilt,
    c = -s * sin,
    d = s * cos * tilt;
  return [a, b, c, d, size.width / 2 - (a * cx + c * cy), size.height / 2 - (b * cx + d * cy)];
}

export function createFrameState(
  view: ViewState,
  size: Size,
  pixelRatio: number,
  options: { time?: number; fontFamily?: string; interacting?: boolean; motion?: boolean } = {},
): FrameState {
  const toScreen = viewTransform(view, size);
  const toWorld = invert(toScreen);
  const corners = [apply(toWorld, 0, 0), apply(toWorld, size.width, 0), apply(toWorld, 0, size.height), apply(toWorld, size.width, size.height)];
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  return {
    time: options.time ?? 0,
    view,
    size,
    pixelRatio,
    toScreen,
    toWorld,
    scale: worldScale(view.zoom),
    centerWorld: lonLatToWorld(view.center[0], view.center[1]),
    extent: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    metersPerPixel: metersPerPixel(view.center[1], view.zoom),
    fontFamily: options.fontFamily ?? 'sans-serif',
    loading: false,
    animate: false,
    interacting: options.interacting ?? false,
    motion: options.motion ?? false,
  };
}

export function projectToScreen(frame: FrameState, lonLat: LonLat): [number, number] {
  const [x, y] = lonLatToWorld(lonLat[0], lonLat[1]);
  return apply(frame.toScreen, x, y);
}

export function unprojectFromScreen(frame: FrameState, point: [number, number]): LonLat {
  const [x, y] = apply(frame.toWorld, point[0], point[1]);
  return worldToLonLat(x, y);
}

export function extentIntersects(a: Extent, b: Extent): boolean {
  return a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
}

/** An extent grown by a margin in CSS px (for symbols that reach outside their anchor). */
export function bufferedExtent(frame: FrameState, marginPx: number): Extent {
  const m = marginPx / (frame.scale * Math.cos((frame.view.pitch * Math.PI) / 180));
  const e = frame.extent;
  return [e[0] - m, e[1] - m, e[2] + m, e[3] + m];
}
