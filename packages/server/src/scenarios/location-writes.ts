// The six location writes with the scenario rules:
// new location, edit, close, undo close, undo edit, delete. Each runs in one
// transaction (scenario-write.ts), checks every rule before it writes, and
// sets the changed scenario and the scenarios below it (they inherit the
// change) to status 0. With createScenario the change goes into a new child
// scenario, named like the location unless overrideScenarioName is given.
//
// Which actions a location allows is decided by its changeType in the
// scenario that receives the change (rules.ts, actionChangeType): the
// scenario's own change of it, else 0 — or 2 when a parent closed it.
import { ChangeType, RuleMessage, type LocationWriteBody, type LocationWriteResult } from '@locus/contract';
import type { Database, Queryable } from '../db/database.js';
import { invalid } from '../domain/errors.js';
import { propertyDefinitions } from '../repo/properties.js';
import type { LocationRow } from '../repo/scenario-locations.js';
import { afterChangeRemoved } from './after-undo.js';
import { requireIdentityUnchanged, requireValidGroupAndCluster } from './location-fields.js';
import {
  insertLocation,
  locationState,
  removeVersions,
  settleLocationOwners,
  valuesOf,
  writeVersion,
  type LocationState,
  type VersionValues,
  type StoredProperties,
} from '../repo/location-versions.js';
import { applyPropertyValues, newLocationDefaults } from './property-values.js';
import { poiCountsAt } from '../repo/pois.js';
import {
  actionChangeType,
  hasReadOnlyIdentity,
  requireAction,
  requireEditable,
  requireParent,
  requireUnmodifiedSince,
  ruleConflict,
  type ActionChangeType,
  type LocationAction,
} from './rules.js';
import { inScenarioWrite, lockForChange, lockScenario, requireNoneProcessing } from './write-transaction.js';
import { insertScenario, markEdited, type ScenarioRecord } from '../repo/scenario-tree.js';
import { locationGone, requireLocationVersion } from './versions.js';

/** Where a location write goes; the route has checked the user's access to the scenario's model. */
export interface LocationWriteTarget {
  modelId: number;
  scenarioId: number;
  createScenario: boolean;
  overrideScenarioName?: string;
  /** The app_user writing, recorded as creator of a new scenario and as the writer of the versions. */
  actorId?: number;
  /** The location's version the user saw in the scenario of the path (versions.ts); absent: not checked. */
  version?: number;
}

/** The scenario a write goes into, locked, with its rules checked. */
interface Prepared {
  scenario: ScenarioRecord;
  /** The scenarios that inherit the change (none when it goes into a new child scenario). */
  inheriting: number[];
}

async function prepare(tx: Queryable, t: LocationWriteTarget, scenarioModified?: string): Promise<Prepared> {
  if (t.createScenario) {
    const scenario = await lockScenario(tx, t.modelId, t.scenarioId);
    requireEditable(scenario);
    requireUnmodifiedSince(scenario, scenarioModified);
    return { scenario, inheriting: [] };
  }
  const { scenario, descendants } = await lockForChange(tx, t.modelId, t.scenarioId);
  requireEditable(scenario);
  requireParent(scenario);
  requireNoneProcessing(scenario, descendants);
  requireUnmodifiedSince(scenario, scenarioModified);
  return { scenario, inheriting: descendants.map((d) => d.id) };
}

/** The scenario that receives the change: the one of the path, or a new child of it. */
async function receivingScenario(tx: Queryable, t: LocationWriteTarget, scenario: ScenarioRecord, locationName: string): Promise<number> {
  if (!t.createScenario) return scenario.id;
  return insertScenario(tx, {
    modelId: t.modelId,
    name: t.overrideScenarioName ?? locationName,
    parentScenarioId: scenario.id,
    createdBy: t.actorId,
  });
}

