// The stored form of a calculation result. Per-location and per-area arrays
// are kept as little-endian typed arrays; the candidate pairs are cut into
// blocks of consecutive demand areas, each stored once under the sha-1 of its
// bytes. Decay and flow are not stored: both follow exactly from what is
// (decay from the minutes and the parameters, flow = D_i * P_ij), so a
// restored result equals the calculated one bit for bit and can be the basis
// of the next incremental calculation. Used by the engine thread and the API.
import { createHash } from 'node:crypto';
import { scenarioResult, type CandidatePairs, type ModelParameters, type ScenarioResult } from '@locus/engine';

/** Demand areas per block: a one-store change touches a few blocks of a national model. */
export const BLOCK_AREAS = 256;

export interface StoredBlock {
  index: number;
  hash: Uint8Array;
  /** The bytes; absent when the block is unchanged from the basis (already stored). */
  data?: Uint8Array;
}

/** The pairs and probabilities, without decay and flow, with the demand areas' ids and demand. */
export interface PairState {
  pairs: CandidatePairs;
  probability: Float64Array;
  /** Per demand area: its id (table area) and D_i. */
  areaIds: Float64Array;
  demand: Float64Array;
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
export const uint8Of = (bytes: Uint8Array) => new Uint8Array(aligned(bytes));

export function blockCount(areaCount: number, blockAreas = BLOCK_AREAS): number {
  return Math.ceil(areaCount / blockAreas);
}

/**
 * One block: a header (area count n, pair count m), the n+1 offsets relative
 * to the block, the location (Uint32) of its m pairs, then the area ids and
 * demand of its n areas and the minutes by car, minutes on foot and
 * probability of its m pairs (Float64).
 */
export function encodeBlock(state: PairState, index: number, blockAreas = BLOCK_AREAS): Uint8Array {
  const { offsets, location, minutesCar, minutesPedestrian } = state.pairs;
  const from = index * blockAreas;
  const to = Math.min(state.pairs.areaCount, from + blockAreas);
  const n = to - from;
  const k0 = offsets[from];
  const m = offsets[to] - k0;
  const headerBytes = 8 + 4 * (n + 1);
  const locationBytes = 4 * m;
  // Float64 sections start on a multiple of 8.
  const floatsAt = Math.ceil((headerBytes + locationBytes) / 8) * 8;
  const buffer = new ArrayBuffer(floatsAt + 16 * n + 24 * m);
  const header = new Uint32Array(buffer, 0, 2 + n + 1);
  header[0] = n;
  header[1] = m;
  for (let i = 0; i <= n; i++) header[2 + i] = offsets[from + i] - k0;
  new Uint32Array(buffer, headerBytes, m).set(location.subarray(k0, k0 + m));
  const floats = new Float64Array(buffer, floatsAt);
  floats.set(state.areaIds.subarray(from, to), 0);
  floats.set(state.demand.subarray(from, to), n);
  floats.set(minutesCar.subarray(k0, k0 + m), 2 * n);
  floats.set(minutesPedestrian.subarray(k0, k0 + m), 2 * n + m);
  floats.set(state.probability.subarray(k0, k0 + m), 2 * n + 2 * m);
  return new Uint8Array(buffer);
}

export function hashOf(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha1').update(data).digest());
}

/** Every block of a result (a full calculation). */
export function encodeAllBlocks(state: PairState, blockAreas = BLOCK_AREAS): StoredBlock[] {
  const blocks: StoredBlock[] = [];
  for (let b = 0; b < blockCount(state.pairs.areaCount, blockAreas); b++) {
    const data = encodeBlock(state, b, blockAreas);
    blocks.push({ index: b, hash: hashOf(data), data });
  }
  return blocks;
}

/** After an incremental calculation: blocks holding an affected area are new, the others keep the basis's hash. */
export function encodeChangedBlocks(state: PairState, affectedAreas: ArrayLike<number>, basisHashes: readonly Uint8Array[], blockAreas = BLOCK_AREAS): StoredBlock[] {
  const count = blockCount(state.pairs.areaCount, blockAreas);
  const changed = new Uint8Array(count);
  for (let q = 0; q < affectedAreas.length; q++) changed[Math.floor(affectedAreas[q] / blockAreas)] = 1;
  const blocks: StoredBlock[] = [];
  for (let b = 0; b < count; b++) {
    if (!changed[b] && basisHashes[b]) {
      blocks.push({ index: b, hash: basisHashes[b] });
      continue;
    }
    const data = encodeBlock(state, b, blockAreas);
    blocks.push({ index: b, hash: hashOf(data), data });
  }
  return blocks;
}

/** Joins the blocks (in order) back into the pair arrays. */
export function decodeBlocks(blocks: readonly Uint8Array[], areaCount: number, locationCount: number): PairState {
  const views = blocks.map((bytes) => {
    const buffer = aligned(bytes);
    const head = new Uint32Array(buffer, 0, 2);
    return { buffer, n: head[0], m: head[1] };
  });
  const total = views.reduce((s, v) => s + v.m, 0);
  const offsets = new Uint32Array(areaCount + 1);
  const location = new Uint32Array(total);
  const minutesCar = new Float64Array(total);
  const minutesPedestrian = new Float64Array(total);
  const probability = new Float64Array(total);
  const areaIds = new Float64Array(areaCount);
  const demand = new Float64Array(areaCount);
  let area = 0;
  let k = 0;
  for (const { buffer, n, m } of views) {
    const local = new Uint32Array(buffer, 8, n + 1);
    for (let i = 1; i <= n; i++) offsets[area + i] = k + local[i];
    const headerBytes = 8 + 4 * (n + 1);
    const floatsAt = Math.ceil((headerBytes + 4 * m) / 8) * 8;
    location.set(new Uint32Array(buffer, headerBytes, m), k);
    const floats = new Float64Array(buffer, floatsAt, 2 * n + 3 * m);
    areaIds.set(floats.subarray(0, n), area);
    demand.set(floats.subarray(n, 2 * n), area);
    minutesCar.set(floats.subarray(2 * n, 2 * n + m), k);
    minutesPedestrian.set(floats.subarray(2 * n + m, 2 * n + 2 * m), k);
    probability.set(floats.subarray(2 * n + 2 * m), k);
    area += n;
    k += m;
  }
  if (area !== areaCount) throw new Error(`stored blocks hold ${area} areas, the result ${areaCount}`);
  return { pairs: { areaCount, locationCount, offsets, location, minutesCar, minutesPedestrian }, probability, areaIds, demand };
}

export interface LocationArrays {
  active: Uint8Array;
  attractiveness: Float64Array;
  output: Float64Array;
}

/** A restored result with the ids of its demand areas. */
export type StoredResult = ScenarioResult & { areaIds: Float64Array };

/** A full ScenarioResult from the stored state: decay (from the minutes) and flow (D_i * P_ij) derived when first read. */
export function restoreResult(state: PairState, arrays: LocationArrays, parameters: ModelParameters, fallbacks?: ScenarioResult['fallbacks']): StoredResult {
  const { pairs, probability } = state;
  return scenarioResult({
    parameters,
    pairs,
    probability,
    active: arrays.active,
    attractiveness: arrays.attractiveness,
    output: arrays.output,
    demand: state.demand,
    fallbacks: fallbacks ?? { attractiveness: [], demand: [] },
    areaIds: state.areaIds,
  });
}
