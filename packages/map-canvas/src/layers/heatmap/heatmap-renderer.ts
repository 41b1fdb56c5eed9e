// Heat-map renderer. The intensity grid (heat-grid.ts) lives on a lattice fixed to the world and is
// reused while the view stays inside it, so pans and small zooms only recolour. Each device pixel takes
// its intensity by bilinear interpolation between the four nearest lattice points, then its colour and
// alpha from the ramp: smooth edges that fade to transparent at any zoom, and one cheap 1:1 blit
// instead of a scaled-up image. In a full frame, the pixels under those a layer above is known to
// paint opaque (zoomed out, the icons' bodies; read 32 to a word) are not coloured: they would not show.
// The coloured layer is kept and drawn again as it is while neither the view nor the layer changed
// (another layer's change recomposes it without recolouring, unless pixels were left out under a layer
// that changed).
import { createCanvas, context2d, drawBox, type Canvas2D, type PixelBox } from '../../layer-base/canvas.js';
import type { LayerRenderer } from '../../layer-base/layer.js';
import type { Occlusion, OpaqueMask } from '../../layer-base/occlusion.js';
import { rowWords } from '../../layer-base/pixel-bits.js';
import type { FrameState } from '../../view/frame-state.js';
import { colorRamp } from './color-ramp.js';
import {
  colorizeHeat,
  computeHeatGrid,
  covers,
  fixedWeights,
  GRID_MARGIN,
  heatLattice,
  latticeKey,
  sortedByRow,
  unitScale,
  ZOOM_IN_GRID_MARGIN,
  type CellRegion,
  type HeatGrid,
} from './heat-grid.js';
import type { HeatmapLayer } from './heatmap-layer.js';

/** Ramp entries: fine enough that the alpha rises in steps of one 255th at the edges. */
const RAMP_SIZE = 1024;
/** Grids kept (full frames and motion pictures use different lattices). */
const KEPT_GRIDS = 3;

interface Colored {
  toScreen: FrameState['toScreen'];
  width: number;
  height: number;
  pixelRatio: number;
  grid: HeatGrid;
  intensity: number;
  ramp: Uint32Array;
  /** The mask of pixels known to be opaque above under which pixels were left uncoloured (null: every
   * pixel coloured). */
  under: OpaqueMask | null;
}

/** The mask of a layer's occlusion that marks pixels known to be opaque by the bit (see
 * OpaqueMask.bits), for pixels of width x height; null for none. The bits mark only opaque pixels, so one
 * mask's bits are enough (the icons are the only layer that has them). */
function bitMask(hidden: Occlusion | null, width: number, height: number): OpaqueMask | null {
  return hidden?.find((m) => m.bits !== null && m.width === width && m.height === height && m.words === rowWords(width)) ?? null;
}

export class HeatmapRenderer implements LayerRenderer {
  private grids: HeatGrid[] = [];
  private weightsOf: Float32Array | null = null;
  /** The points (world x, y) and their fixed-point weights, sorted by y: the splat then walks the
   * grid's rows in order instead of jumping around memory (the sums are exact, so order does not
   * change them). */
  private world: Float64Array = new Float64Array(0);
  private fixed: Uint16Array = new Uint16Array(0);
  private image: ImageData | null = null;
  private canvas: Canvas2D | null = null;
  private ramp: Uint32Array;
  private rampGradient: string[];
  private colored: Colored | null = null;
  /** The frame whose bands are being coloured. */
  private pending: FrameState | null = null;
  /** Box of the canvas outside which every pixel is transparent (a superset while bands are coloured). */
  private onCanvas: PixelBox = [0, 0, 0, 0];
  /** Box of the heat in the picture being coloured (or last coloured). */
  private painted: PixelBox = [0, 0, 0, 0];
  /** Grids computed so far (tests and benchmarks read it). */
  gridsComputed = 0;
  /** Scale of the last frame asked for, to tell when the view zooms in. */
  private lastScale = 0;

  constructor(private readonly layer: HeatmapLayer) {
    this.rampGradient = layer.gradient;
    this.ramp = colorRamp(layer.gradient, RAMP_SIZE);
  }

  /** The grid for a frame: a kept one that covers the view on the same lattice, or a new one. */
  gridFor(frame: FrameState): { grid: HeatGrid; region: CellRegion } | null {
    const layer = this.layer;
    if (this.weightsOf !== layer.weights) {
      this.weightsOf = layer.weights;
      ({ world: this.world, weights: this.fixed } = sortedByRow(layer.world, fixedWeights(layer.weights)));
      this.grids = [];
    }
    const metresPerWorld = frame.metersPerPixel * frame.scale;
    const radiusWorld = layer.radius / metresPerWorld;
    if (radiusWorld * frame.scale < 0.5) return null;
    const lattice = heatLattice(radiusWorld, frame.scale, frame.size);
    const zoomingIn = this.lastScale > 0 && frame.scale > this.lastScale;
    this.lastScale = frame.scale;
    const e = frame.extent;
    const region: CellRegion = [
      Math.floor(e[0] / lattice.cell) - 1,
      Math.floor(e[1] / lattice.cell) - 1,
      Math.ceil(e[2] / lattice.cell) + 1,
      Math.ceil(e[3] / lattice.cell) + 1,
    ];
    const key = latticeKey(lattice);
    const kept = this.grids.findIndex((g) => g.source === this.world && latticeKey(g.lattice) === key && covers(g, region));
    if (kept >= 0) {
      const grid = this.grids[kept];
      this.grids.splice(kept, 1);
      this.grids.unshift(grid);
      return { grid, region };
    }
    // The least recently used grid makes room, and its memory is written over.
    const spare = this.grids.length >= KEPT_GRIDS ? this.grids.pop()!.values : undefined;
    const grid = computeHeatGrid(this.world, this.fixed, lattice, region, spare, zoomingIn ? ZOOM_IN_GRID_MARGIN : GRID_MARGIN);
    this.gridsComputed++;
    this.grids.unshift(grid);
    return { grid, region };
  }

