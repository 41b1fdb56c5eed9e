// The name, group and cluster of a written location:
// read-only for a location opened (1) or edited (3) in the scenario; a group
// when the model makes it mandatory; only a selectable group, or the one the
// location already has; group and cluster of the location's own model.
import { RuleMessage, type LocationWriteBody } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { invalid, notFound } from '../domain/errors.js';
import { clusterOfModelExists, locationGroupMandatory, locationGroupOfModel } from '../repo/models.js';
import type { LocationRow } from '../repo/scenario-locations.js';
import { ruleConflict } from './rules.js';

type Fields = Pick<LocationWriteBody, 'name' | 'locationGroupId' | 'locationClusterId'>;

/** Refuses a change of name, group or cluster when they are read-only. */
export function requireIdentityUnchanged(current: LocationRow, body: Fields): void {
  const changed = (field: keyof Fields, before: unknown, after: unknown) => {
    if (before !== after) {
      throw ruleConflict(RuleMessage.fieldIsReadOnly, `${field} of a location opened or edited in this scenario cannot be changed`, field);
    }
  };
  changed('name', current.name, body.name);
  changed('locationGroupId', current.location_group_id, body.locationGroupId);
  changed('locationClusterId', current.location_cluster_id, body.locationClusterId);
}

/**
 * Checks group and cluster against the model. `currentGroupId` is the group
 * the location has now (a group that is no longer selectable may stay);
 * `groupIsReadOnly` skips the mandatory check for a group that cannot change.
 */
export async function requireValidGroupAndCluster(
  q: Queryable,
  modelId: number,
  body: Fields,
  currentGroupId: number | null,
  groupIsReadOnly: boolean,
): Promise<void> {
  const mandatory = await locationGroupMandatory(q, modelId);
  if (mandatory === undefined) throw notFound(`model ${modelId}`);
  if (body.locationGroupId === null) {
    if (mandatory && !groupIsReadOnly) {
      throw ruleConflict(RuleMessage.locationGroupIsMandatory, 'the model requires a location group', 'locationGroupId');
    }
  } else {
    const group = await locationGroupOfModel(q, modelId, body.locationGroupId);
    if (!group) throw invalid('locationGroupId', `location group ${body.locationGroupId} is not a group of the model`);
    if (!group.selectable && body.locationGroupId !== currentGroupId) {
      throw ruleConflict(RuleMessage.locationGroupIsNotSelectable, `location group ${body.locationGroupId} cannot be chosen`, 'locationGroupId');
    }
  }
  if (body.locationClusterId !== null) {
    if (!(await clusterOfModelExists(q, modelId, body.locationClusterId)))
      throw invalid('locationClusterId', `location cluster ${body.locationClusterId} is not a cluster of the model`);
  }
}
