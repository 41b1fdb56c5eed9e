// Street basemap from Mapbox Vector Tiles: a URL template or a PMTiles archive, read, decoded and
// drawn into tile pictures by a Web Worker (tiles/vector-tile-worker.ts), so the main thread only
// composes pictures and places labels. Tiles are 512 CSS px (the vector tile convention), drawn at
// the screen's pixel ratio, kept in an LRU cache sized by bytes, loaded nearest the view centre first
// and cancelled when they leave the view; a tile still on its way shows its nearest loaded parent
// scaled up (or its children), so nothing flashes. Deeper than the source's last level, tiles are
// drawn from the last level's data (overzoom). A tile the source does not have (outside its area)
// draws nothing: the built-in basemap beneath shows there.
import { Layer, type LayerOptions, type LayerRenderer } from '../../layer-base/layer.js';
import type { LabelCandidate } from '../../tiles/draw-vector-tile.js';
import type { VectorSchema } from '../../tiles/styles/index.js';
import type { FromWorker, ToWorker } from '../../tiles/vector-tile-protocol.js';
import { LruCache } from '../tile/tile-cache.js';
import { tileKey, type TileCoord } from '../tile/tile-coverage.js';
import { createFrameState, type FrameState, type Size } from '../../view/frame-state.js';
import type { ViewState } from '../../view/view-state.js';
import { drawsAtZoom, tilesWanted, VectorTileRenderer } from './vector-tile-renderer.js';

export interface VectorTileLayerOptions extends LayerOptions {
  /** Tile URL template ({z} {x} {y} {-y}), or the address of a PMTiles archive when `archive` is true. */
  url: string;
  archive?: boolean;
  schema: VectorSchema;
  /** Creates a tile worker (the app bundles the worker's source; see tiles/vector-tile-worker.ts). */
  createWorker: () => Worker;
  /** Workers drawing tiles at once (default 2 on machines with more than 2 cores, else 1). */
  workers?: number;
  minZoom?: number;
  /** The source's deepest level; deeper tiles are drawn from it. */
  maxZoom?: number;
  /** Deepest tile level drawn (overzoomed beyond maxZoom). */
  maxDrawZoom?: number;
  attribution?: string;
  /** Bytes of tile pictures kept (default 160 MB). */
  cacheBytes?: number;
  /** Tiles on their way at once. */
  maxConcurrent?: number;
  /**
   * The built-in basemap beneath, whose place labels win: a place name of the tiles that it already
   * shows near by is left out, so a city is not named twice (once by each source).
   */
  placesNamedBy?: { namesPlace(name: string, wx: number, wy: number, zoom: number): boolean };
}

export type VectorTileState = 'queued' | 'loading' | 'loaded' | 'empty' | 'error';

export interface VectorTile {
  coord: TileCoord;
  scale: number;
  key: string;
  state: VectorTileState;
  image: ImageBitmap | null;
  labels: LabelCandidate[];
  job: number;
}

/** Counts of what the source answered, for the app's fallback (a source that never answers). */
export interface SourceHealth {
  loaded: number;
  empty: number;
  failed: number;
  /** Failures in a row since the last tile that arrived. */
  failedInRow: number;
}

/** Tile side in CSS px. */
export const VECTOR_TILE_SIZE = 512;

/** The requester of `prefetch` (renderers count from 1). */
const PREFETCH = 0;

export class VectorTileLayer extends Layer {
  readonly schema: VectorSchema;
  /** The source's first level (an archive's header replaces the option's value when it is read). */
  minZoom: number;
  maxZoom: number;
  readonly maxDrawZoom: number;
  readonly attribution: string | undefined;
  readonly placesNamedBy: VectorTileLayerOptions['placesNamedBy'];
  readonly tileSize = VECTOR_TILE_SIZE;
  readonly health: SourceHealth = { loaded: 0, empty: 0, failed: 0, failedInRow: 0 };
  /** Bumped whenever a tile finishes, so renderers know to recompose. */
  loadVersion = 0;
  /** Milliseconds the worker took per tile (the last 64), for the bench: from the job's start, and its
   * decode and drawing alone. */
  readonly workerMs: number[] = [];
  readonly workerDrawMs: number[] = [];
  /** Frames in which a renderer drew at least one tile picture (the app marks the first street frame). */
  framesWithTiles = 0;
  /** performance.now() when each of the last tiles arrived on the main thread, by key (for the bench). */
  readonly arrivals = new Map<string, number>();
  private readonly options: VectorTileLayerOptions;
  private workers: Worker[] = [];
  private nextWorker = 0;
  private readonly cacheBytes: number;
  private readonly caches = new Map<number, LruCache<VectorTile>>();
  private readonly byJob = new Map<number, VectorTile>();
  private readonly wanted = new Map<number, Set<string>>();
  private queue: VectorTile[] = [];
  private active = 0;
  private readonly maxConcurrent: number;
  private nextJob = 1;
  private nextRequester = 1;
  private disposed = false;

