// Vector tile renderer: north up, each tile picture is drawn straight onto the map with the frame's
// transform (images drawn with a transform that keeps rectangles have no antialiased edges, so tiles
// meet without seams at fractional zoom); under a bearing the tile pictures of one zoom are composed at
// their own pixel size into one canvas (no seams between turned tiles) and that is drawn, a tile that
// arrives being drawn into the composition alone (the others stay). A tile still on its way shows its
// nearest finished parent scaled up, or its children. Labels are placed on screen each frame
// (street-labels.ts), upright and free of each other across tiles.
import { multiply, setContextTransform, type Affine } from '../../geo/affine.js';
import { context2d, createCanvas, type Canvas2D } from '../../layer-base/canvas.js';
import type { LayerRenderer } from '../../layer-base/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import { tileRangeForExtent, tilesForFrame, tileZoomFor, tileKey, type TileCoord, type TileRange } from '../tile/tile-coverage.js';
import { drawStreetLabels, type PlacedLabelSource } from './street-labels.js';
import { VECTOR_TILE_SIZE, type VectorTileLayer } from './vector-tile-layer.js';

const MAX_PARENT_LEVELS = 6;
const MAX_COMPOSE_SIDE = 8192;

/** Device px per CSS px of the tile pictures: the pixel ratio rounded up to a half (at most 4). */
export function tileScaleFor(pixelRatio: number): number {
  return Math.min(4, Math.max(1, Math.ceil(pixelRatio * 2 - 1e-9) / 2));
}

/** Whether the layer draws tiles at a view zoom (from the source's first level on). */
export function drawsAtZoom(layer: Pick<VectorTileLayer, 'minZoom'>, zoom: number): boolean {
  return Math.round(zoom + Math.log2(512 / VECTOR_TILE_SIZE)) >= layer.minZoom;
}

/** The tiles a frame of the layer wants, nearest the centre first, their zoom and picture scale; null
 * when the view is above the source's first level (the built-in basemap shows alone). */
export function tilesWanted(
  layer: Pick<VectorTileLayer, 'minZoom' | 'maxDrawZoom'>,
  frame: FrameState,
): { tiles: TileCoord[]; z: number; range: TileRange; scale: number } | null {
  if (!drawsAtZoom(layer, frame.view.zoom)) return null;
  const z = tileZoomFor(frame.view.zoom, VECTOR_TILE_SIZE, layer.minZoom, layer.maxDrawZoom);
  const tiles = tilesForFrame(frame, z);
  const range = tileRangeForExtent(frame.extent, z);
  const side = Math.max(range.maxX - range.minX + 1, range.maxY - range.minY + 1);
  let scale = tileScaleFor(frame.pixelRatio);
  while (scale > 1 && side * VECTOR_TILE_SIZE * scale > MAX_COMPOSE_SIDE) scale -= 0.5;
  return { tiles, z, range, scale };
}

export class VectorTileRenderer implements LayerRenderer {
  private canvas: Canvas2D | null = null;
  private rangeKey = '';
  private range: { z: number; minX: number; minY: number; tp: number } | null = null;
  private version = -1;
  private readonly drawnAs = new Map<string, 'exact' | 'standin'>();
  private labels: PlacedLabelSource[] = [];
  private labelsKey = '';
  private labelsVersion = -1;
  /** Tiles of the composition that hold a picture (their own or a stand-in's). */
  private pictures = 0;

  constructor(
    private readonly layer: VectorTileLayer,
    private readonly requester: number,
  ) {}

  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    const layer = this.layer;
    const wanted = tilesWanted(layer, frame);
    if (!wanted) {
      layer.request(this.requester, [], 1);
      return;
    }
    const { tiles, z, range, scale } = wanted;
    const nx = range.maxX - range.minX + 1,
      ny = range.maxY - range.minY + 1;
    const tp = Math.round(VECTOR_TILE_SIZE * scale);
    if (layer.request(this.requester, tiles, scale)) frame.loading = true;

