// Copy changes (merge): the selected changes of a scenario are
// merged into a top scenario (one with a parent, not the source), keeping the
// source unless deleteSourceScenario is asked, which needs every change to be
// selected. A scenario with children cannot be copied from.
//
// A change means something against the scenario's parent, so each copied
// change is set again against the destination's parent: an opened or edited
// location is an edit (3) where the parent has the location and an opening
// (1) where it has not; a closure is copied where the parent has the location
// and, where it has not, only takes the destination's own version away.
// When the destination is an ancestor of the source the changes move: the
// source inherits them from then on. Scenarios below the destination inherit
// the copied changes; their own changes of the same locations are set again
// against their new parents the same way.
import { ChangeType, RuleMessage, type MergeResult } from '@locus/contract';
import type { Database, Queryable } from '../db/database.js';
import { scenarioLocation } from '../repo/scenario-locations.js';
import {
  changesBelow,
  locationState,
  ownChanges,
  removeVersions,
  setChangeType,
  settleLocationOwners,
  valuesOf,
  writeVersion,
} from '../repo/location-versions.js';
import { childCount, hasOtherTopScenario, lockScenarios, markEdited, removeScenario } from '../repo/scenario-tree.js';
import { requireEditable, requireNoChildren, ruleConflict } from './rules.js';
import { inScenarioWrite, lockForChange, lockScenario, requireNoneProcessing } from './write-transaction.js';

export interface CopyChangesRequest {
  sourceScenarioId: number;
  destinationScenarioId: number;
  /** Every changed location of the source as the app saw them. */
  changedLocations: number[];
  selectedLocations: number[];
  deleteSourceScenario: boolean;
}

/** The copy target must be a top scenario of the model with a parent, other than the source. */
async function requireTopDestination(tx: Queryable, modelId: number, sourceId: number, destinationId: number): Promise<void> {
  const destination = (await lockScenarios(tx, [destinationId])).get(destinationId);
  if (destination && destination.modelId === modelId && destination.isTop && destination.parentScenarioId !== null && destination.id !== sourceId) return;
  if (!(await hasOtherTopScenario(tx, modelId, sourceId)))
    throw ruleConflict(RuleMessage.noTopScenariosFound, `model ${modelId} has no top scenario to copy changes into`);
  throw ruleConflict(
    RuleMessage.destinationIsNotATopScenario,
    `scenario ${destinationId} is not a top scenario with a parent of model ${modelId} other than the source`,
    'destinationScenarioId',
  );
}

export function copyChanges(db: Database, modelId: number, request: CopyChangesRequest, actorId?: number): Promise<MergeResult> {
  return inScenarioWrite(db, modelId, actorId, async (tx) => {
    const source = await lockScenario(tx, modelId, request.sourceScenarioId);
    requireNoChildren(source, await childCount(tx, source.id), 'copied from');
    await requireTopDestination(tx, modelId, source.id, request.destinationScenarioId);
    const { scenario: destination, descendants } = await lockForChange(tx, modelId, request.destinationScenarioId);
    requireEditable(destination);
    requireNoneProcessing(destination, descendants);
    const moving = descendants.some((d) => d.id === source.id);
    if (request.deleteSourceScenario || moving) requireEditable(source);

    const changes = await ownChanges(tx, source.id);
    const actual = new Set(changes.map((c) => c.locationId));
    const seen = new Set(request.changedLocations);
    if (actual.size !== seen.size || [...seen].some((id) => !actual.has(id))) {
      throw ruleConflict(
        RuleMessage.scenarioWasModified,
        `the changes of scenario ${source.id} are not the ones the request lists; reload them`,
        'changedLocations',
      );
    }
    const selected = [...new Set(request.selectedLocations)];
    if (request.deleteSourceScenario && selected.length !== actual.size) {
      throw ruleConflict(
        RuleMessage.deleteSourceNeedsAllChangedLocations,
        'the source scenario can only be deleted when all its changed locations are copied',
        'deleteSourceScenario',
      );
    }

    for (const locationId of selected) {
      const own = (await locationState(tx, source.id, locationId)).own!;
      const inParent = destination.parentScenarioId === null ? undefined : await scenarioLocation(tx, destination.parentScenarioId, locationId);
      if (own.change_type === ChangeType.closed) {
        if (inParent) await writeVersion(tx, destination.id, locationId, valuesOf(own, ChangeType.closed));
        else await removeVersions(tx, [destination.id], locationId);
      } else {
        await writeVersion(tx, destination.id, locationId, valuesOf(own, inParent ? ChangeType.edited : ChangeType.added));
      }
      if (moving) await removeVersions(tx, [source.id], locationId);
    }
    await resetChangesBelow(tx, destination.id, selected);
    if (request.deleteSourceScenario) await removeScenario(tx, source.id);
    await settleLocationOwners(tx, selected);
    await markEdited(tx, [destination.id, ...descendants.map((d) => d.id)]);
    return { destinationScenarioId: destination.id, copiedLocations: selected, sourceScenarioDeleted: request.deleteSourceScenario };
  });
}

/**
 * Sets the own changes of the given locations in the scenarios below a
 * scenario again against their parents (parents first): an opening where
 * the parent now has the location becomes an edit, an edit where it has not
 * becomes an opening, and a closure of a location the parent does not have
 * goes.
 */
async function resetChangesBelow(tx: Queryable, scenarioId: number, locationIds: number[]): Promise<void> {
  if (!locationIds.length) return;
  for (const v of await changesBelow(tx, scenarioId, locationIds)) {
    const known = (await scenarioLocation(tx, v.parent_scenario_id, v.location_id)) !== undefined;
    if (v.change_type === ChangeType.added && known) {
      await setChangeType(tx, v.scenario_id, v.location_id, ChangeType.edited);
    } else if (v.change_type !== ChangeType.added && !known) {
      if (v.change_type === ChangeType.closed) await removeVersions(tx, [v.scenario_id], v.location_id);
      else await setChangeType(tx, v.scenario_id, v.location_id, ChangeType.added);
    }
  }
}
