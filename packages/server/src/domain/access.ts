// Model access of the signed-in user. A user reaches only models he has access
// to; global administrators reach every model. Ids of models and sub-models
// share one sequence, so one lookup resolves either. An object out of reach is
// refused as forbidden, one that does not exist as not found.
import type { Queryable } from '../db/database.js';
import { locationModelId } from '../repo/locations.js';
import { modelAndSubModel } from '../repo/models.js';
import { scenarioById } from '../repo/scenarios.js';
import { forbidden, notFound } from './errors.js';
import type { CurrentUser } from './user.js';

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
  const row = await modelAndSubModel(db, id);
  if (!row) throw notFound(`model ${id}`);
  requireModelAccess(user, row.modelId);
  return row;
}

export async function resolveScenario(db: Queryable, user: CurrentUser, scenarioId: number): Promise<ScenarioRef> {
  const row = await scenarioById(db, scenarioId);
  if (!row) throw notFound(`scenario ${scenarioId}`);
  requireModelAccess(user, row.modelId);
  return row;
}

/** The model of a location, checking access. */
export async function resolveLocationModel(db: Queryable, user: CurrentUser, locationId: number): Promise<number> {
  const modelId = await locationModelId(db, locationId);
  if (modelId === undefined) throw notFound(`location ${locationId}`);
  requireModelAccess(user, modelId);
  return modelId;
}
