// Raster XYZ tiles: URL template, LRU cache, loads nearest-first with a concurrency limit, cancels
// loads that left the view, fetches with CORS so exported images are never tainted.
import { Layer, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import { createFrameState, type FrameState, type Size } from '../../view/frame-state.js';
import type { ViewState } from '../../view/view-state.js';
import { LruCache } from './tile-cache.js';
import { tileKey, tileUrl, type TileCoord } from './tile-coverage.js';
import { rasterTilesWanted, TileRenderer } from './tile-renderer.js';

/** The requester of `prefetch` (renderers count from 1). */
const PREFETCH = 0;

export interface TileLayerOptions extends LayerOptions {
  /** Template with {z} {x} {y}, optionally {s} (subdomain), {r} (retina suffix) and {-y} (TMS). */
  url: string;
  subdomains?: string[];
  /** Whether the template's {r} gives 2x tiles; used when the pixel ratio is above 1. */
  retina?: boolean;
  tileSize?: number;
  minZoom?: number;
  maxZoom?: number;
  /** Tiles kept in memory. */
  cacheSize?: number;
  /** Tiles loading at once. */
  maxConcurrent?: number;
  attribution?: string;
  /**
   * Headers of every tile request, asked for each load: e.g. the bearer token for the server's
   * area-set tiles, which like every API call need one.
   */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
}

export type TileState = 'queued' | 'loading' | 'loaded' | 'error';

export interface Tile {
  coord: TileCoord;
  retina: boolean;
  key: string;
  state: TileState;
  image: ImageBitmap | null;
  abort: AbortController | null;
}

export class TileLayer extends Layer {
  readonly url: string;
  readonly headers?: TileLayerOptions['headers'];
  readonly subdomains: string[];
  readonly retina: boolean;
  readonly tileSize: number;
  readonly minZoom: number;
  readonly maxZoom: number;
  readonly attribution: string | undefined;
  private readonly maxConcurrent: number;
  private readonly cache: LruCache<Tile>;
  private readonly wanted = new Map<number, Set<string>>();
  private queue: Tile[] = [];
  private active = 0;
  /** Bumped whenever a tile finishes, so renderers know to recompose. */
  loadVersion = 0;
  /** performance.now() when each of the last tiles' pictures was decoded, by key, and the frames a
   * renderer drew it in since (for the bench's arrival-to-shown figure; see LocusMap.onScreenFrame). */
  readonly arrivals = new Map<string, number>();
  /** Frames in which a renderer drew at least one tile's own picture (the app marks the first street frame). */
  framesWithTiles = 0;
  readonly drawnIn = new Map<string, FrameState[]>();
  private nextRequester = 1;

  constructor(options: TileLayerOptions) {
    super(options);
    this.url = options.url;
    this.headers = options.headers;
    this.subdomains = options.subdomains ?? [];
    this.retina = options.retina ?? options.url.includes('{r}');
    this.tileSize = options.tileSize ?? 256;
    this.minZoom = options.minZoom ?? 0;
    this.maxZoom = options.maxZoom ?? 19;
    this.attribution = options.attribution;
    this.maxConcurrent = options.maxConcurrent ?? 8;
    this.cache = new LruCache<Tile>(options.cacheSize ?? 384, (tile) => {
      tile.abort?.abort();
      tile.image?.close();
    });
  }

  /** Asks for a view's tiles at once, before a map draws the layer (the first request of a renderer
   * takes over: prefetched tiles it does not want are cancelled). */
  override prefetch(view: ViewState, size: Size, pixelRatio = 1): void {
    if (size.width <= 0 || size.height <= 0) return;
    const { tiles, retina } = rasterTilesWanted(this, createFrameState(view, size, pixelRatio));
    this.request(PREFETCH, tiles, retina);
  }

  override liveInMotion(): boolean {
    return true;
  }

  createRenderer(): LayerRenderer {
    return new TileRenderer(this, this.nextRequester++);
  }

  static keyOf(coord: TileCoord, retina: boolean): string {
    return `${tileKey(coord)}${retina ? '@2x' : ''}`;
  }

  /** A loaded tile (either resolution), without refreshing its age. */
  loaded(coord: TileCoord, retina: boolean): Tile | undefined {
    for (const r of [retina, !retina]) {
      const tile = this.cache.peek(TileLayer.keyOf(coord, r));
      if (tile?.state === 'loaded') return tile;
    }
    return undefined;
  }

  /**
   * A renderer says which tiles it wants now, most important first. Missing tiles are queued in that
   * order; queued or loading tiles that no renderer wants any more are cancelled.
   * Returns whether any wanted tile is still on its way.
   */
  request(requester: number, coords: TileCoord[], retina: boolean): boolean {
    const keys = new Set<string>();
    const missing: Tile[] = [];
    let pending = false;
    for (const coord of coords) {
      const key = TileLayer.keyOf(coord, retina);
      keys.add(key);
      let tile = this.cache.get(key);
      if (!tile) {
        tile = { coord, retina, key, state: 'queued', image: null, abort: null };
        this.cache.set(key, tile);
      }
      if (tile.state === 'queued') missing.push(tile);
      if (tile.state === 'queued' || tile.state === 'loading') pending = true;
    }
    this.wanted.set(requester, keys);
    if (requester !== PREFETCH) this.wanted.delete(PREFETCH);
    this.cancelUnwanted();
    const queuedElsewhere = this.queue.filter((t) => !keys.has(t.key));
    this.queue = [...missing, ...queuedElsewhere];
    this.pump();
    return pending;
  }

  /** A renderer that goes away stops wanting tiles. */
  release(requester: number): void {
    this.wanted.delete(requester);
    this.cancelUnwanted();
  }

  private isWanted(key: string): boolean {
    for (const set of this.wanted.values()) if (set.has(key)) return true;
    return false;
  }

  private cancelUnwanted(): void {
    for (const tile of [...this.cache.values()]) {
      if ((tile.state === 'queued' || tile.state === 'loading') && !this.isWanted(tile.key)) {
        tile.abort?.abort();
        this.cache.delete(tile.key);
      }
    }
    this.queue = this.queue.filter((t) => this.cache.peek(t.key) === t);
  }

  private pump(): void {
    while (this.active < this.maxConcurrent && this.queue.length) {
      const tile = this.queue.shift()!;
      if (tile.state !== 'queued') continue;
      void this.load(tile);
    }
  }

  private async load(tile: Tile): Promise<void> {
    tile.state = 'loading';
    tile.abort = new AbortController();
    this.active++;
    const url = tileUrl(this.url, tile.coord, { subdomains: this.subdomains, retina: tile.retina });
    try {
      const headers = this.headers ? await this.headers() : undefined;
      const response = await fetch(url, { mode: 'cors', credentials: 'omit', headers, signal: tile.abort.signal });
      if (!response.ok) throw new Error(`Tile ${url} answered ${response.status}`);
      const image = await createImageBitmap(await response.blob());
      if (tile.abort.signal.aborted) {
        image.close();
        return;
      }
      tile.image = image;
      tile.state = 'loaded';
      this.arrivals.set(tile.key, performance.now());
      this.drawnIn.set(tile.key, []);
      if (this.arrivals.size > 256) {
        const oldest = this.arrivals.keys().next().value as string;
        this.arrivals.delete(oldest);
        this.drawnIn.delete(oldest);
      }
    } catch {
      // Cancelled tiles are simply gone; failed ones stay 'error' so they are not hammered again.
      if (!tile.abort.signal.aborted) tile.state = 'error';
    } finally {
      tile.abort = null;
      this.active--;
      this.loadVersion++;
      this.pump();
      this.changed();
    }
  }

  /** A renderer drew these tiles' pictures (their own, or as stand-ins) in a frame. Tiles the bench has not yet seen on screen
   * (those with a drawnIn entry) note the frame, at most 8 each. */
  noteDrawn(keys: readonly string[], frame: FrameState): void {
    for (const key of keys) {
      const frames = this.drawnIn.get(key);
      if (frames && frames.length < 8) frames.push(frame);
    }
  }

  /** Tiles loading or queued (for tests and diagnostics). */
  pendingCount(): number {
    let n = 0;
    for (const tile of this.cache.values()) if (tile.state === 'queued' || tile.state === 'loading') n++;
    return n;
  }

  dispose(): void {
    this.cache.clear();
    this.queue = [];
  }
}
