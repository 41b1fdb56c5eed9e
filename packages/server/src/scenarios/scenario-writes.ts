// Scenario create, update and delete (the scenario rules apply). The base scenario
// (no parent) is the only scenario without a parent, and cannot be edited or
// removed; a scenario with children cannot be removed; a scenario that is
// being calculated cannot be changed. Renaming or flagging a scenario does
// not change its locations, so its status (and its calculation) stays.
import { RuleMessage, type Scenario, type ScenarioCreateBody, type ScenarioUpdateBody } from '@locus/contract';
import type { Database } from '../db/database.js';
import { invalid, notFound } from '../domain/errors.js';
import { scenariosOfModel } from '../repo/scenarios.js';
import { ownChanges } from '../repo/location-versions.js';
import { childCount, insertScenario, lockScenarios, modelHasScenarios, removeScenario, updateScenarioFields } from '../repo/scenario-tree.js';
import { requireEditable, requireNoChildren, requireParent, requireUnmodifiedSince, ruleConflict } from './rules.js';
import { inScenarioWrite, lockScenario } from './write-transaction.js';
import { requireScenarioVersion } from './versions.js';

/** Creates a scenario under a parent of the same model; only a model without scenarios gets one without a parent (its base). */
export function createScenario(db: Database, modelId: number, body: ScenarioCreateBody, actorId?: number): Promise<{ id: number }> {
  return inScenarioWrite(db, modelId, actorId, async (tx) => {
    if (body.parentScenarioId === null) {
      if (await modelHasScenarios(tx, modelId))
        throw invalid('parentScenarioId', 'a scenario needs a parent scenario; only the first scenario of a model has none');
    } else {
      const parent = (await lockScenarios(tx, [body.parentScenarioId])).get(body.parentScenarioId);
      if (!parent || parent.modelId !== modelId) {
        throw invalid('parentScenarioId', `scenario ${body.parentScenarioId} is not a scenario of model ${modelId}`);
      }
    }
    const id = await insertScenario(tx, {
      modelId,
      name: body.name,
      parentScenarioId: body.parentScenarioId,
      isTop: body.isTop,
      competition: body.competition,
      createdBy: actorId,
    });
    return { id };
  });
}

/**
 * Updates name, isTop and competition. The name of a scenario with exactly
 * one change is the name of that change's location and cannot be changed.
 */
export function updateScenario(db: Database, modelId: number, body: ScenarioUpdateBody, actorId?: number): Promise<Scenario> {
  return inScenarioWrite(db, modelId, actorId, async (tx) => {
    const scenario = await lockScenario(tx, modelId, body.id);
    requireParent(scenario);
    requireEditable(scenario);
    await requireScenarioVersion(tx, scenario, body.version);
    requireUnmodifiedSince(scenario, body.modified);
    if (body.name !== scenario.name && (await ownChanges(tx, scenario.id)).length === 1) {
      throw ruleConflict(RuleMessage.fieldIsReadOnly, 'a scenario with one change is named after its location', 'name');
    }
    await updateScenarioFields(tx, scenario.id, { name: body.name, isTop: body.isTop, competition: body.competition });
    const updated = (await scenariosOfModel(tx, modelId)).find((s) => s.id === scenario.id);
    if (!updated) throw notFound(`scenario ${scenario.id}`);
    return updated;
  });
}

/**
 * Removes a scenario that is not the base, has no children and is not being
 * calculated; with `version`, only when nobody changed it since it was read.
 */
export function deleteScenario(
  db: Database,
  modelId: number,
  scenarioId: number,
  options: { version?: number; actorId?: number } = {},
): Promise<{ id: number; deleted: true }> {
  return inScenarioWrite(db, modelId, options.actorId, async (tx) => {
    const scenario = await lockScenario(tx, modelId, scenarioId);
    requireParent(scenario);
    await requireScenarioVersion(tx, scenario, options.version);
    requireNoChildren(scenario, await childCount(tx, scenario.id), 'removed');
    requireEditable(scenario);
    await removeScenario(tx, scenario.id);
    return { id: scenario.id, deleted: true as const };
  });
}
