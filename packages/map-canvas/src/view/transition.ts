// Animated view transitions: centre and zoom along d3's smooth zoom path, bearing the short way round.
import { easeCubicInOut } from 'd3-ease';
import { interpolateZoom } from 'd3-interpolate';
import { WORLD_SIZE } from '../constants.js';
import { lonLatToWorld, worldToLonLat } from '../geo/mercator.js';
import type { Size } from './frame-state.js';
import { normalizeBearing, type ViewState } from './view-state.js';

export interface TransitionOptions {
  duration?: number;
  easing?: (t: number) => number;
}

export class ViewTransition {
  private readonly path: (t: number) => [number, number, number];
  private readonly bearingDelta: number;
  readonly done: Promise<boolean>;
  private resolve!: (completed: boolean) => void;

  constructor(
    readonly from: ViewState,
    readonly to: ViewState,
    size: Size,
    readonly start: number,
    readonly duration: number,
    private readonly easing: (t: number) => number = easeCubicInOut,
    readonly userInitiated = false,
  ) {
    const [ax, ay] = lonLatToWorld(from.center[0], from.center[1]);
    const [bx, by] = lonLatToWorld(to.center[0], to.center[1]);
    const width = Math.max(1, size.width);
    this.path = interpolateZoom([ax, ay, width / (WORLD_SIZE * Math.pow(2, from.zoom))], [bx, by, width / (WORLD_SIZE * Math.pow(2, to.zoom))]);
    this.bearingDelta = normalizeBearing(to.bearing - from.bearing);
    this.done = new Promise((resolve) => (this.resolve = resolve));
  }

  /** The view at a time, and whether the transition has finished. */
  viewAt(time: number, size: Size): { view: ViewState; finished: boolean } {
    const raw = this.duration <= 0 ? 1 : Math.min(1, Math.max(0, (time - this.start) / this.duration));
    if (raw >= 1) return { view: this.to, finished: true };
    const t = this.easing(raw);
    const [x, y, w] = this.path(t);
    return {
      view: {
        center: worldToLonLat(x, y),
        zoom: Math.log2(Math.max(1, size.width) / (w * WORLD_SIZE)),
        bearing: normalizeBearing(this.from.bearing + this.bearingDelta * t),
        pitch: this.from.pitch + (this.to.pitch - this.from.pitch) * t,
      },
      finished: false,
    };
  }

  finish(completed: boolean): void {
    this.resolve(completed);
  }
}
