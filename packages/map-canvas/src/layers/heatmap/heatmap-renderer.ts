// Heat-map renderer: points are splatted (bilinear, so panning is smooth) into a grid a few CSS px per
// cell, blurred, normalised so one full-weight point peaks at 1, coloured by the ramp and drawn
// scaled up with smoothing. Cost grows with the points and the screen, not with the radius.
import { createCanvas, context2d, type Canvas2D } from '../../layer/canvas.js';
import type { LayerRenderer } from '../../layer/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import { blurPeak, boxRadiiForGaussian, gaussianBlur } from './blur.js';
import { colorRamp } from './color-ramp.js';
import type { HeatmapLayer } from './heatmap-layer.js';

/** Upper bound of grid cells per frame; the cell grows on big screens to stay inside it. */
const MAX_CELLS = 110_000;

export class HeatmapRenderer implements LayerRenderer {
  private grid = new Float32Array(0);
  private scratch = new Float32Array(0);
  private image: ImageData | null = null;
  private canvas: Canvas2D | null = null;
  private ramp: Uint32Array;
  private rampGradient: string[];

  constructor(private readonly layer: HeatmapLayer) {
    this.rampGradient = layer.gradient;
    this.ramp = colorRamp(layer.gradient);
  }

  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    const layer = this.layer;
    if (layer.weights.length === 0) return;
    if (this.rampGradient !== layer.gradient) {
      this.rampGradient = layer.gradient;
      this.ramp = colorRamp(layer.gradient);
    }
    const { width, height } = frame.size;
    if (width <= 0 || height <= 0) return;
    const radiusPx = layer.radius / frame.metersPerPixel;
    if (radiusPx < 0.5) return;
    let cell = Math.max(1, Math.min(8, radiusPx / 6));
    cell = Math.max(cell, Math.sqrt((width * height) / MAX_CELLS));
    const radiusCells = radiusPx / cell;
    const pad = Math.ceil(radiusCells) + 1;
    const gw = Math.ceil(width / cell) + 2 * pad;
    const gh = Math.ceil(height / cell) + 2 * pad;
    const n = gw * gh;
    if (this.grid.length < n) {
      this.grid = new Float32Array(n);
      this.scratch = new Float32Array(n);
    } else {
      this.grid.fill(0, 0, n);
    }
    const grid = this.grid;

    // Splat: screen position to grid coordinates in one affine.
    const m = frame.toScreen;
    const a = m[0] / cell, b = m[1] / cell, c = m[2] / cell, d = m[3] / cell, e = m[4] / cell + pad, f = m[5] / cell + pad;
    const world = layer.world, weights = layer.weights;
    const maxX = gw - 1, maxY = gh - 1;
    for (let i = 0, count = weights.length; i < count; i++) {
      const w = weights[i];
      if (w <= 0) continue;
      const wx = world[2 * i], wy = world[2 * i + 1];
      const gx = a * wx + c * wy + e;
      const gy = b * wx + d * wy + f;
      if (gx < 0 || gy < 0 || gx >= maxX || gy >= maxY) continue;
      const x0 = gx | 0, y0 = gy | 0;
      const fx = gx - x0, fy = gy - y0;
      const k = y0 * gw + x0;
      grid[k] += w * (1 - fx) * (1 - fy);
      grid[k + 1] += w * fx * (1 - fy);
      grid[k + gw] += w * (1 - fx) * fy;
      grid[k + gw + 1] += w * fx * fy;
    }

    // The radius is where the kernel has faded to about 4%: sigma = radius / 2.5.
    const radii = boxRadiiForGaussian(Math.max(0.5, radiusCells / 2.5));
    gaussianBlur(grid, this.scratch, gw, gh, radii);
    const scale = (255 * layer.intensity) / blurPeak(radii);

    // Colour the visible part of the grid.
    const iw = gw - 2 * pad, ih = gh - 2 * pad;
    if (!this.image || this.image.width !== iw || this.image.height !== ih) {
      this.canvas = createCanvas(iw, ih);
      this.image = context2d(this.canvas).createImageData(iw, ih);
    }
    const pixels = new Uint32Array(this.image.data.buffer);
    const ramp = this.ramp;
    for (let y = 0; y < ih; y++) {
      const row = (y + pad) * gw + pad;
      const out = y * iw;
      for (let x = 0; x < iw; x++) {
        const v = grid[row + x] * scale;
        pixels[out + x] = ramp[v >= 255 ? 255 : v | 0];
      }
    }
    const offscreen = this.canvas!;
    context2d(offscreen).putImageData(this.image, 0, 0);
    // Cell (x, y) holds the value at CSS px ((x) * cell, (y) * cell): draw with the half-cell shift.
    const pr = frame.pixelRatio;
    ctx.setTransform(pr * cell, 0, 0, pr * cell, -0.5 * pr * cell, -0.5 * pr * cell);
    ctx.imageSmoothingEnabled = true;
    // Bilinear ('low') is a third cheaper than 'medium' but not identical: only for motion pictures.
    ctx.imageSmoothingQuality = frame.motion ? 'low' : 'medium';
    ctx.drawImage(offscreen as CanvasImageSource, 0, 0);
  }

  dispose(): void {
    this.grid = new Float32Array(0);
    this.scratch = new Float32Array(0);
    this.image = null;
    this.canvas = null;
  }
}
