// Stored results of calculations (migrations 004, 007 and 008): scenario_result (per
// scenario and sub-model: the per-location and per-area arrays, from which
// the locations' outputs are read too) and its pair blocks (stored once per
// content, see result-codec.ts).
// Saving writes only blocks the database does not hold yet; reads fetch only
// the blocks they need (an area's block, the blocks a location draws from).
//
// New blocks are written before the storing transaction with COPY in the
// binary format (Database.copyBinary), a slice of about a megabyte per
// statement, so requests waiting on the database are answered between them;
// the embedded database in a data folder keeps the bytes in files instead
// (block-files.ts), the rows with the hashes only.
// Elsewhere block bytes cross the driver as base64 text (decode/encode in
// SQL): the embedded database's bytea parameters and values go through a hex
// text form built and parsed in JavaScript, some ten times slower for megabytes.
import type { ModelParameters, ScenarioResult } from '@locus/engine';
import { binaryCopy, copyField, type Database, type Queryable, type Transaction } from '../db/database.js';
import type { TaskResult } from '../processing/jobs.js';
import { blockFolder, readBlockFiles, removeBlockFiles, writeBlockFiles } from '../processing/block-files.js';
import {
  BLOCK_AREAS,
  bytesOf,
  decodeBlock,
  float64Of,
  hexOf,
  int32Of,
  uint32Of,
  uint8Of,
  type DecodedBlock,
  type LocationArrays,
  type StoredBlock,
} from '../processing/result-codec.js';

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
  /** Per demand area (calculation order, i.e. id order): its id and its demand D_i. */
  areaIds: Float64Array;
  demand: Float64Array;
  /** Per location: the first and last demand area it draws from (first > last: none). */
  reach: Uint32Array;
  fallbacks: ScenarioResult['fallbacks'];
}

interface SummaryRow {
  scenario_id: number;
  sub_model_id: number;
  version: string;
  basis_key: string;
  computed_at: Date;
  output_type: number;
  parameters: ModelParameters;
  area_set_id: number | null;
  area_count: number;
  location_count: number;
  pair_count: number;
  block_areas: number;
  location_ids: Uint8Array;
  location_inputs: Uint8Array;
  active: Uint8Array;
  attractiveness: Uint8Array;
  output: Uint8Array;
  area_ids: Uint8Array;
  demand: Uint8Array;
  reach: Uint8Array;
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
  areaIds: float64Of(r.area_ids),
  demand: float64Of(r.demand),
  reach: uint32Of(r.reach),
  fallbacks: r.fallbacks ?? { attractiveness: [], demand: [] },
});

/** The byte arrays of a summary come as base64 text (see the head of this file), the rest as they are. */
const BYTE_COLUMNS = ['location_ids', 'location_inputs', 'active', 'attractiveness', 'output', 'area_ids', 'demand', 'reach'] as const;
const SUMMARY_COLUMNS = `scenario_id, sub_model_id, version, basis_key, computed_at, output_type, parameters, area_set_id, area_count, location_count,
  pair_count, block_areas, fallbacks, ${BYTE_COLUMNS.map((c) => `encode(${c}, 'base64') AS ${c}`).join(', ')}`;

type SummaryText = Omit<SummaryRow, (typeof BYTE_COLUMNS)[number]> & Record<(typeof BYTE_COLUMNS)[number], string>;

function summaryOf(row: SummaryText): ResultSummary {
  const bytes = Object.fromEntries(BYTE_COLUMNS.map((c) => [c, Buffer.from(row[c], 'base64')]));
  return toSummary({ ...row, ...bytes } as unknown as SummaryRow);
}

/** The version of a scenario's stored result for a sub-model (a new one with every calculation); undefined when none is stored. */
export async function resultVersion(db: Queryable, scenarioId: number, subModelId: number): Promise<string | undefined> {
  return (await db.query<{ version: string }>('SELECT version FROM scenario_result WHERE scenario_id = $1 AND sub_model_id = $2', [scenarioId, subModelId]))
    .rows[0]?.version;
}