  /** Draws the layer; `hidden`, pixels that layers above paint opaque: the pixels under those known by
   * the bit are left uncoloured, as they would not show. */
  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D, hidden: Occlusion | null = null): void {
    this.renderPart(frame, ctx, 0, 1, hidden);
  }

  /** Colours a band of rows (part of parts); the last part draws the layer (motion pictures spread the
   * colouring of a big picture over frames). */
  renderPart(frame: FrameState, ctx: CanvasRenderingContext2D, part: number, parts: number, hidden: Occlusion | null = null): void {
    const layer = this.layer;
    if (layer.weights.length === 0) return;
    if (this.rampGradient !== layer.gradient) {
      this.rampGradient = layer.gradient;
      this.ramp = colorRamp(layer.gradient, RAMP_SIZE);
    }
    const pr = frame.pixelRatio;
    const width = Math.round(frame.size.width * pr),
      height = Math.round(frame.size.height * pr);
    if (width <= 0 || height <= 0) return;
    const found = this.gridFor(frame);
    if (!found) return;
    const { grid } = found;
    // Only a picture coloured in one go leaves out pixels under others (a band may be drawn later).
    const under = parts === 1 ? bitMask(hidden, width, height) : null;
    const c = this.colored;
    // A picture with pixels left out is drawn again only under the same opaque pixels.
    const same =
      c !== null &&
      c.grid === grid &&
      c.width === width &&
      c.height === height &&
      c.pixelRatio === pr &&
      c.intensity === layer.intensity &&
      c.ramp === this.ramp &&
      c.toScreen.every((v, i) => v === frame.toScreen[i]) &&
      (c.under === null || c.under === under);
    if (!same) {
      // A band of a frame other than the one begun is coloured in full.
      const whole = part > 0 && this.pending !== frame;
      if (part === 0 || whole) this.colored = null;
      this.pending = frame;
      const y0 = whole ? 0 : Math.floor((part * height) / parts),
        y1 = whole ? height : Math.floor(((part + 1) * height) / parts);
      this.colorize(frame, grid, width, height, y0, y1, under);
      if (part < parts - 1) return;
      this.colored = { toScreen: frame.toScreen, width, height, pixelRatio: pr, grid, intensity: layer.intensity, ramp: this.ramp, under };
      this.pending = null;
    } else if (part < parts - 1) {
      return;
    }
    // Only the part that holds heat: the rest is transparent.
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    drawBox(ctx, this.canvas!, this.painted);
  }

  /** Colours rows y0 to y1 of the device pixels from the grid into the layer's canvas. Only the part of
   * the band that holds heat now or may have held it before is uploaded. */
  private colorize(frame: FrameState, grid: HeatGrid, width: number, height: number, y0: number, y1: number, under: OpaqueMask | null): void {
    if (!this.image || this.image.width !== width || this.image.height !== height) {
      this.canvas = createCanvas(width, height);
      this.image = context2d(this.canvas).createImageData(width, height);
      this.onCanvas = [0, 0, 0, 0];
    }
    if (y0 === 0) this.painted = [width, height, 0, 0];
    const pixels = new Uint32Array(this.image.data.buffer);
    const scale = (RAMP_SIZE - 1) * this.layer.intensity * unitScale(grid.lattice);
    const band = colorizeHeat(grid, frame.toWorld, frame.pixelRatio, scale, width, height, this.ramp, pixels, y0, y1, under?.bits ?? null);
    const hull = (p: PixelBox, q: PixelBox): PixelBox => {
      if (q[2] <= q[0] || q[3] <= q[1]) return p;
      if (p[2] <= p[0] || p[3] <= p[1]) return [...q];
      return [Math.min(p[0], q[0]), Math.min(p[1], q[1]), Math.max(p[2], q[2]), Math.max(p[3], q[3])];
    };
    const upload = hull(this.onCanvas, band);
    const uy0 = Math.max(y0, upload[1]),
      uy1 = Math.min(y1, upload[3]);
    if (upload[2] > upload[0] && uy1 > uy0) context2d(this.canvas!).putImageData(this.image, 0, 0, upload[0], uy0, upload[2] - upload[0], uy1 - uy0);
    this.painted = hull(this.painted, band);
    // Rows of the band now hold only the band's heat; the last band leaves exactly the picture's.
    this.onCanvas = y1 >= height ? [...this.painted] : hull(this.onCanvas, band);
  }

  dispose(): void {
    this.grids = [];
    this.image = null;
    this.canvas = null;
    this.colored = null;
    this.pending = null;
  }
}
