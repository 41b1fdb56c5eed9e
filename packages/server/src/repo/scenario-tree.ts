// The scenario tree as the scenario writes read and change it: scenario rows
// (locked for a write), descendants, children, ancestors; inserting, renaming,
// marking and removing scenarios; the lock that makes a model's writes take
// turns. Every function takes the transaction it runs in; the rules are in
// scenarios/.
import type { Queryable } from '../db/database.js';
import { settleLocationOwners } from './location-versions.js';

/** Advisory lock class of scenario writes; the second key is the model id. */
const SCENARIO_WRITE_LOCK = 727_005;

/** Makes the writes of one model take turns: held until the transaction ends. */
export async function lockModelForWrite(tx: Queryable, modelId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [SCENARIO_WRITE_LOCK, modelId]);
}

/**
 * The app_user writing: the transaction's locus.actor setting, which the
 * database records as the writer of every location version and scenario the
 * write changes (migration 014, modified_by).
 */
export async function setActor(tx: Queryable, actorId: number): Promise<void> {
  await tx.query("SELECT set_config('locus.actor', $1, true)", [String(actorId)]);
}

export interface ScenarioRecord {
  id: number;
  modelId: number;
  name: string;
  status: number;
  parentScenarioId: number | null;
  isTop: boolean;
  competition: boolean;
  modified: Date;
  /** Changes with every write to the scenario's name, flags or locations (migration 014). */
  version: number;
  /** The app_user of the last such write. */
  modifiedBy: number | null;
}

interface ScenarioRecordRow {
  id: number;
  model_id: number;
  name: string;
  status: number;
  parent_scenario_id: number | null;
  is_top: boolean;
  competition: boolean;
  modified: Date;
  version: number;
  modified_by: number | null;
}

const COLUMNS = 'id, model_id, name, status, parent_scenario_id, is_top, competition, modified, version::float8 AS version, modified_by';

const toRecord = (r: ScenarioRecordRow): ScenarioRecord => ({
  id: r.id,
  modelId: r.model_id,
  name: r.name,
  status: r.status,
  parentScenarioId: r.parent_scenario_id,
  isTop: r.is_top,
  competition: r.competition,
  modified: r.modified,
  version: r.version,
  modifiedBy: r.modified_by,
});

/**
 * Locks scenario rows (SELECT ... FOR UPDATE, in id order so two writers
 * never wait on each other crosswise) and answers them by id.
 */
export async function lockScenarios(q: Queryable, ids: number[]): Promise<Map<number, ScenarioRecord>> {
  if (!ids.length) return new Map();
  const { rows } = await q.query<ScenarioRecordRow>(`SELECT ${COLUMNS} FROM scenario WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`, [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id, toRecord(r)]));
}

/** Every scenario below this one (children, their children, ...), parents before their children. */
export async function descendantIds(q: Queryable, scenarioId: number): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `WITH RECURSIVE below(id, depth) AS (
       SELECT id, 1 FROM scenario WHERE parent_scenario_id = $1
       UNION ALL
       SELECT s.id, b.depth + 1 FROM scenario s JOIN below b ON s.parent_scenario_id = b.id
     )
     SELECT id FROM below ORDER BY depth, id`,
    [scenarioId],
  );
  return rows.map((r) => r.id);
}

export async function childCount(q: Queryable, scenarioId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM scenario WHERE parent_scenario_id = $1', [scenarioId]);
  return rows[0]?.n ?? 0;
}

/** The scenario's ancestors, from its parent up to the base scenario. */
export async function ancestorIds(q: Queryable, scenarioId: number): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `WITH RECURSIVE up(id, parent_scenario_id, depth) AS (
       SELECT id, parent_scenario_id, 0 FROM scenario WHERE id = $1
       UNION ALL
       SELECT s.id, s.parent_scenario_id, u.depth + 1 FROM scenario s JOIN up u ON s.id = u.parent_scenario_id
     )
     SELECT id FROM up WHERE depth > 0 ORDER BY depth`,
    [scenarioId],
  );
  return rows.map((r) => r.id);
}

/** Inserts a scenario and answers its id; a new scenario starts in status 0 with no changes. */
export async function insertScenario(
  q: Queryable,
  values: { modelId: number; name: string; parentScenarioId: number | null; isTop?: boolean; competition?: boolean; createdBy?: number },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO scenario (model_id, name, status, parent_scenario_id, is_top, competition, created, modified, created_by)
     VALUES ($1, $2, 0, $3, $4, $5, date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', clock_timestamp()), $6)
     RETURNING id`,
    [values.modelId, values.name, values.parentScenarioId, values.isTop ?? false, values.competition ?? false, values.createdBy ?? null],
  );
  return rows[0]!.id;
}

/**
 * A new modified stamp: the clock at millisecond precision (the precision it
 * travels with), and always later than the previous one, so an editor holding
 * the old stamp is told the scenario changed even within one millisecond.
 */
export const NEXT_MODIFIED = `GREATEST(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', modified) + interval '1 millisecond')`;

/** Bumps modified of the given scenarios (caches and editors see the change). */
export async function touchScenarios(q: Queryable, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await q.query(`UPDATE scenario SET modified = ${NEXT_MODIFIED} WHERE id = ANY($1::int[])`, [ids]);
}

/** Content changed: status back to 0 (edited, not calculated) and a new modified stamp. */
export async function markEdited(q: Queryable, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await q.query(`UPDATE scenario SET status = 0, modified = ${NEXT_MODIFIED} WHERE id = ANY($1::int[])`, [ids]);
}

/** Whether a model has any scenario. */
export async function modelHasScenarios(q: Queryable, modelId: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM scenario WHERE model_id = $1 LIMIT 1', [modelId])).rows.length > 0;
}

/** Whether a model has a top scenario with a parent other than the given one. */
export async function hasOtherTopScenario(q: Queryable, modelId: number, otherThanId: number): Promise<boolean> {
  return (
    (await q.query('SELECT 1 FROM scenario WHERE model_id = $1 AND is_top AND parent_scenario_id IS NOT NULL AND id <> $2 LIMIT 1', [modelId, otherThanId]))
      .rows.length > 0
  );
}

/** Sets a scenario's name and flags, with a new modified stamp. */
export async function updateScenarioFields(q: Queryable, scenarioId: number, fields: { name: string; isTop: boolean; competition: boolean }): Promise<void> {
  await q.query(`UPDATE scenario SET name = $2, is_top = $3, competition = $4, modified = ${NEXT_MODIFIED} WHERE id = $1`, [
    scenarioId,
    fields.name,
    fields.isTop,
    fields.competition,
  ]);
}

/** Renames a scenario, with a new modified stamp. */
export async function renameScenario(q: Queryable, scenarioId: number, name: string): Promise<void> {
  await q.query(`UPDATE scenario SET name = $2, modified = ${NEXT_MODIFIED} WHERE id = $1`, [scenarioId, name]);
}

/**
 * Removes a scenario (it has no children: the callers check): its changes
 * go, the locations it opened go with it unless another scenario holds them
 * too (copy changes can open one location in several scenarios), and the
 * processing log keeps its lines without the link.
 */
export async function removeScenario(q: Queryable, scenarioId: number): Promise<void> {
  const opened = (await q.query<{ id: number }>('SELECT id FROM location WHERE created_scenario_id = $1', [scenarioId])).rows.map((r) => r.id);
  await q.query('DELETE FROM location_version WHERE scenario_id = $1', [scenarioId]);
  await settleLocationOwners(q, opened);
  await q.query('DELETE FROM scenario WHERE id = $1', [scenarioId]);
}
