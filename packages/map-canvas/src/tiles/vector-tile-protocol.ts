// The messages between the map and its vector tile worker.
import type { LabelCandidate } from './draw-vector-tile.js';
import type { VectorSchema } from './styles/index.js';

export interface WorkerSetup {
  type: 'setup';
  /** A tile URL template ({z} {x} {y} {-y}), or the absolute address of a PMTiles archive. */
  url: string;
  archive: boolean;
  schema: VectorSchema;
}

export interface TileJob {
  type: 'tile';
  id: number;
  /** The tile drawn. */
  z: number;
  x: number;
  y: number;
  /** The zoom of the source tile read (at most the source's deepest level; coarser tiles are overzoomed). */
  sourceZ: number;
  /** Device px of the drawn tile's side, and per CSS px. */
  size: number;
  scale: number;
}

export interface CancelJob {
  type: 'cancel';
  id: number;
}

export type ToWorker = WorkerSetup | TileJob | CancelJob;

export type FromWorker =
  /** ms: from the job's start (its read, and its wait for other jobs of the worker) to the picture;
   * drawMs: the decode and the drawing of the picture alone. */
  | { type: 'tile'; id: number; image: ImageBitmap | null; labels: LabelCandidate[]; ms: number; drawMs: number }
  /** network: the source could not be reached (as opposed to a bad tile). */
  | { type: 'error'; id: number; message: string; network: boolean }
  | { type: 'archive'; minZoom: number; maxZoom: number };