  constructor(options: VectorTileLayerOptions) {
    super(options);
    this.options = options;
    this.schema = options.schema;
    this.minZoom = options.minZoom ?? 0;
    this.maxZoom = options.maxZoom ?? 14;
    this.maxDrawZoom = options.maxDrawZoom ?? 20;
    this.attribution = options.attribution;
    this.placesNamedBy = options.placesNamedBy;
    this.cacheBytes = options.cacheBytes ?? 160e6;
    this.maxConcurrent = options.maxConcurrent ?? 6;
  }

  /**
   * Reads a view's tiles ahead, before a map draws the layer (while the app is still starting): starts
   * the workers (which read an archive's header and directory at once) and queues the tiles the first
   * frame of that view will want, nearest the centre first, so their reading and drawing overlap the
   * rest of the start instead of following the map's first frame. The first request of a renderer
   * takes over: prefetched tiles it does not want are cancelled.
   */
  override prefetch(view: ViewState, size: Size, pixelRatio = 1): void {
    if (this.disposed || size.width <= 0 || size.height <= 0) return;
    const wanted = tilesWanted(this, createFrameState(view, size, pixelRatio));
    if (wanted) this.request(PREFETCH, wanted.tiles, wanted.scale);
    else this.ensureWorkers();
  }

  /** Live in motion where it draws tiles (from its first level on); below, the built-in basemap beneath
   * stays in the motion pictures. */
  override liveInMotion(frame: FrameState): boolean {
    return drawsAtZoom(this, frame.view.zoom);
  }

  createRenderer(): LayerRenderer {
    return new VectorTileRenderer(this, this.nextRequester++);
  }

  static keyOf(coord: TileCoord, scale: number): string {
    return `${tileKey(coord)}@${scale}`;
  }

  private cacheFor(scale: number): LruCache<VectorTile> {
    let cache = this.caches.get(scale);
    if (!cache) {
      const side = VECTOR_TILE_SIZE * scale;
      const capacity = Math.max(24, Math.floor(this.cacheBytes / (side * side * 4)));
      cache = new LruCache<VectorTile>(capacity, (tile) => this.drop(tile));
      this.caches.set(scale, cache);
    }
    return cache;
  }

  private drop(tile: VectorTile): void {
    if (tile.state === 'loading') {
      this.post({ type: 'cancel', id: tile.job }, tile);
      this.byJob.delete(tile.job);
      this.active--;
    }
    tile.image?.close();
    tile.image = null;
  }

  /** A finished tile (loaded or empty) at a scale, without refreshing its age; other scales as stand-ins. */
  finished(coord: TileCoord, scale: number): VectorTile | undefined {
    const key = tileKey(coord);
    const own = this.caches.get(scale)?.peek(`${key}@${scale}`);
    if (own && (own.state === 'loaded' || own.state === 'empty')) return own;
    for (const [s, cache] of this.caches) {
      if (s === scale) continue;
      const t = cache.peek(`${key}@${s}`);
      if (t && (t.state === 'loaded' || t.state === 'empty')) return t;
    }
    return undefined;
  }

  /**
   * A renderer says which tiles it wants now, nearest first. Missing ones are queued in that order;
   * queued or loading tiles no renderer wants any more are cancelled. Returns whether any is on its way.
   */
  request(requester: number, coords: TileCoord[], scale: number): boolean {
    const cache = this.cacheFor(scale);
    const keys = new Set<string>();
    const missing: VectorTile[] = [];
    let pending = false;
    for (const coord of coords) {
      const key = VectorTileLayer.keyOf(coord, scale);
      keys.add(key);
      let tile = cache.get(key);
      if (!tile) {
        tile = { coord, scale, key, state: 'queued', image: null, labels: [], job: 0 };
        cache.set(key, tile);
      }
      if (tile.state === 'queued') missing.push(tile);
      if (tile.state === 'queued' || tile.state === 'loading') pending = true;
    }
    this.wanted.set(requester, keys);
    if (requester !== PREFETCH) this.wanted.delete(PREFETCH);
    this.cancelUnwanted();
    const elsewhere = this.queue.filter((t) => !keys.has(t.key));
    this.queue = [...missing, ...elsewhere];
    this.pump();
    return pending;
  }

