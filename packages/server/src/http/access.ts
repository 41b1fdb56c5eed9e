// Model access of the signed-in user. A user reaches only models he has access
// to; global administrators reach every model. Ids of models and sub-models
// share one sequence, so one lookup resolves either.
import type { Queryable } from '../db/database.js';
import type { CurrentUser } from './current-user.js';
import { forbidden, notFound } from '../domain/errors.js';

export interface ModelRef {
  modelId: number;
  subModelId: number;
}
export interface ScenarioRef {
  id: number;
  modelId: number;
  name: string;
  status: number;
  parentScenarioId: number | null;
  modified: Date;
}

export function canReachModel(user: CurrentUser, modelId: number): boolean {
  return user.isGlobalAdmin || user.models.has(modelId);
}

export function isModelAdmin(user: CurrentUser, modelId: number): boolean {
  return user.isGlobalAdmin || user.models.get(modelId) === true;
}

export function requireModelAccess(user: CurrentUser, modelId: number): void {
  if (!canReachModel(user, modelId)) throw forbidden('you have no access to this model');
}

export function requireModelAdmin(user: CurrentUser, modelId: number): void {
  requireModelAccess(user, modelId);
  if (!isModelAdmin(user, modelId)) throw forbidden('only a model administrator may do this');
}

/** Resolves a model id or a sub-model id (its default sub-model for a model id), checking access. */
export async function resolveModel(db: Queryable, user: CurrentUser, id: number): Promise<ModelRef> {
  const { rows } = await db.query<{ model_id: number; sub_model_id: number }>(
    `SELECT m.id AS model_id,
            COALESCE(s.id, (SELECT d.id FROM sub_model d WHERE d.model_id = m.id ORDER BY d.sort_order, d.id LIMIT 1)) AS sub_model_id
       FROM model m LEFT JOIN sub_model s ON s.id = $1 AND s.model_id = m.id
      WHERE m.id = $1 OR s.id = $1
      LIMIT 1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw notFound(`model ${id}`);
  requireModelAccess(user, row.model_id);
  return { modelId: row.model_id, subModelId: row.sub_model_id };
}

export async function resolveScenario(db: Queryable, user: CurrentUser, scenarioId: number): Promise<ScenarioRef> {
  const { rows } = await db.query<{ id: number; model_id: number; name: string; status: number; parent_scenario_id: number | null; modified: Date }>(
    'SELECT id, model_id, name, status, parent_scenario_id, modified FROM scenario WHERE id = $1',
    [scenarioId],
  );
  const row = rows[0];
  if (!row) throw notFound(`scenario ${scenarioId}`);
  requireModelAccess(user, row.model_id);
  return { id: row.id, modelId: row.model_id, name: row.name, status: row.status, parentScenarioId: row.parent_scenario_id, modified: row.modified };
}

/** A scenario read under a model or sub-model id: both must belong together. */
export async function resolveScenarioInModel(db: Queryable, user: CurrentUser, modelOrSubModelId: number, scenarioId: number) {
  const model = await resolveModel(db, user, modelOrSubModelId);
  const scenario = await resolveScenario(db, user, scenarioId);
  if (scenario.modelId !== model.modelId) throw notFound(`scenario ${scenarioId} in model ${modelOrSubModelId}`);
  return { model, scenario };
}

export async function resolveLocationModel(db: Queryable, user: CurrentUser, locationId: number): Promise<number> {
  const { rows } = await db.query<{ model_id: number }>('SELECT model_id FROM location WHERE id = $1', [locationId]);
  if (!rows[0]) throw notFound(`location ${locationId}`);
  requireModelAccess(user, rows[0].model_id);
  return rows[0].model_id;
}
