// Results in the database (migration 004): scenario_result (per scenario and
// sub-model), its pair blocks (stored once per content) and location_output.
// Saving writes only blocks the database does not hold yet; loading joins the
// blocks back into the engine's result.
//
// Block bytes cross the driver as base64 text (decode/encode in SQL): the
// embedded database's bytea parameters and values go through a hex text form
// built and parsed in JavaScript, some ten times slower for megabytes. New
// blocks are written before the storing transaction, a slice of some
// hundred kilobytes per statement with a turn of the event loop between slices, so
// requests are answered while a large result is stored.
import type { ModelParameters, ScenarioResult } from '@locus/engine';
import type { Queryable } from '../db/database.js';
import type { TaskResult } from './jobs.js';
import { BLOCK_AREAS, bytesOf, decodeBlocks, float64Of, int32Of, restoreResult, uint8Of, type LocationArrays, type PairState, type StoredBlock, type StoredResult } from './result-codec.js';

export interface ResultSummary {
  scenarioId: number;
  subModelId: number;
  version: string;
  basisKey: string;
  computedAt: Date;
  outputType: number;
  parameters: ModelParameters;
  areaSetId: number | null;
  areaCount: number;
  locationCount: number;
  pairCount: number;
  /** Demand areas per stored block. */
  blockAreas: number;
  /** Location ids in calculation order. */
  locationIds: Int32Array;
  locationInputs: Uint8Array;
  arrays: LocationArrays;
  fallbacks: ScenarioResult['fallbacks'];
}

interface SummaryRow {
  scenario_id: number; sub_model_id: number; version: string; basis_key: string; computed_at: Date; output_type: number; parameters: ModelParameters;
  area_set_id: number | null; area_count: number; location_count: number; pair_count: number; block_areas: number; location_ids: Uint8Array;
  location_inputs: Uint8Array; active: Uint8Array; attractiveness: Uint8Array; output: Uint8Array;
  fallbacks: ScenarioResult['fallbacks'];
}

const toSummary = (r: SummaryRow): ResultSummary => ({
  scenarioId: r.scenario_id,
  subModelId: r.sub_model_id,
  version: r.version,
  basisKey: r.basis_key,
  computedAt: r.computed_at,
  outputType: r.output_type,
  parameters: r.parameters,
  areaSetId: r.area_set_id,
  areaCount: r.area_count,
  locationCount: r.location_count,
  pairCount: r.pair_count,
  blockAreas: r.block_areas,
  locationIds: int32Of(r.location_ids),
  locationInputs: uint8Of(r.location_inputs),
  arrays: { active: uint8Of(r.active), attractiveness: float64Of(r.attractiveness), output: float64Of(r.output) },
  fallbacks: r.fallbacks ?? { attractiveness: [], demand: [] },
});

export async function loadSummary(db: Queryable, scenarioId: number, subModelId: number): Promise<ResultSummary | undefined> {
  const row = (await db.query<SummaryRow>('SELECT * FROM scenario_result WHERE scenario_id = $1 AND sub_model_id = $2', [scenarioId, subModelId])).rows[0];
  return row && toSummary(row);
}

/** The summaries of several scenarios for one sub-model (candidates for a basis). */
export async function loadSummaries(db: Queryable, scenarioIds: number[], subModelId: number): Promise<ResultSummary[]> {
  if (!scenarioIds.length) return [];
  const { rows } = await db.query<SummaryRow>('SELECT * FROM scenario_result WHERE scenario_id = ANY($1) AND sub_model_id = $2', [scenarioIds, subModelId]);
  return rows.map(toSummary);
}

export async function loadBlockHashes(db: Queryable, scenarioId: number, subModelId: number): Promise<Uint8Array[]> {
  const { rows } = await db.query<{ hash: Uint8Array }>(
    'SELECT hash FROM scenario_result_block WHERE scenario_id = $1 AND sub_model_id = $2 ORDER BY block_index', [scenarioId, subModelId]);
  return rows.map((r) => new Uint8Array(r.hash));
}

/** Blocks read per statement (some hundreds of kilobytes), so other requests get their turn between reads. */
const BLOCKS_PER_READ = 4;

/**
 * The pairs of a stored result, read a slice of blocks at a time. Each slice
 * reads only while the result is still the summary's version; should the
 * result be replaced between slices, the read starts over on the new blocks'
 * absence (an error after three tries), so slices of two versions never mix.
 */