export async function loadSummary(db: Queryable, scenarioId: number, subModelId: number): Promise<ResultSummary | undefined> {
  const row = (
    await db.query<SummaryText>(`SELECT ${SUMMARY_COLUMNS} FROM scenario_result WHERE scenario_id = $1 AND sub_model_id = $2`, [scenarioId, subModelId])
  ).rows[0];
  return row && summaryOf(row);
}

/** What choosing a basis reads of a stored result (basis.ts): no per-area arrays. */
export type BasisSummary = Pick<ResultSummary, 'scenarioId' | 'subModelId' | 'version' | 'basisKey' | 'areaCount' | 'locationIds' | 'locationInputs'>;

/**
 * The results of these scenarios and sub-models that may serve as a basis,
 * in the order of `scenarioIds` (then sub-model id), with only what the
 * choice needs: one statement, a fraction of the whole summaries' bytes.
 */
export async function loadBasisCandidates(db: Queryable, scenarioIds: number[], subModelIds: number[]): Promise<BasisSummary[]> {
  if (!scenarioIds.length || !subModelIds.length) return [];
  const { rows } = await db.query<{
    scenario_id: number;
    sub_model_id: number;
    version: string;
    basis_key: string;
    area_count: number;
    location_ids: string;
    location_inputs: string;
  }>(
    `SELECT scenario_id, sub_model_id, version, basis_key, area_count,
            encode(location_ids, 'base64') AS location_ids, encode(location_inputs, 'base64') AS location_inputs
       FROM scenario_result WHERE scenario_id = ANY($1::int[]) AND sub_model_id = ANY($2::int[])
      ORDER BY array_position($1::int[], scenario_id), sub_model_id`,
    [scenarioIds, subModelIds],
  );
  return rows.map((r) => ({
    scenarioId: r.scenario_id,
    subModelId: r.sub_model_id,
    version: r.version,
    basisKey: r.basis_key,
    areaCount: r.area_count,
    locationIds: int32Of(Buffer.from(r.location_ids, 'base64')),
    locationInputs: uint8Of(Buffer.from(r.location_inputs, 'base64')),
  }));
}

export interface LocationOutput {
  output: number;
  attractiveness: number;
}

/**
 * The output and attractiveness per location id of a stored result: of the
 * given sub-model, or of the model's first (the default) when null. Locations
 * kept only for the calculation order (deleted since, stored as -id) are left
 * out. `locationId`: only that location. Empty when nothing is stored.
 */
export async function loadLocationOutputs(
  db: Queryable,
  scenarioId: number,
  subModelId: number | null,
  locationId?: number,
): Promise<Map<number, LocationOutput>> {
  const row = (
    await db.query<{ location_ids: string; output: string; attractiveness: string }>(
      `SELECT encode(r.location_ids, 'base64') AS location_ids, encode(r.output, 'base64') AS output, encode(r.attractiveness, 'base64') AS attractiveness
       FROM scenario_result r
      WHERE r.scenario_id = $1 AND r.sub_model_id = COALESCE($2::int, (
        SELECT d.id FROM sub_model d JOIN scenario s ON s.model_id = d.model_id WHERE s.id = $1 ORDER BY d.sort_order, d.id LIMIT 1))`,
      [scenarioId, subModelId],
    )
  ).rows[0];
  const outputs = new Map<number, LocationOutput>();
  if (!row) return outputs;
  const ids = int32Of(Buffer.from(row.location_ids, 'base64'));
  const output = float64Of(Buffer.from(row.output, 'base64'));
  const attractiveness = float64Of(Buffer.from(row.attractiveness, 'base64'));
  for (let j = 0; j < ids.length; j++) {
    if (ids[j] <= 0 || (locationId !== undefined && ids[j] !== locationId)) continue;
    outputs.set(ids[j], { output: output[j], attractiveness: attractiveness[j] });
  }
  return outputs;
}

/** The sub-model a read without one shows: the model's first (sort order, id). */
const DEFAULT_SUB_MODEL = `(SELECT d.id FROM sub_model d JOIN scenario s ON s.model_id = d.model_id WHERE s.id = $1 ORDER BY d.sort_order, d.id LIMIT 1)`;

