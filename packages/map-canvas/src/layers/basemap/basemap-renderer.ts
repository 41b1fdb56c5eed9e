// Draws the basemap: sea as the background, land parts and borders from cached local Path2D objects
// (culled by bounding box, simplified by zoom), then place names by population without overlaps.
import { setContextTransform } from '../../geo/affine.js';
import { drawHaloText } from '../../layer-base/canvas.js';
import { buildLocalPath, localToScreen, pathLineWidth } from '../../layer-base/geometry.js';
import type { LayerRenderer } from '../../layer-base/layer.js';
import { extentIntersects, type FrameState } from '../../view/frame-state.js';
import { LabelPlacer, TextMeasurer } from '../labels/label-placement.js';
import { lodForZoom, type BasemapLayer, type BasemapShape } from './basemap-layer.js';

const MAX_PLACE_LABELS = 250;
/** Places of at least this population are major: bold, larger, and drawn above the icons by a PlaceLabelLayer. */
export const MAJOR_PLACE_POPULATION = 100_000;

/**
 * Places labels by population without overlaps and draws those asked for:
 * every label, only the major places' or only the others'. The placement is
 * the same whichever are drawn, so the basemap (minor ones, beneath the
 * icons) and a PlaceLabelLayer (major ones, above them) never overlap.
 */
export function drawPlaceLabels(
  frame: FrameState,
  ctx: CanvasRenderingContext2D,
  layer: BasemapLayer,
  measurer: TextMeasurer,
  which: 'all' | 'major' | 'minor',
): void {
  const style = layer.style;
  const zoom = frame.view.zoom;
  const m = frame.toScreen;
  const { width, height } = frame.size;
  const placer = new LabelPlacer();
  ctx.setTransform(frame.pixelRatio, 0, 0, frame.pixelRatio, 0, 0);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  let placed = 0;
  for (const p of layer.places) {
    // Sorted by population, so the first place below its zoom ends the list.
    if (p.minZoom > zoom || placed >= MAX_PLACE_LABELS) break;
    const x = m[0] * p.x + m[2] * p.y + m[4];
    const y = m[1] * p.x + m[3] * p.y + m[5];
    if (x < -100 || y < -20 || x > width + 20 || y > height + 20) continue;
    const major = p.population >= MAJOR_PLACE_POPULATION;
    const size = major ? 13 : 11;
    ctx.font = `${major ? 600 : 400} ${size}px ${frame.fontFamily}`;
    const w = measurer.width(ctx, p.name);
    if (!placer.place(x - 3, y - size / 2 - 1, x + 6 + w, y + size / 2 + 1)) continue;
    placed++;
    if (which === 'major' ? !major : which === 'minor' ? major : false) continue;
    ctx.fillStyle = style.place;
    ctx.beginPath();
    ctx.arc(x, y, major ? 2.5 : 1.8, 0, Math.PI * 2);
    ctx.fill();
    drawHaloText(ctx, p.name, x + 5, y, style.place, style.placeHalo);
  }
}

export class BasemapRenderer implements LayerRenderer {
  private paths = new Map<BasemapShape, (Path2D | undefined)[]>();
  private revision = -1;
  private readonly measurer = new TextMeasurer();

  constructor(private readonly layer: BasemapLayer) {}

  private pathOf(shape: BasemapShape, lod: number): Path2D {
    let list = this.paths.get(shape);
    if (!list) this.paths.set(shape, (list = []));
    return (list[lod] ??= buildLocalPath(shape.lods[lod], shape.closed, shape.origin));
  }

  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    const { layer } = this;
    if (this.revision !== layer.revision) {
      this.paths.clear();
      this.revision = layer.revision;
    }
    const style = layer.style;
    const pr = frame.pixelRatio;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = style.water;
    ctx.fillRect(0, 0, Math.ceil(frame.size.width * pr), Math.ceil(frame.size.height * pr));
    const lod = lodForZoom(frame.view.zoom);
    ctx.fillStyle = style.land;
    for (const shape of layer.land) {
      if (!extentIntersects(shape.bbox, frame.extent)) continue;
      setContextTransform(ctx, localToScreen(frame, shape.origin), pr);
      ctx.fill(this.pathOf(shape, lod), 'evenodd');
    }
    ctx.strokeStyle = style.border;
    ctx.lineJoin = 'round';
    // The same scale for every shape (only the origin differs).
    ctx.lineWidth = pathLineWidth(style.borderWidth, localToScreen(frame, [0, 0]), pr);
    for (const shape of layer.borders) {
      if (!extentIntersects(shape.bbox, frame.extent)) continue;
      setContextTransform(ctx, localToScreen(frame, shape.origin), pr);
      ctx.stroke(this.pathOf(shape, lod));
    }
    this.renderPlaces(frame, ctx);
  }

  private renderPlaces(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    // With a PlaceLabelLayer above the icons, the major places' labels are drawn there.
    drawPlaceLabels(frame, ctx, this.layer, this.measurer, this.layer.majorLabelsAbove ? 'minor' : 'all');
  }

  dispose(): void {
    this.paths.clear();
  }
}