  release(requester: number): void {
    this.wanted.delete(requester);
    this.cancelUnwanted();
  }

  private isWanted(key: string): boolean {
    for (const set of this.wanted.values()) if (set.has(key)) return true;
    return false;
  }

  private cancelUnwanted(): void {
    for (const cache of this.caches.values()) {
      for (const tile of [...cache.values()]) {
        if ((tile.state === 'queued' || tile.state === 'loading') && !this.isWanted(tile.key)) {
          if (tile.state === 'loading') {
            this.post({ type: 'cancel', id: tile.job }, tile);
            this.byJob.delete(tile.job);
            this.active--;
          }
          cache.delete(tile.key);
        }
      }
    }
    this.queue = this.queue.filter((t) => t.state === 'queued' && this.caches.get(t.scale)?.peek(t.key) === t);
  }

  private ensureWorkers(): void {
    if (this.workers.length || this.disposed) return;
    const cores = typeof navigator !== 'undefined' ? (navigator.hardwareConcurrency ?? 2) : 2;
    const count = this.options.workers ?? (cores > 2 ? 2 : 1);
    for (let i = 0; i < count; i++) {
      const worker = this.options.createWorker();
      worker.onmessage = (event: MessageEvent<FromWorker>) => this.receive(event.data);
      worker.onerror = () => this.failAll(worker);
      worker.postMessage({ type: 'setup', url: this.options.url, archive: this.options.archive ?? false, schema: this.schema } satisfies ToWorker);
      this.workers.push(worker);
    }
  }

  private workerOf = new Map<number, Worker>();

  private post(message: ToWorker, tile?: VectorTile): void {
    const worker = tile ? this.workerOf.get(tile.job) : undefined;
    (worker ?? this.workers[0])?.postMessage(message);
    if (message.type === 'cancel') this.workerOf.delete(message.id);
  }

  private pump(): void {
    this.ensureWorkers();
    while (this.active < this.maxConcurrent && this.queue.length && this.workers.length) {
      const tile = this.queue.shift()!;
      if (tile.state !== 'queued') continue;
      tile.state = 'loading';
      tile.job = this.nextJob++;
      this.byJob.set(tile.job, tile);
      const worker = this.workers[this.nextWorker++ % this.workers.length];
      this.workerOf.set(tile.job, worker);
      this.active++;
      const { z, x, y } = tile.coord;
      worker.postMessage({
        type: 'tile',
        id: tile.job,
        z,
        x,
        y,
        sourceZ: Math.min(z, this.maxZoom),
        size: Math.round(VECTOR_TILE_SIZE * tile.scale),
        scale: tile.scale,
      } satisfies ToWorker);
    }
  }

  private receive(message: FromWorker): void {
    if (message.type === 'archive') {
      this.minZoom = message.minZoom;
      this.maxZoom = message.maxZoom;
      this.changed();
      return;
    }
    this.workerOf.delete(message.id);
    const tile = this.byJob.get(message.id);
    if (!tile) {
      if (message.type === 'tile') message.image?.close();
      return;
    }
    this.byJob.delete(message.id);
    this.active--;
    if (message.type === 'tile') {
      tile.image = message.image;
      tile.labels = message.labels;
      tile.state = message.image ? 'loaded' : 'empty';
      this.health[message.image ? 'loaded' : 'empty']++;
      this.health.failedInRow = 0;
      this.workerMs.push(message.ms);
      this.workerDrawMs.push(message.drawMs);
      if (this.workerMs.length > 64) this.workerMs.shift();
      if (this.workerDrawMs.length > 64) this.workerDrawMs.shift();
      this.arrivals.set(tile.key, performance.now());
      if (this.arrivals.size > 256) this.arrivals.delete(this.arrivals.keys().next().value as string);
    } else {
      tile.state = 'error';
      this.health.failed++;
      if (message.network) this.health.failedInRow++;
    }
    this.loadVersion++;
    this.pump();
    this.changed();
  }

  private failAll(worker: Worker): void {
    for (const [job, w] of this.workerOf) {
      if (w === worker) this.receive({ type: 'error', id: job, message: 'the tile worker failed', network: true });
    }
  }

  /** Tiles loading or queued (for tests and diagnostics). */
  pendingCount(): number {
    let n = 0;
    for (const cache of this.caches.values()) for (const tile of cache.values()) if (tile.state === 'queued' || tile.state === 'loading') n++;
    return n;
  }

  dispose(): void {
    this.disposed = true;
    for (const cache of this.caches.values()) cache.clear();
    this.caches.clear();
    this.queue = [];
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
  }
}