/** The version of a scenario's stored result for its default sub-model, if any (one small read). */
export async function defaultResultVersion(db: Queryable, scenarioId: number): Promise<string | undefined> {
  return (
    await db.query<{ version: string }>(`SELECT version FROM scenario_result WHERE scenario_id = $1 AND sub_model_id = ${DEFAULT_SUB_MODEL}`, [scenarioId])
  ).rows[0]?.version;
}

/** The output per location of a scenario's stored result for its default sub-model, with that result's version. */
export async function loadDefaultOutputs(db: Queryable, scenarioId: number): Promise<{ version: string; outputs: Map<number, number> } | undefined> {
  const row = (
    await db.query<{ version: string; location_ids: string; output: string }>(
      `SELECT version, encode(location_ids, 'base64') AS location_ids, encode(output, 'base64') AS output
         FROM scenario_result WHERE scenario_id = $1 AND sub_model_id = ${DEFAULT_SUB_MODEL}`,
      [scenarioId],
    )
  ).rows[0];
  if (!row) return undefined;
  const ids = int32Of(Buffer.from(row.location_ids, 'base64'));
  const output = float64Of(Buffer.from(row.output, 'base64'));
  const outputs = new Map<number, number>();
  for (let j = 0; j < ids.length; j++) if (ids[j]! > 0) outputs.set(ids[j]!, output[j]!);
  return { version: row.version, outputs };
}

export interface BlockBytes {
  index: number;
  hash: Uint8Array;
  data: Uint8Array;
}

/**
 * The hashes of a result's blocks from..to (inclusive), while the result is
 * still the summary's version; undefined when it was replaced meanwhile.
 */
export async function loadBlockHashes(
  db: Queryable,
  summary: ResultSummary,
  from: number,
  to: number,
): Promise<Array<{ index: number; hash: Uint8Array }> | undefined> {
  const { rows } = await db.query<{ block_index: number; hash: Uint8Array }>(
    `SELECT b.block_index, b.hash FROM scenario_result_block b
      JOIN scenario_result s ON s.scenario_id = b.scenario_id AND s.sub_model_id = b.sub_model_id AND s.version = $5
      WHERE b.scenario_id = $1 AND b.sub_model_id = $2 AND b.block_index BETWEEN $3 AND $4 ORDER BY b.block_index`,
    [summary.scenarioId, summary.subModelId, from, to, summary.version],
  );
  if (rows.length !== to - from + 1) return undefined;
  return rows.map((r) => ({ index: r.block_index, hash: new Uint8Array(r.hash) }));
}

/** The block hashes of a scenario's stored results for these sub-models, by sub-model and block. */
export async function resultBlockHashes(db: Queryable, scenarioId: number, subModelIds: number[]): Promise<{ sub_model_id: number; hash: Uint8Array }[]> {
  return (
    await db.query<{ sub_model_id: number; hash: Uint8Array }>(
      'SELECT sub_model_id, hash FROM scenario_result_block WHERE scenario_id = $1 AND sub_model_id = ANY($2) ORDER BY sub_model_id, block_index',
      [scenarioId, subModelIds],
    )
  ).rows;
}

/** The bytes of blocks by hash (one statement; from their files where the rows hold none, see block-files.ts). */
export async function loadBlockData(db: Queryable & { folder?: string }, hashes: readonly Uint8Array[]): Promise<Map<string, Uint8Array>> {
  const found = new Map<string, Uint8Array>();
  if (!hashes.length) return found;
  const { rows } = await db.query<{ hash: Uint8Array; data: string | null }>(
    `SELECT hash, encode(data, 'base64') AS data FROM result_block WHERE hash = ANY($1)`,
    [hashes.map((h) => Buffer.from(h))],
  );
  const inFiles: string[] = [];
  for (const r of rows) {
    if (r.data === null) inFiles.push(hexOf(r.hash));
    else found.set(hexOf(r.hash), Buffer.from(r.data, 'base64'));
  }
  const folder = blockFolder(db);
  if (inFiles.length && folder) for (const [hex, data] of await readBlockFiles(folder, inFiles)) found.set(hex, data);
  return found;
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
  /** The demand areas' ids in calculation order (empty for a score model). */
  areaIds: Float64Array;
}