export async function loadPairState(db: Queryable, summary: ResultSummary): Promise<{ state: PairState; blockHashes: Uint8Array[] }> {
  const blocks = Math.ceil(summary.areaCount / Math.max(1, summary.blockAreas));
  for (let attempt = 0; attempt < 3; attempt++) {
    const data: Buffer[] = [];
    const blockHashes: Uint8Array[] = [];
    for (let from = 0; from < blocks; from += BLOCKS_PER_READ) {
      if (from > 0) await yieldTurn();
      const { rows } = await db.query<{ hash: Uint8Array; data: string }>(
        `SELECT b.hash, encode(r.data, 'base64') AS data FROM scenario_result_block b JOIN result_block r ON r.hash = b.hash
          JOIN scenario_result s ON s.scenario_id = b.scenario_id AND s.sub_model_id = b.sub_model_id AND s.version = $5
          WHERE b.scenario_id = $1 AND b.sub_model_id = $2 AND b.block_index >= $3 AND b.block_index < $4 ORDER BY b.block_index`,
        [summary.scenarioId, summary.subModelId, from, from + BLOCKS_PER_READ, summary.version]);
      if (rows.length !== Math.min(BLOCKS_PER_READ, blocks - from)) break;
      for (const r of rows) {
        data.push(Buffer.from(r.data, 'base64'));
        blockHashes.push(new Uint8Array(r.hash));
      }
    }
    if (data.length === blocks) return { state: decodeBlocks(data, summary.areaCount, summary.locationCount), blockHashes };
  }
  throw new Error(`the result of scenario ${summary.scenarioId} was replaced while it was read`);
}

/**
 * Only the block of a result that holds the demand area with this id (an
 * area read needs no more): the area's position among the set's areas (they
 * are calculated in id order) gives the block, whose stored area ids confirm
 * it. Undefined when the area set changed since, or the area is not in it.
 */
export async function loadAreaPart(db: Queryable, summary: ResultSummary, areaId: number): Promise<{ result: StoredResult; index: number } | undefined> {
  if (summary.areaSetId === null || summary.areaCount === 0) return undefined;
  const position = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM area WHERE area_set_id = $1 AND id < $2', [summary.areaSetId, areaId])).rows[0]?.n;
  if (position === undefined || position >= summary.areaCount) return undefined;
  const blockAreas = summary.blockAreas;
  const block = Math.floor(position / blockAreas);
  const row = (await db.query<{ data: string }>(
    `SELECT encode(r.data, 'base64') AS data FROM scenario_result_block b JOIN result_block r ON r.hash = b.hash
      WHERE b.scenario_id = $1 AND b.sub_model_id = $2 AND b.block_index = $3`, [summary.scenarioId, summary.subModelId, block])).rows[0];
  if (!row) return undefined;
  const bytes = Buffer.from(row.data, 'base64');
  const n = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + 4))[0]!;
  const state = decodeBlocks([bytes], n, summary.locationCount);
  const index = position - block * blockAreas;
  if (state.areaIds[index] !== areaId) return undefined;
  return { result: restoreResult(state, summary.arrays, summary.parameters, summary.fallbacks), index };
}

/** The whole result as the engine made it, with its demand areas' ids. */
export async function loadResult(db: Queryable, summary: ResultSummary): Promise<StoredResult> {
  const { state } = await loadPairState(db, summary);
  return restoreResult(state, summary.arrays, summary.parameters, summary.fallbacks);
}

export interface SaveInput {
  scenarioId: number;
  result: TaskResult;
  parameters: ModelParameters;
  basisKey: string;
  derivedFrom: string | null;
  areaSetId: number | null;
  locationIds: Int32Array;
  locationInputs: Uint8Array;
}

/** Bytes of block data per INSERT statement: few statements, each short enough that requests waiting on the database are answered between them. */
export const SLICE_BYTES = 512 << 10;

const hexOf = (hash: Uint8Array) => Buffer.from(hash).toString('hex');
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Writes the given blocks the database does not hold yet, in slices of about SLICE_BYTES, one statement each. */
async function insertBlocks(db: Queryable, blocks: readonly StoredBlock[], between?: () => Promise<void>): Promise<number> {
  const unique = new Map<string, StoredBlock>();
  for (const b of blocks) if (b.data && !unique.has(hexOf(b.hash))) unique.set(hexOf(b.hash), b);
  if (!unique.size) return 0;
  const present = new Set((await db.query<{ hash: Uint8Array }>(
    'SELECT hash FROM result_block WHERE hash = ANY($1)', [[...unique.values()].map((b) => Buffer.from(b.hash))])).rows.map((x) => hexOf(x.hash)));
  const missing = [...unique.entries()].filter(([hex]) => !present.has(hex)).map(([, b]) => b);
  let written = 0;
  for (let from = 0; from < missing.length;) {
    let to = from;
    let bytes = 0;
    while (to < missing.length && (to === from || bytes + missing[to].data!.byteLength <= SLICE_BYTES)) bytes += missing[to++].data!.byteLength;
    const slice = missing.slice(from, to);
    if (from > 0 && between) await between();
    const r = await db.query(
      `INSERT INTO result_block (hash, data) SELECT h, decode(d, 'base64') FROM unnest($1::bytea[], $2::text[]) AS t(h, d)
       ON CONFLICT (hash) DO NOTHING`,
      [slice.map((b) => Buffer.from(b.hash)), slice.map((b) => bytesOf(b.data!).toString('base64'))]);
    written += r.rowCount;
    from = to;
  }
  return written;
}

