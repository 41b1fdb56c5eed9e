// Tile renderer: tiles of one zoom are composed at their own pixel size into one canvas (so there are
// no seams at fractional zoom or under rotation), with parents scaled up, or children scaled down,
// where a tile is still loading; the composition is drawn with the frame's transform.
import { setContextTransform, multiply } from '../../geo/affine.js';
import { createCanvas, context2d, type Canvas2D } from '../../layer-base/canvas.js';
import type { LayerRenderer } from '../../layer-base/layer.js';
import type { FrameState } from '../../view/frame-state.js';
import { tileRangeForExtent, tilesForFrame, tileZoomFor, type TileCoord, type TileRange } from './tile-coverage.js';
import type { TileLayer } from './tile-layer.js';

/** How many levels up a missing tile looks for a stand-in. */
const MAX_PARENT_LEVELS = 5;
const MAX_COMPOSE_SIDE = 8192;

/** The tiles a frame of the layer wants, nearest the centre first, their zoom and whether they are
 * the source's device-pixel-ratio tiles (not when the composition would grow too large). */
export function rasterTilesWanted(
  layer: Pick<TileLayer, 'tileSize' | 'minZoom' | 'maxZoom' | 'retina'>,
  frame: FrameState,
): { z: number; tiles: TileCoord[]; range: TileRange; retina: boolean } {
  const z = tileZoomFor(frame.view.zoom, layer.tileSize, layer.minZoom, layer.maxZoom);
  const tiles = tilesForFrame(frame, z);
  const range = tileRangeForExtent(frame.extent, z);
  const side = Math.max(range.maxX - range.minX + 1, range.maxY - range.minY + 1);
  const retina = layer.retina && frame.pixelRatio > 1 && side * layer.tileSize * 2 <= MAX_COMPOSE_SIDE;
  return { z, tiles, range, retina };
}

export class TileRenderer implements LayerRenderer {
  private canvas: Canvas2D | null = null;
  private composedKey = '';
  /** Tiles whose own pictures the composition holds. */
  private drawnKeys: string[] = [];
  /** Tiles whose pictures it holds as stand-ins (a parent's part scaled up, children scaled down). */
  private standInKeys: string[] = [];

  constructor(
    private readonly layer: TileLayer,
    private readonly requester: number,
  ) {}

  renderFrame(frame: FrameState, ctx: CanvasRenderingContext2D): void {
    const layer = this.layer;
    const { z, tiles, range, retina } = rasterTilesWanted(layer, frame);
    const tp = layer.tileSize * (retina ? 2 : 1);
    const nx = range.maxX - range.minX + 1,
      ny = range.maxY - range.minY + 1;
    if (layer.request(this.requester, tiles, retina)) frame.loading = true;

    const key = `${z}/${range.minX}/${range.minY}/${nx}/${ny}/${tp}/${layer.loadVersion}`;
    if (key !== this.composedKey) {
      this.compose(tiles, range.minX, range.minY, nx, ny, tp, retina);
      this.composedKey = key;
    }
    const n = Math.pow(2, z);
    const k = 1 / (tp * n);
    setContextTransform(ctx, multiply(frame.toScreen, [k, 0, 0, k, range.minX / n, range.minY / n]), frame.pixelRatio);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(this.canvas as CanvasImageSource, 0, 0);
    if (this.drawnKeys.length) layer.framesWithTiles++;
    if (layer.drawnIn.size) layer.noteDrawn([...this.drawnKeys, ...this.standInKeys], frame);
  }

  private compose(tiles: TileCoord[], minX: number, minY: number, nx: number, ny: number, tp: number, retina: boolean): void {
    const w = Math.min(MAX_COMPOSE_SIDE, nx * tp),
      h = Math.min(MAX_COMPOSE_SIDE, ny * tp);
    if (!this.canvas || this.canvas.width !== w || this.canvas.height !== h) this.canvas = createCanvas(w, h);
    const ctx = context2d(this.canvas);
    ctx.clearRect(0, 0, w, h);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    this.drawnKeys = [];
    this.standInKeys = [];
    for (const t of tiles) {
      const dx = (t.x - minX) * tp,
        dy = (t.y - minY) * tp;
      const tile = this.layer.loaded(t, retina);
      if (tile?.image) {
        ctx.drawImage(tile.image, dx, dy, tp, tp);
        this.drawnKeys.push(tile.key);
        continue;
      }
      if (this.drawParent(ctx, t, dx, dy, tp, retina)) continue;
      this.drawChildren(ctx, t, dx, dy, tp, retina);
    }
  }

  private drawParent(ctx: CanvasRenderingContext2D, t: TileCoord, dx: number, dy: number, tp: number, retina: boolean): boolean {
    for (let dz = 1; dz <= MAX_PARENT_LEVELS && t.z - dz >= this.layer.minZoom; dz++) {
      const parent = { z: t.z - dz, x: t.x >> dz, y: t.y >> dz };
      const tile = this.layer.loaded(parent, retina);
      if (!tile?.image) continue;
      const size = tile.image.width / (1 << dz);
      const sx = (t.x - (parent.x << dz)) * size,
        sy = (t.y - (parent.y << dz)) * size;
      ctx.drawImage(tile.image, sx, sy, size, size, dx, dy, tp, tp);
      this.standInKeys.push(tile.key);
      return true;
    }
    return false;
  }

  private drawChildren(ctx: CanvasRenderingContext2D, t: TileCoord, dx: number, dy: number, tp: number, retina: boolean): void {
    if (t.z + 1 > this.layer.maxZoom) return;
    const half = tp / 2;
    for (let j = 0; j < 2; j++) {
      for (let i = 0; i < 2; i++) {
        const tile = this.layer.loaded({ z: t.z + 1, x: 2 * t.x + i, y: 2 * t.y + j }, retina);
        if (!tile?.image) continue;
        ctx.drawImage(tile.image, dx + i * half, dy + j * half, half, half);
        this.standInKeys.push(tile.key);
      }
    }
  }

  dispose(): void {
    this.layer.release(this.requester);
    this.canvas = null;
  }
}
