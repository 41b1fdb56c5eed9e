// The stored form of a calculation result: what the output reads need, no
// more. Per location and per area the arrays are little-endian typed arrays
// (output, attractiveness, demand, area ids, and per location the range of
// areas it draws from). The pairs are cut into blocks of consecutive demand
// areas, each stored once under the sha-1 of its bytes, holding only the
// pairs that carry demand (probability > 0): the location, the probability
// (Float32), the minutes by car and on foot (Uint16 hundredths of a minute)
// and per area the sum of its kept utilities, from which a pair's utility is
// probability x sum. Pairs cut off and exact minutes are not stored: the
// engine thread keeps the exact result for the next incremental calculation,
// and a calculation whose basis it does not hold calculates fully (the same
// bits, by the engine's design). Used by the engine thread and the API.
import { createHash } from 'node:crypto';
import { modeIsOn, pairDecayOf, type ScenarioResult } from '@locus/engine';

/** Demand areas per block: a one-store change touches a few blocks of a national model. */
export const BLOCK_AREAS = 256;

/** Minutes are stored in hundredths; this value marks a mode that does not reach. */
export const NO_MINUTES = 0xffff;
const MINUTES_SCALE = 100;
/** The largest storable minutes (a longer time is stored as this). */
export const MAXIMUM_STORED_MINUTES = (NO_MINUTES - 1) / MINUTES_SCALE;

export interface StoredBlock {
  index: number;
  hash: Uint8Array;
  /** The bytes; absent when the block is unchanged from the basis (already stored). */
  data?: Uint8Array;
}

export function bytesOf(array: ArrayBufferView): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