/** Bytes of block data per statement: few statements, each short enough that requests waiting on the database are answered between them. */
export const SLICE_BYTES = 1 << 20;

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes one slice of blocks: with COPY when `bulk` is given (the bytes cross
 * as they are), else or when a block was written meanwhile by another
 * calculation (COPY then writes nothing) as one INSERT that skips blocks present.
 */
async function writeSlice(db: Queryable, slice: readonly StoredBlock[], bulk?: Database): Promise<number> {
  if (bulk) {
    try {
      return await bulk.copyBinary('result_block', ['hash', 'data'], binaryCopy(slice.map((b) => [b.hash, b.data!])));
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    }
  }
  const r = await db.query(
    `INSERT INTO result_block (hash, data) SELECT h, decode(d, 'base64') FROM unnest($1::bytea[], $2::text[]) AS t(h, d)
     ON CONFLICT (hash) DO NOTHING`,
    [slice.map((b) => Buffer.from(b.hash)), slice.map((b) => bytesOf(b.data!).toString('base64'))],
  );
  return r.rowCount;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Writes the given blocks the database does not hold yet, in slices of about
 * SLICE_BYTES, one statement each (COPY with `bulk`, outside a transaction).
 * With a block folder (block-files.ts) the bytes go to files and the rows
 * are inserted with one statement.
 */
async function insertBlocks(
  db: Queryable,
  blocks: readonly StoredBlock[],
  options: { folder?: string; bulk?: Database; between?: () => Promise<void> } = {},
): Promise<number> {
  const unique = new Map<string, StoredBlock>();
  for (const b of blocks) if (b.data && !unique.has(hexOf(b.hash))) unique.set(hexOf(b.hash), b);
  if (!unique.size) return 0;
  const present = new Set(
    (
      await db.query<{ hash: Uint8Array }>('SELECT hash FROM result_block WHERE hash = ANY($1)', [[...unique.values()].map((b) => Buffer.from(b.hash))])
    ).rows.map((x) => hexOf(x.hash)),
  );
  const missing = [...unique.entries()].filter(([hex]) => !present.has(hex)).map(([, b]) => b);
  if (options.folder) {
    if (!missing.length) return 0;
    // The files first: a row never names a missing file.
    await writeBlockFiles(
      options.folder,
      missing.map((b) => ({ hex: hexOf(b.hash), data: b.data! })),
    );
    return (
      await db.query(`INSERT INTO result_block (hash, data) SELECT h, NULL FROM unnest($1::bytea[]) AS t(h) ON CONFLICT (hash) DO NOTHING`, [
        missing.map((b) => Buffer.from(b.hash)),
      ])
    ).rowCount;
  }
  let written = 0;
  for (let from = 0; from < missing.length;) {
    let to = from;
    let bytes = 0;
    while (to < missing.length && (to === from || bytes + missing[to].data!.byteLength <= SLICE_BYTES)) bytes += missing[to++].data!.byteLength;
    if (from > 0 && options.between) await options.between();
    written += await writeSlice(db, missing.slice(from, to), options.bulk);
    from = to;
  }
  return written;
}

/**
 * Writes new blocks of a calculation before its storing transaction (those
 * the database does not hold yet; COPY, a statement per SLICE_BYTES).
 * Blocks are content-addressed and nothing refers to them yet, so a
 * calculation that fails afterwards leaves only blocks the next collection removes.
 */
export async function storeNewBlocks(db: Database, blocks: readonly StoredBlock[]): Promise<number> {
  return insertBlocks(db, blocks, { folder: blockFolder(db), bulk: db, between: yieldTurn });
}

/**
 * Stores one sub-model's result, replacing the scenario's previous one. Runs
 * inside the storing transaction, after storeNewBlocks; a block a collection
 * removed meanwhile is written again here.
 * `concurrent`: other processes share the database (PostgreSQL), so the
 * blocks this result refers to are locked against removal; otherwise (the
 * embedded database) its statements are sent without waiting for each answer. `folder`: the database's
 * block files (block-files.ts).
 */
export async function saveResult(
  tx: Transaction,
  input: SaveInput,
  options: { concurrent: boolean; folder?: string },
): Promise<{ newBlocks: number; replacedHashes: Uint8Array[] }> {
  const r = input.result;
  const hashes = r.blocks.map((b) => Buffer.from(b.hash));
  if (options.concurrent && hashes.length) await tx.query('SELECT 1 FROM result_block WHERE hash = ANY($1) FOR SHARE', [hashes]);
  // Normally none: storeNewBlocks wrote them. Blocks of the basis (sent without bytes) are stored already.
  const newBlocks = await insertBlocks(tx, r.blocks, { folder: options.folder });
  // One row with COPY: its arrays (some hundred kilobytes) cross as bytes, not as text to decode.
  const row = binaryCopy([
    [
      input.scenarioId,
      r.subModelId,
      copyField.text(r.version),
      copyField.text(input.basisKey),
      input.derivedFrom === null ? null : copyField.text(input.derivedFrom),
      copyField.int2(r.outputType),
      input.areaSetId,
      r.areaCount,
      r.locationCount,
      r.pairCount,
      BLOCK_AREAS,
      copyField.jsonb(r.fallbacks),
      copyField.jsonb(input.parameters),
      ...[
        input.locationIds,
        input.locationInputs,
        r.active,
        r.attractiveness,
        r.output,
        r.areaCount ? input.areaIds : new Float64Array(0),
        r.demand,
        r.reach,
      ].map(bytesOf),
    ],
  ]);
  // The embedded database: the statements below are sent at once and run in order in the transaction (its thread
  // runs one statement after the other), so the transaction does not wait for this thread between them; every
  // other statement waits while it is open. PostgreSQL: one after the other (pg refuses queued queries from 9.0).
  let previous: Promise<unknown> = Promise.resolve();
  const next = <T>(run: () => Promise<T>): Promise<T> => {
    const sent = options.concurrent ? previous.then(run) : run();
    previous = sent.catch(() => undefined);
    return sent;
  };
  const replacedRead = next(() =>
    tx.query<{ hash: Uint8Array }>('SELECT hash FROM scenario_result_block WHERE scenario_id = $1 AND sub_model_id = $2', [input.scenarioId, r.subModelId]),
  );
  const removed = next(() => tx.query('DELETE FROM scenario_result WHERE scenario_id = $1 AND sub_model_id = $2', [input.scenarioId, r.subModelId]));
  const copied = next(() => tx.copyBinary('scenario_result', RESULT_COLUMNS, row));
  // After the row it refers to (a COPY may reach the connection later than a statement sent after it).
  const linked = hashes.length
    ? copied.then(() =>
        tx.query(
          `INSERT INTO scenario_result_block (scenario_id, sub_model_id, block_index, hash)
       SELECT $1, $2, i - 1, h FROM unnest($3::bytea[]) WITH ORDINALITY AS t(h, i)`,
          [input.scenarioId, r.subModelId, hashes],
        ),
      )
    : undefined;
  // Every one is awaited (a failure of any fails the transaction, none is left unhandled).
  const [replaced] = await Promise.all([replacedRead, removed, copied, linked]);
  return { newBlocks, replacedHashes: replaced.rows.map((x) => new Uint8Array(x.hash)) };
}

/** The columns saveResult writes (computed_at takes its default, the transaction's time). */
const RESULT_COLUMNS = [
  'scenario_id',
  'sub_model_id',
  'version',
  'basis_key',
  'derived_from',
  'output_type',
  'area_set_id',
  'area_count',
  'location_count',
  'pair_count',
  'block_areas',
  'fallbacks',
  'parameters',
  'location_ids',
  'location_inputs',
  'active',
  'attractiveness',
  'output',
  'area_ids',
  'demand',
  'reach',
];

/**
 * Removes blocks no result refers to any more (after a result was replaced,
 * or scenarios were deleted), and then their files (block-files.ts).
 */
export async function collectBlocks(db: Queryable & { folder?: string }, candidates?: Uint8Array[]): Promise<number> {
  let removed: string[];
  try {
    const r = candidates
      ? await db.query<{ hash: Uint8Array }>(
          `DELETE FROM result_block r WHERE r.hash = ANY($1)
            AND NOT EXISTS (SELECT 1 FROM scenario_result_block b WHERE b.hash = r.hash) RETURNING r.hash`,
          [candidates.map((h) => Buffer.from(h))],
        )
      : await db.query<{ hash: Uint8Array }>(
          'DELETE FROM result_block r WHERE NOT EXISTS (SELECT 1 FROM scenario_result_block b WHERE b.hash = r.hash) RETURNING r.hash',
        );
    removed = r.rows.map((x) => hexOf(x.hash));
  } catch {
    // Another worker referred to a block meanwhile (the foreign key refused the delete): it stays, and a later pass retries.
    return 0;
  }
  await removeBlockFiles(db, removed);
  return removed.length;
}

/**
 * Decoded blocks by content hash, shared by every reader of the process (a
 * block's bytes never change under its hash), bounded by their bytes. The
 * calculation puts the blocks it stored here, so the first reads after it
 * decode nothing from the database.
 */
class BlockCache {
  private entries = new Map<string, DecodedBlock>();
  private bytes = 0;
  constructor(private readonly capacity: number) {}
  get(hex: string): DecodedBlock | undefined {
    const hit = this.entries.get(hex);
    if (hit) {
      this.entries.delete(hex);
      this.entries.set(hex, hit);
    }
    return hit;
  }
  set(hex: string, block: DecodedBlock) {
    const old = this.entries.get(hex);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(hex);
    }
    this.entries.set(hex, block);
    this.bytes += block.bytes;
    for (const [key, value] of this.entries) {
      if (this.bytes <= this.capacity) break;
      this.entries.delete(key);
      this.bytes -= value.bytes;
    }
  }
  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}