/** The location as the receiving scenario sees it (a new child scenario has no changes of its own yet). */
async function stateFor(
  tx: Queryable,
  t: LocationWriteTarget,
  locationId: number,
): Promise<{ state: LocationState; effective: LocationRow; changeType: ActionChangeType }> {
  const state = await locationState(tx, t.scenarioId, locationId);
  if (!state.effective) throw locationGone(locationId, t.scenarioId);
  await requireLocationVersion(tx, state.effective, t.version);
  const own = t.createScenario ? undefined : state.own;
  return { state, effective: state.effective, changeType: actionChangeType(own?.change_type, state.effective.change_type) };
}

function requireScenarioCreation(body: LocationWriteBody, scenarioId: number): void {
  if (body.scenarioCreation !== null && body.scenarioCreation !== scenarioId) {
    throw invalid('scenarioCreation', 'scenarioCreation must be null or the scenario of the path');
  }
}

function fieldsOf(body: LocationWriteBody, changeType: number, properties: StoredProperties): VersionValues {
  return {
    changeType,
    name: body.name,
    latitude: body.latitude,
    longitude: body.longitude,
    visibility: body.visibility,
    excluded: body.excluded,
    locationGroupId: body.locationGroupId,
    locationClusterId: body.locationClusterId,
    properties,
  };
}

async function finish(tx: Queryable, prepared: Prepared, receiving: number, locationId: number): Promise<LocationWriteResult> {
  await markEdited(tx, [receiving, ...prepared.inheriting]);
  return { scenarioId: receiving, locationId };
}

/** New location: opened (changeType 1) in the scenario, starting from the property defaults. */
export function createLocation(db: Database, t: LocationWriteTarget, body: LocationWriteBody): Promise<LocationWriteResult> {
  return inScenarioWrite(db, t.modelId, t.actorId, async (tx) => {
    if (body.id !== undefined) throw invalid('id', 'a new location has no id yet');
    requireScenarioCreation(body, t.scenarioId);
    const prepared = await prepare(tx, t, body.scenarioModified);
    await requireValidGroupAndCluster(tx, t.modelId, body, null, false);
    const definitions = await propertyDefinitions(tx, t.modelId);
    const computed = await poiCountsAt(tx, definitions, body.latitude, body.longitude);
    const properties = applyPropertyValues(definitions, newLocationDefaults(definitions), body.locationProperties, computed);
    const receiving = await receivingScenario(tx, t, prepared.scenario, body.name);
    const locationId = await insertLocation(tx, t.modelId, body.type, receiving);
    await writeVersion(tx, receiving, locationId, fieldsOf(body, ChangeType.added, properties));
    return finish(tx, prepared, receiving, locationId);
  });
}

/** Edit: a location opened here stays opened (1); any other becomes edited (3) in the receiving scenario. */
export function updateLocation(db: Database, t: LocationWriteTarget, locationId: number, body: LocationWriteBody): Promise<LocationWriteResult> {
  return inScenarioWrite(db, t.modelId, t.actorId, async (tx) => {
    if (body.id !== undefined && body.id !== locationId) throw invalid('id', 'id must be the location of the path');
    requireScenarioCreation(body, t.scenarioId);
    const prepared = await prepare(tx, t, body.scenarioModified);
    const { state, effective, changeType } = await stateFor(tx, t, locationId);
    if (t.createScenario) {
      const inScenario = actionChangeType(state.own?.change_type, effective.change_type);
      if (hasReadOnlyIdentity(inScenario)) {
        throw ruleConflict(
          RuleMessage.actionNotAllowedForChangeType,
          `a location with changeType ${inScenario} in scenario ${t.scenarioId} is saved into that scenario, not into a new one`,
        );
      }
    }
    requireAction(changeType, 'edit');
    const identityReadOnly = hasReadOnlyIdentity(changeType);
    if (identityReadOnly) requireIdentityUnchanged(effective, body);
    await requireValidGroupAndCluster(tx, t.modelId, body, effective.location_group_id, identityReadOnly);
    const definitions = await propertyDefinitions(tx, t.modelId);
    const computed = await poiCountsAt(tx, definitions, body.latitude, body.longitude);
    const properties = applyPropertyValues(definitions, effective.properties ?? {}, body.locationProperties, computed);
    const receiving = await receivingScenario(tx, t, prepared.scenario, body.name);
    await writeVersion(tx, receiving, locationId, fieldsOf(body, changeType === ChangeType.added ? ChangeType.added : ChangeType.edited, properties));
    return finish(tx, prepared, receiving, locationId);
  });
}