/**
 * Writes the new blocks of some results before their storing transaction,
 * yielding between slices. Blocks are content-addressed and nothing refers to
 * them yet, so a calculation that fails afterwards leaves only blocks the
 * next collection removes.
 */
export async function storeBlocks(db: Queryable, results: readonly TaskResult[]): Promise<number> {
  let written = 0;
  for (const r of results) written += await insertBlocks(db, r.blocks, yieldTurn);
  return written;
}

/**
 * Stores one sub-model's result, replacing the scenario's previous one. Runs
 * inside the storing transaction, after storeBlocks. `concurrent`: other
 * processes share the database, so the blocks this result refers to are
 * locked against removal (and written again, should a collection have
 * removed one meanwhile).
 */
export async function saveResult(tx: Queryable, input: SaveInput, concurrent: boolean): Promise<{ newBlocks: number; replacedHashes: Uint8Array[] }> {
  const r = input.result;
  const hashes = r.blocks.map((b) => Buffer.from(b.hash));
  if (concurrent && hashes.length) await tx.query('SELECT 1 FROM result_block WHERE hash = ANY($1) FOR SHARE', [hashes]);
  // Normally none: storeBlocks wrote them. Blocks of the basis (sent without bytes) are stored already.
  const newBlocks = await insertBlocks(tx, r.blocks);
  const replaced = (await tx.query<{ hash: Uint8Array }>(
    'SELECT hash FROM scenario_result_block WHERE scenario_id = $1 AND sub_model_id = $2', [input.scenarioId, r.subModelId])).rows.map((x) => new Uint8Array(x.hash));
  await tx.query('DELETE FROM scenario_result WHERE scenario_id = $1 AND sub_model_id = $2', [input.scenarioId, r.subModelId]);
  await tx.query(
    `INSERT INTO scenario_result (scenario_id, sub_model_id, version, basis_key, derived_from, output_type, area_set_id, area_count,
       location_count, pair_count, block_areas, location_ids, location_inputs, active, attractiveness, output, fallbacks, parameters)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    [input.scenarioId, r.subModelId, r.version, input.basisKey, input.derivedFrom, r.outputType, input.areaSetId, r.areaCount,
      r.locationCount, r.pairCount, BLOCK_AREAS, bytesOf(input.locationIds), bytesOf(input.locationInputs), bytesOf(r.active),
      bytesOf(r.attractiveness), bytesOf(r.output), JSON.stringify(r.fallbacks), JSON.stringify(input.parameters)]);
  if (hashes.length) {
    await tx.query(
      `INSERT INTO scenario_result_block (scenario_id, sub_model_id, block_index, hash)
       SELECT $1, $2, i - 1, h FROM unnest($3::bytea[]) WITH ORDINALITY AS t(h, i)`,
      [input.scenarioId, r.subModelId, hashes]);
  }
  // Locations kept only for the calculation order (deleted since, stored as -id) have no output row.
  const ids: number[] = [];
  const outputs: number[] = [];
  const attractiveness: number[] = [];
  for (let j = 0; j < r.locationCount; j++) {
    if (input.locationIds[j] <= 0) continue;
    ids.push(input.locationIds[j]);
    outputs.push(r.output[j]);
    attractiveness.push(r.attractiveness[j]);
  }
  await tx.query(
    `INSERT INTO location_output (scenario_id, sub_model_id, location_id, output, attractiveness)
     SELECT $1, $2, unnest($3::int[]), unnest($4::float8[]), unnest($5::float8[])`,
    [input.scenarioId, r.subModelId, ids, outputs, attractiveness]);
  return { newBlocks, replacedHashes: replaced };
}

/** Removes blocks no result refers to any more (after a result was replaced, or scenarios were deleted). */
export async function collectBlocks(db: Queryable, candidates?: Uint8Array[]): Promise<number> {
  try {
    const r = candidates
      ? await db.query(
        `DELETE FROM result_block r WHERE r.hash = ANY($1)
            AND NOT EXISTS (SELECT 1 FROM scenario_result_block b WHERE b.hash = r.hash)`, [candidates.map((h) => Buffer.from(h))])
      : await db.query('DELETE FROM result_block r WHERE NOT EXISTS (SELECT 1 FROM scenario_result_block b WHERE b.hash = r.hash)');
    return r.rowCount;
  } catch {
    // Another worker referred to a block meanwhile (the foreign key refused the delete): it stays, and a later pass retries.
    return 0;
  }
}
