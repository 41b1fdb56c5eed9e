// The vector tile worker: fetches a tile (from a URL template, or from a PMTiles archive by HTTP
// range requests through the pmtiles package), decodes it (@mapbox/vector-tile over pbf) and draws it
// on an OffscreenCanvas by the schema's style, then hands the picture (an ImageBitmap, transferred,
// not copied) and the tile's label candidates to the map. Nothing of this runs on the main thread.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles } from 'pmtiles';
import { drawVectorTile } from './draw-vector-tile.js';
import { VECTOR_STYLES } from './styles/index.js';
import type { FromWorker, TileJob, ToWorker, WorkerSetup } from './vector-tile-protocol.js';
import { tileUrl } from '../layers/tile/tile-coverage.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

let setup: WorkerSetup | null = null;
let archive: PMTiles | null = null;
let archiveZooms: Promise<{ minZoom: number; maxZoom: number }> | null = null;
const running = new Map<number, AbortController>();

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'setup') {
    setup = message;
    archive = message.archive ? new PMTiles(message.url) : null;
    archiveZooms = archive
      ? archive.getHeader().then((h) => {
          scope.postMessage({ type: 'archive', minZoom: h.minZoom, maxZoom: h.maxZoom });
          return { minZoom: h.minZoom, maxZoom: h.maxZoom };
        })
      : null;
    archiveZooms?.catch(() => {});
  } else if (message.type === 'cancel') {
    running.get(message.id)?.abort();
    running.delete(message.id);
  } else {
    void drawJob(message);
  }
};

async function gunzipIfNeeded(data: ArrayBuffer): Promise<ArrayBuffer> {
  const head = new Uint8Array(data, 0, Math.min(2, data.byteLength));
  if (head[0] !== 0x1f || head[1] !== 0x8b) return data;
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).arrayBuffer();
}

/** The source tile's bytes; null when the source has no tile there. */
async function readTile(z: number, x: number, y: number, signal: AbortSignal): Promise<ArrayBuffer | null> {
  if (archive) {
    const answer = await archive.getZxy(z, x, y, signal);
    return answer ? gunzipIfNeeded(answer.data) : null;
  }
  let response: Response;
  try {
    response = await fetch(tileUrl(setup!.url, { z, x, y }), { mode: 'cors', credentials: 'omit', signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw Object.assign(new Error(`the tile source could not be reached: ${(error as Error).message}`), { network: true });
  }
  if (response.status === 204 || response.status === 404) return null;
  if (!response.ok) throw Object.assign(new Error(`tile ${z}/${x}/${y} answered ${response.status}`), { network: response.status >= 500 });
  return gunzipIfNeeded(await response.arrayBuffer());
}

async function drawJob(job: TileJob): Promise<void> {
  const abort = new AbortController();
  running.set(job.id, abort);
  const started = performance.now();
  try {
    let sourceZ = job.sourceZ;
    if (archiveZooms) sourceZ = Math.min(sourceZ, (await archiveZooms).maxZoom);
    const dz = Math.max(0, job.z - sourceZ);
    const sx = job.x >> dz,
      sy = job.y >> dz;
    const bytes = await readTile(job.z - dz, sx, sy, abort.signal);
    if (abort.signal.aborted) return;
    if (!bytes || bytes.byteLength === 0) {
      scope.postMessage({ type: 'tile', id: job.id, image: null, labels: [], ms: performance.now() - started, drawMs: 0 });
      return;
    }
    const drawStarted = performance.now();
    const tile = new VectorTile(new PbfReader(new Uint8Array(bytes)));
    const canvas = new OffscreenCanvas(job.size, job.size);
    const ctx = canvas.getContext('2d')!;
    const drawn = drawVectorTile(ctx, tile, VECTOR_STYLES[setup!.schema], {
      z: job.z,
      dz,
      col: job.x - (sx << dz),
      row: job.y - (sy << dz),
      size: job.size,
      scale: job.scale,
    });
    const image = drawn.features > 0 ? canvas.transferToImageBitmap() : null;
    const done = performance.now();
    scope.postMessage({ type: 'tile', id: job.id, image, labels: drawn.labels, ms: done - started, drawMs: done - drawStarted }, image ? [image] : []);
  } catch (error) {
    if (abort.signal.aborted) return;
    // An archive that cannot be read is as unreachable as a tile server that does not answer.
    const network = archive !== null || (error as { network?: boolean }).network === true;
    scope.postMessage({ type: 'error', id: job.id, message: (error as Error).message, network });
  } finally {
    running.delete(job.id);
  }
}