    const n = Math.pow(2, z);
    const k = 1 / (tp * n);
    const toDevice = multiply(frame.toScreen, [k, 0, 0, k, range.minX / n, range.minY / n]);
    const rangeKey = `${z}/${range.minX}/${range.minY}/${nx}/${ny}/${tp}`;
    if (rangeKey !== this.labelsKey || this.labelsVersion !== layer.loadVersion) {
      this.labels = this.collectLabels(tiles, z, scale);
      this.labelsKey = rangeKey;
      this.labelsVersion = layer.loadVersion;
    }
    if (Math.abs(toDevice[1]) < 1e-12 && Math.abs(toDevice[2]) < 1e-12) {
      // North up (the map's usual case): each tile picture is drawn straight onto the map. Chromium does
      // not antialias the edges of images drawn with a transform that keeps rectangles, so neighbouring
      // tiles meet on the same pixel without a seam, and nothing is composed when the tile range moves
      // or a tile arrives (which cost whole milliseconds a frame while panning and zooming).
      setContextTransform(ctx, toDevice, frame.pixelRatio);
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'low';
      this.pictures = 0;
      for (const t of tiles) if (this.drawTile(ctx, t, (t.x - range.minX) * tp, (t.y - range.minY) * tp, tp, scale)) this.pictures++;
      // The composition is rebuilt if the view turns.
      this.rangeKey = '';
      this.canvas = null;
      this.drawnAs.clear();
    } else {
      this.drawComposed(ctx, frame, tiles, range, z, nx, ny, tp, scale, rangeKey, toDevice);
    }
    if (this.pictures > 0) layer.framesWithTiles++;
    if (this.labels.length) drawStreetLabels(ctx, frame, this.labels, z, layer.placesNamedBy);
  }

  /** Under a bearing, the tile pictures composed at their own pixel size into one canvas (no seams
   * between tiles drawn turned) and that canvas drawn with the frame's transform. */
  private drawComposed(
    ctx: CanvasRenderingContext2D,
    frame: FrameState,
    tiles: TileCoord[],
    range: { minX: number; minY: number },
    z: number,
    nx: number,
    ny: number,
    tp: number,
    scale: number,
    rangeKey: string,
    toDevice: Affine,
  ): void {
    const layer = this.layer;
    if (rangeKey !== this.rangeKey || !this.canvas) {
      const w = Math.min(MAX_COMPOSE_SIDE, nx * tp),
        h = Math.min(MAX_COMPOSE_SIDE, ny * tp);
      const old = this.canvas,
        was = this.range;
      // Panning moves the range by a column or a row: the tiles both ranges hold are copied over in
      // one draw instead of being composed again one by one.
      const keep = old !== null && was !== null && was.z === z && was.tp === tp;
      this.canvas = old && !keep && old.width === w && old.height === h ? old : createCanvas(w, h);
      const next = context2d(this.canvas);
      next.setTransform(1, 0, 0, 1, 0, 0);
      if (keep) {
        next.clearRect(0, 0, w, h);
        next.drawImage(old as CanvasImageSource, (was.minX - range.minX) * tp, (was.minY - range.minY) * tp);
        for (const key of [...this.drawnAs.keys()]) {
          const [, x, y] = key.split('/').map(Number);
          const dx = (x - range.minX) * tp,
            dy = (y - range.minY) * tp;
          const inside =
            x >= was.minX &&
            y >= was.minY &&
            dx >= 0 &&
            dy >= 0 &&
            dx + tp <= w &&
            dy + tp <= h &&
            (x - was.minX + 1) * tp <= old!.width &&
            (y - was.minY + 1) * tp <= old!.height;
          if (!inside) this.drawnAs.delete(key);
        }
      } else {
        next.clearRect(0, 0, w, h);
        this.drawnAs.clear();
      }
      this.range = { z, minX: range.minX, minY: range.minY, tp };
      this.rangeKey = rangeKey;
      this.version = -1;
    }
    if (this.version !== layer.loadVersion) {
      this.compose(tiles, range.minX, range.minY, tp, scale);
      this.version = layer.loadVersion;
    }
    setContextTransform(ctx, toDevice, frame.pixelRatio);
    // Bilinear: the composition is drawn between 0.71 and 1.41 times its size (the tile zoom is the view's
    // rounded), where the cubic filter of 'high' looks the same and cost 2.5 times as much (7.3 against
    // 2.8 ms a frame at 1024 x 768 in the street bench).
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'low';
    ctx.drawImage(this.canvas as CanvasImageSource, 0, 0);
  }

  /** Draws a tile's own picture at (dx, dy), else its nearest finished parent's part, else its finished
   * children; returns whether it drew a picture (or knows there is none: an empty tile). */
  private drawTile(ctx: CanvasRenderingContext2D, t: TileCoord, dx: number, dy: number, tp: number, scale: number): boolean {
    const tile = this.layer.finished(t, scale);
    if (tile) {
      if (!tile.image) return false;
      ctx.drawImage(tile.image, dx, dy, tp, tp);
      return true;
    }
    return this.drawParent(ctx, t, dx, dy, tp, scale) || this.drawChildren(ctx, t, dx, dy, tp, scale);
  }

  private compose(tiles: TileCoord[], minX: number, minY: number, tp: number, scale: number): void {
    const ctx = context2d(this.canvas!);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    this.pictures = 0;
    for (const t of tiles) {
      const key = tileKey(t);
      if (this.drawnAs.get(key) === 'exact') {
        if (this.layer.finished(t, scale)?.image) this.pictures++;
        continue;
      }
      const dx = (t.x - minX) * tp,
        dy = (t.y - minY) * tp;
      if (dx >= this.canvas!.width || dy >= this.canvas!.height) continue;
      const tile = this.layer.finished(t, scale);
      if (tile) {
        ctx.clearRect(dx, dy, tp, tp);
        if (tile.image) {
          ctx.drawImage(tile.image, dx, dy, tp, tp);
          this.pictures++;
        }
        this.drawnAs.set(key, 'exact');
        continue;
      }
      ctx.clearRect(dx, dy, tp, tp);
      if (this.drawParent(ctx, t, dx, dy, tp, scale) || this.drawChildren(ctx, t, dx, dy, tp, scale)) {
        this.drawnAs.set(key, 'standin');
        this.pictures++;
      } else this.drawnAs.delete(key);
    }
  }

  private drawParent(ctx: CanvasRenderingContext2D, t: TileCoord, dx: number, dy: number, tp: number, scale: number): boolean {
    for (let dz = 1; dz <= MAX_PARENT_LEVELS && t.z - dz >= this.layer.minZoom; dz++) {
      const parent = { z: t.z - dz, x: t.x >> dz, y: t.y >> dz };
      const tile = this.layer.finished(parent, scale);
      if (!tile) continue;
      if (!tile.image) return true;
      const size = tile.image.width / (1 << dz);
      const sx = (t.x - (parent.x << dz)) * size,
        sy = (t.y - (parent.y << dz)) * size;
      ctx.drawImage(tile.image, sx, sy, size, size, dx, dy, tp, tp);
      return true;
    }
    return false;
  }

  private drawChildren(ctx: CanvasRenderingContext2D, t: TileCoord, dx: number, dy: number, tp: number, scale: number): boolean {
    if (t.z + 1 > this.layer.maxDrawZoom) return false;
    const half = tp / 2;
    let any = false;
    for (let j = 0; j < 2; j++) {
      for (let i = 0; i < 2; i++) {
        const tile = this.layer.finished({ z: t.z + 1, x: 2 * t.x + i, y: 2 * t.y + j }, scale);
        if (!tile) continue;
        any = true;
        if (tile.image) ctx.drawImage(tile.image, dx + i * half, dy + j * half, half, half);
      }
    }
    return any;
  }

  /** The label candidates of the finished tiles on screen, in world units, in placement order. */
  private collectLabels(tiles: TileCoord[], z: number, scale: number): PlacedLabelSource[] {
    const n = Math.pow(2, z);
    const out: PlacedLabelSource[] = [];
    for (const t of tiles) {
      const tile = this.layer.finished(t, scale);
      if (!tile) continue;
      for (const l of tile.labels) out.push({ ...l, wx: (t.x + l.x) / n, wy: (t.y + l.y) / n });
    }
    return out.sort((a, b) => a.order - b.order);
  }

  dispose(): void {
    this.layer.release(this.requester);
    this.canvas = null;
  }
}
