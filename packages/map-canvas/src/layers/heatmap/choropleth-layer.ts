// A rate per area (spending per inhabitant, a share) drawn as a choropleth: each weighted point is the
// centre of an area of a regular grid, filled whole in the ramp's colour for its weight. A rate must
// not be spread by a kernel and summed like a count (a heat map): summing rates of neighbouring areas
// means nothing and saturates where areas are dense. The cell edge is the grid's spacing, measured from
// the points (the median distance to the nearest other point), unless given.
import { HEAT_MAP_MAX_WEIGHT } from '../../constants.js';
import { lonLatToWorld } from '../../geo/mercator.js';
import { Layer, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import { colorRamp, SEQUENTIAL_CHOROPLETH_GRADIENT } from './color-ramp.js';
import type { HeatmapPoint } from './heatmap-layer.js';

/** Colour classes of the ramp: a choropleth reads in steps, and each class is one fill per frame. */
export const CHOROPLETH_CLASSES = 32;

export interface ChoroplethLayerOptions extends LayerOptions {
  points?: HeatmapPoint[];
  gradient?: string[];
  /** Edge of an area in metres; measured from the points when not given. */
  cellMetres?: number;
}

export class ChoroplethLayer extends Layer {
  /** World x,y per point, sorted by colour class. */
  world: Float64Array = new Float64Array(0);
  /** Colour class per point (in the same order), ascending; points of weight 0 are left out. */
  classes: Uint8Array = new Uint8Array(0);
  /** Edge of a cell in world units. */
  cell = 0;
  readonly gradient: string[];
  /** CSS colour per class. */
  readonly colors: string[];
  private readonly cellMetres: number | undefined;

  constructor(options: ChoroplethLayerOptions = {}) {
    super(options);
    this.gradient = options.gradient ?? SEQUENTIAL_CHOROPLETH_GRADIENT;
    this.cellMetres = options.cellMetres;
    // The opaque ramp's colours at the middle of each class.
    const ramp = colorRamp(this.gradient, 256, false);
    this.colors = Array.from({ length: CHOROPLETH_CLASSES }, (_, k) => {
      const c = ramp[Math.round(((k + 0.5) / CHOROPLETH_CLASSES) * 255)]!;
      return `rgb(${c & 255}, ${(c >>> 8) & 255}, ${(c >>> 16) & 255})`;
    });
    this.setPoints(options.points ?? []);
  }

  setPoints(points: HeatmapPoint[]): void {
    const kept = points
      .filter((p) => p.weight > 0)
      .map((p) => ({ w: lonLatToWorld(p.lon, p.lat), k: classOf(p.weight) }))
      .sort((a, b) => a.k - b.k);
    this.world = new Float64Array(kept.length * 2);
    this.classes = new Uint8Array(kept.length);
    kept.forEach((p, i) => {
      this.world.set(p.w, 2 * i);
      this.classes[i] = p.k;
    });
    this.cell = this.cellMetres !== undefined && kept.length ? metresToWorld(this.cellMetres, kept[0]!.w[1]) : gridSpacing(this.world);
    this.changed();
  }

  createRenderer(): LayerRenderer {
    return new ChoroplethRenderer(this);
  }
}

/** The colour class of a weight (1..255). */
export function classOf(weight: number): number {
  const t = Math.max(0, Math.min(HEAT_MAP_MAX_WEIGHT, weight)) / HEAT_MAP_MAX_WEIGHT;
  return Math.min(CHOROPLETH_CLASSES - 1, Math.floor(t * CHOROPLETH_CLASSES));
}

function metresToWorld(metres: number, worldY: number): number {
  // Mercator: a world unit is the equator's length; at latitude phi a metre spans 1/cos(phi) times more.
  const lat = Math.atan(Math.sinh(Math.PI * (1 - 2 * worldY)));
  return metres / (40_075_016.686 * Math.cos(lat));
}

/**
 * The spacing of points on a regular grid (world units): the median of the distances to the nearest
 * other point, over a sample of up to 256 points; 0 for fewer than two points.
 */
export function gridSpacing(world: Float64Array): number {
  const n = world.length / 2;
  if (n < 2) return 0;
  const step = Math.max(1, Math.floor(n / 256));
  const nearest: number[] = [];
  for (let i = 0; i < n; i += step) {
    let best = Infinity;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const d = Math.hypot(world[2 * j]! - world[2 * i]!, world[2 * j + 1]! - world[2 * i + 1]!);
      if (d > 0 && d < best) best = d;
    }
    if (best < Infinity) nearest.push(best);
  }
  nearest.sort((a, b) => a - b);
  return nearest[Math.floor(nearest.length / 2)] ?? 0;
}

class ChoroplethRenderer implements LayerRenderer {
  constructor(private readonly layer: ChoroplethLayer) {}

  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    const { world, classes, colors, cell } = this.layer;
    const n = classes.length;
    if (n === 0 || cell <= 0) return;
    const m = frame.toScreen;
    const pr = frame.pixelRatio;
    const { width, height } = frame.size;
    ctx.setTransform(pr, 0, 0, pr, 0, 0);
    // Cells are squares on screen (no rotation of a grid in metres is kept); a quarter pixel more on
    // each side closes the hairlines antialiasing would leave between neighbours.
    const scale = Math.hypot(m[0], m[1]);
    const half = (cell * scale) / 2 + 0.25;
    let current = -1;
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      const x = m[0] * world[2 * i]! + m[2] * world[2 * i + 1]! + m[4];
      const y = m[1] * world[2 * i]! + m[3] * world[2 * i + 1]! + m[5];
      if (x < -half || y < -half || x > width + half || y > height + half) continue;
      const k = classes[i]!;
      if (k !== current) {
        if (current >= 0) {
          ctx.fillStyle = colors[current]!;
          ctx.fill();
          ctx.beginPath();
        }
        current = k;
      }
      ctx.rect(x - half, y - half, 2 * half, 2 * half);
    }
    if (current >= 0) {
      ctx.fillStyle = colors[current]!;
      ctx.fill();
    }
  }

  dispose(): void {}
}