/** Close: the receiving scenario gets a closure (2) holding a copy of the location's attributes. */
export function closeLocation(db: Database, t: LocationWriteTarget, locationId: number): Promise<LocationWriteResult> {
  return inScenarioWrite(db, t.modelId, t.actorId, async (tx) => {
    const prepared = await prepare(tx, t);
    const { effective, changeType } = await stateFor(tx, t, locationId);
    requireAction(changeType, 'close');
    const receiving = await receivingScenario(tx, t, prepared.scenario, effective.name);
    await writeVersion(tx, receiving, locationId, valuesOf(effective, ChangeType.closed));
    return finish(tx, prepared, receiving, locationId);
  });
}

/** Removes the scenario's own change of a location, then renames the scenario after its one change left, or removes it when none is left. */
async function removeOwnChange(tx: Queryable, prepared: Prepared, locationId: number, remove: () => Promise<void>): Promise<LocationWriteResult> {
  await remove();
  await markEdited(tx, [prepared.scenario.id, ...prepared.inheriting]);
  const after = await afterChangeRemoved(tx, prepared.scenario);
  return { scenarioId: prepared.scenario.id, locationId, ...after };
}

async function undoOrDelete(
  db: Database,
  t: LocationWriteTarget,
  locationId: number,
  action: LocationAction,
  apply: (tx: Queryable, prepared: Prepared, effective: LocationRow, own: boolean) => Promise<LocationWriteResult>,
): Promise<LocationWriteResult> {
  return inScenarioWrite(db, t.modelId, t.actorId, async (tx) => {
    const prepared = await prepare(tx, t);
    const { state, effective, changeType } = await stateFor(tx, t, locationId);
    requireAction(changeType, action);
    return apply(tx, prepared, effective, !t.createScenario && state.own !== undefined);
  });
}

/**
 * Undo close. The scenario's own closure is removed; a closure inherited
 * from a parent scenario is overridden: the receiving scenario reopens the
 * location with the attributes it had when it was closed (its own change,
 * edited, which undo edit takes back).
 */
export function undoCloseLocation(db: Database, t: LocationWriteTarget, locationId: number): Promise<LocationWriteResult> {
  return undoOrDelete(db, t, locationId, 'undoClose', async (tx, prepared, effective, own) => {
    if (own) return removeOwnChange(tx, prepared, locationId, () => removeVersions(tx, [prepared.scenario.id], locationId));
    const receiving = await receivingScenario(tx, t, prepared.scenario, effective.name);
    await writeVersion(tx, receiving, locationId, valuesOf(effective, ChangeType.edited));
    return finish(tx, prepared, receiving, locationId);
  });
}

/** Undo edit: the scenario's own edit is removed; the location is again as the parent scenario has it. */
export function undoEditLocation(db: Database, t: LocationWriteTarget, locationId: number): Promise<LocationWriteResult> {
  return undoOrDelete(db, t, locationId, 'undoEdit', (tx, prepared) =>
    removeOwnChange(tx, prepared, locationId, () => removeVersions(tx, [prepared.scenario.id], locationId)),
  );
}

/**
 * Delete a location opened in the scenario: it leaves the scenario and the
 * scenarios below it (their changes of it go too), and its location row goes
 * unless another scenario opened it as well (copy changes).
 */
export function deleteLocation(db: Database, t: LocationWriteTarget, locationId: number): Promise<LocationWriteResult> {
  return undoOrDelete(db, t, locationId, 'delete', (tx, prepared) =>
    removeOwnChange(tx, prepared, locationId, async () => {
      await removeVersions(tx, [prepared.scenario.id, ...prepared.inheriting], locationId);
      await settleLocationOwners(tx, [locationId]);
    }),
  );
}