function aligned(bytes: Uint8Array): ArrayBuffer {
  // A copy: database drivers hand out views at any offset; typed arrays need alignment.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

export const float64Of = (bytes: Uint8Array) => new Float64Array(aligned(bytes));
export const int32Of = (bytes: Uint8Array) => new Int32Array(aligned(bytes));
export const uint32Of = (bytes: Uint8Array) => new Uint32Array(aligned(bytes));
export const uint8Of = (bytes: Uint8Array) => new Uint8Array(aligned(bytes));

export function blockCount(areaCount: number, blockAreas = BLOCK_AREAS): number {
  return Math.ceil(areaCount / blockAreas);
}

export function hashOf(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha1').update(data).digest());
}

/** A block hash as hex (the name of its file, a key of the kept blocks). */
export const hexOf = (hash: Uint8Array) => Buffer.from(hash).toString('hex');

const quantise = (minutes: number) =>
  Number.isFinite(minutes) ? Math.round(Math.min(Math.max(minutes, 0), MAXIMUM_STORED_MINUTES) * MINUTES_SCALE) : NO_MINUTES;

/** Byte positions of a block's sections (each aligned to its element size). */
function layout(n: number, m: number, wide: boolean) {
  const offsetsAt = 16;
  const sumsAt = Math.ceil((offsetsAt + 4 * (n + 1)) / 8) * 8;
  const probabilityAt = sumsAt + 8 * n;
  const locationAt = probabilityAt + 4 * m;
  const carAt = locationAt + (wide ? 4 : 2) * m;
  const pedestrianAt = carAt + 2 * m;
  return { offsetsAt, sumsAt, probabilityAt, locationAt, carAt, pedestrianAt, bytes: Math.ceil((pedestrianAt + 2 * m) / 4) * 4 };
}

/** The parts of a result the blocks are encoded from. */
export type EncodableResult = Pick<ScenarioResult, 'pairs' | 'probability' | 'attractiveness' | 'parameters'>;

/**
 * One block: a header (area count n, kept pair count m, bytes per location,
 * 0), the n+1 pair offsets relative to the block, the kept-utility sum per
 * area (Float64), then per kept pair the probability (Float32), the location
 * (Uint16, or Uint32 for more than 65,535 locations) and the minutes by car
 * and on foot (Uint16 hundredths).
 */
export function encodeBlock(result: EncodableResult, index: number, blockAreas = BLOCK_AREAS): Uint8Array {
  const { offsets, location, minutesCar, minutesPedestrian } = result.pairs;
  const probability = result.probability;
  const from = index * blockAreas;
  const to = Math.min(result.pairs.areaCount, from + blockAreas);
  const n = to - from;
  let m = 0;
  for (let k = offsets[from]; k < offsets[to]; k++) if (probability[k] > 0) m++;
  const wide = result.pairs.locationCount > 0xffff;
  const at = layout(n, m, wide);
  const buffer = new ArrayBuffer(at.bytes);
  const header = new Uint32Array(buffer, 0, 4);
  header[0] = n;
  header[1] = m;
  header[2] = wide ? 4 : 2;
  const local = new Uint32Array(buffer, at.offsetsAt, n + 1);
  const sums = new Float64Array(buffer, at.sumsAt, n);
  const p32 = new Float32Array(buffer, at.probabilityAt, m);
  const loc = wide ? new Uint32Array(buffer, at.locationAt, m) : new Uint16Array(buffer, at.locationAt, m);
  const car = new Uint16Array(buffer, at.carAt, m);
  const pedestrian = new Uint16Array(buffer, at.pedestrianAt, m);
  const carMode = modeIsOn(result.parameters.car) ? result.parameters.car : undefined;
  const pedestrianMode = modeIsOn(result.parameters.pedestrian) ? result.parameters.pedestrian : undefined;
  let q = 0;
  for (let i = 0; i < n; i++) {
    const k0 = offsets[from + i];
    const k1 = offsets[from + i + 1];
    let sum = 0;
    for (let k = k0; k < k1; k++) {
      const p = probability[k];
      if (!(p > 0)) continue;
      const j = location[k];
      // U_ij / P_ij: the area's kept-utility sum, from its first kept pair.
      if (sum === 0) sum = (result.attractiveness[j] * pairDecayOf(carMode, pedestrianMode, minutesCar[k], minutesPedestrian[k])) / p;
      p32[q] = p;
      loc[q] = j;
      car[q] = quantise(minutesCar[k]);
      pedestrian[q] = quantise(minutesPedestrian[k]);
      q++;
    }
    sums[i] = sum;
    local[i + 1] = q;
  }
  return new Uint8Array(buffer);
}

/** Every block of a result (a full calculation). */
export function encodeAllBlocks(result: EncodableResult, blockAreas = BLOCK_AREAS): StoredBlock[] {
  const blocks: StoredBlock[] = [];
  for (let b = 0; b < blockCount(result.pairs.areaCount, blockAreas); b++) {
    const data = encodeBlock(result, b, blockAreas);
    blocks.push({ index: b, hash: hashOf(data), data });
  }
  return blocks;
}

/** After an incremental calculation: blocks holding an affected area are new, the others keep the basis's hash. */
export function encodeChangedBlocks(
  result: EncodableResult,
  affectedAreas: ArrayLike<number>,
  basisHashes: readonly Uint8Array[],
  blockAreas = BLOCK_AREAS,
): StoredBlock[] {
  const count = blockCount(result.pairs.areaCount, blockAreas);
  const changed = new Uint8Array(count);
  for (let q = 0; q < affectedAreas.length; q++) changed[Math.floor(affectedAreas[q] / blockAreas)] = 1;
  const blocks: StoredBlock[] = [];
  for (let b = 0; b < count; b++) {
    if (!changed[b] && basisHashes[b]) {
      blocks.push({ index: b, hash: basisHashes[b] });
      continue;
    }
    const data = encodeBlock(result, b, blockAreas);
    blocks.push({ index: b, hash: hashOf(data), data });
  }
  return blocks;
}

/**
 * Per location: the first and the last demand area it draws from (first >
 * last when it draws from none), so a location's read fetches only the
 * blocks in between.
 */
export function locationReach(result: Pick<ScenarioResult, 'pairs' | 'probability'>): Uint32Array {
  const { offsets, location, areaCount, locationCount } = result.pairs;
  const reach = new Uint32Array(2 * locationCount);
  for (let j = 0; j < locationCount; j++) reach[2 * j] = 0xffffffff;
  for (let i = 0; i < areaCount; i++) {
    for (let k = offsets[i]; k < offsets[i + 1]; k++) {
      if (!(result.probability[k] > 0)) continue;
      const j = location[k];
      if (reach[2 * j] === 0xffffffff) reach[2 * j] = i;
      reach[2 * j + 1] = i;
    }
  }
  for (let j = 0; j < locationCount; j++)
    if (reach[2 * j] === 0xffffffff) {
      reach[2 * j] = 1;
      reach[2 * j + 1] = 0;
    }
  return reach;
}

/** A decoded block: its areas' kept pairs. */
export interface DecodedBlock {
  areaCount: number;
  /** Kept pairs of the block's area i are q = offsets[i] .. offsets[i+1]-1. */
  offsets: Uint32Array;
  /** Per area: the sum of its kept utilities (utility = probability x sum). */
  keptSum: Float64Array;
  location: Uint16Array | Uint32Array;
  probability: Float32Array;
  /** Hundredths of a minute; NO_MINUTES where the mode does not reach. */
  minutesCar: Uint16Array;
  minutesPedestrian: Uint16Array;
  bytes: number;
}

export function decodeBlock(bytes: Uint8Array): DecodedBlock {
  const buffer = aligned(bytes);
  const [n, m, width] = new Uint32Array(buffer, 0, 3);
  const wide = width === 4;
  const at = layout(n, m, wide);
  if (at.bytes !== buffer.byteLength) throw new Error(`a stored result block has ${buffer.byteLength} bytes, its header says ${at.bytes}`);
  return {
    areaCount: n,
    offsets: new Uint32Array(buffer, at.offsetsAt, n + 1),
    keptSum: new Float64Array(buffer, at.sumsAt, n),
    probability: new Float32Array(buffer, at.probabilityAt, m),
    location: wide ? new Uint32Array(buffer, at.locationAt, m) : new Uint16Array(buffer, at.locationAt, m),
    minutesCar: new Uint16Array(buffer, at.carAt, m),
    minutesPedestrian: new Uint16Array(buffer, at.pedestrianAt, m),
    bytes: buffer.byteLength,
  };
}

/** Stored minutes back as minutes, null where the mode does not reach. */
export const minutesOf = (stored: number): number | null => (stored === NO_MINUTES ? null : stored / MINUTES_SCALE);

export interface LocationArrays {
  active: Uint8Array;
  attractiveness: Float64Array;
  output: Float64Array;
}