/**
 * 16 MB of decoded blocks: the hot part of a few national results (a store's
 * catchment reads some tens of blocks); a block not kept is read from its
 * file or row again in well under a millisecond.
 */
export const blockCache = new BlockCache(16 << 20);

/** Hash lists of recent result versions (the blocks in order). */
const hashLists = new Map<string, Uint8Array[]>();
const HASH_LISTS = 64;

function rememberHashes(version: string, hashes: Uint8Array[]) {
  hashLists.delete(version);
  hashLists.set(version, hashes);
  while (hashLists.size > HASH_LISTS) hashLists.delete(hashLists.keys().next().value as string);
}

/** After storing: the new blocks decoded into the cache, and the result's hash list, so reads start warm. */
export function rememberResult(result: TaskResult) {
  if (!result.blocks.length) return;
  for (const b of result.blocks) if (b.data) blockCache.set(hexOf(b.hash), decodeBlock(b.data));
  rememberHashes(
    result.version,
    result.blocks.map((b) => b.hash),
  );
}

/**
 * Blocks from..to (inclusive) of a stored result, decoded: from the cache,
 * the rest read in one statement. Undefined when the result was replaced
 * (it is no longer the summary's version).
 */
export async function loadBlocks(db: Queryable & { folder?: string }, summary: ResultSummary, from: number, to: number): Promise<DecodedBlock[] | undefined> {
  const count = Math.ceil(summary.areaCount / Math.max(1, summary.blockAreas));
  from = Math.max(0, from);
  to = Math.min(count - 1, to);
  if (to < from) return [];
  let all = hashLists.get(summary.version);
  if (!all) {
    const listed = await loadBlockHashes(db, summary, 0, count - 1);
    if (!listed) return undefined;
    all = listed.map((b) => b.hash);
    rememberHashes(summary.version, all);
  }
  const wanted = all.slice(from, to + 1);
  const missing = wanted.filter((h) => !blockCache.get(hexOf(h)));
  if (missing.length) {
    const data = await loadBlockData(db, missing);
    for (const h of missing) {
      const bytes = data.get(hexOf(h));
      if (!bytes) return undefined;
      blockCache.set(hexOf(h), decodeBlock(bytes));
    }
  }
  const blocks: DecodedBlock[] = [];
  for (const h of wanted) {
    const block = blockCache.get(hexOf(h));
    // Pushed out meanwhile by a larger read: read again.
    blocks.push(block ?? decodeBlock((await loadBlockData(db, [h])).get(hexOf(h))!));
  }
  return blocks;
}

/** Forgets every decoded block and hash list (a bench measures reads that find nothing in memory). */
export function forgetDecodedBlocks() {
  blockCache.clear();
  hashLists.clear();
}
