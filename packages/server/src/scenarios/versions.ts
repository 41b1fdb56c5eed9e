// No lost updates: a write of a location or a scenario sends the version its
// user saw, and is refused when the row moved on meanwhile (409
// changedElsewhere, naming who changed it and when) or is gone (404
// locationNoLongerExists / scenarioNoLongerExists). The checks run inside the
// write's transaction after its locks are held (scenario-write.ts), so of two
// writers that saw the same version exactly one succeeds. Versions are
// numbered by the database (migration 014): a new number with every write.
import { GoneMessage, RuleMessage } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { DomainError } from '../domain/errors.js';
import type { LocationRow } from '../repo/scenario-locations.js';
import { userTitle } from '../repo/users.js';

/** 404: the location is not in the scenario (any more). */
export function locationGone(locationId: number, scenarioId: number): DomainError {
  return new DomainError('notFound', GoneMessage.locationNoLongerExists, {
    key: GoneMessage.locationNoLongerExists,
    field: 'locationId',
    reason: `location ${locationId} is not in scenario ${scenarioId} (any more)`,
  });
}

/** 404: the scenario does not exist (any more) in the model. */
export function scenarioGone(scenarioId: number): DomainError {
  return new DomainError('notFound', GoneMessage.scenarioNoLongerExists, {
    key: GoneMessage.scenarioNoLongerExists,
    field: 'scenarioId',
    reason: `scenario ${scenarioId} does not exist (any more)`,
  });
}

/** 409 changedElsewhere with who (a display name, empty when unknown) and when, and the version now stored. */
export async function changedElsewhere(
  q: Queryable,
  what: string,
  current: { version: number; modified: Date; modifiedBy: number | null },
  seen: number,
): Promise<DomainError> {
  const modifiedBy = current.modifiedBy === null ? '' : ((await userTitle(q, current.modifiedBy)) ?? '');
  return new DomainError('conflict', RuleMessage.changedElsewhere, {
    key: RuleMessage.changedElsewhere,
    reason: `${what} is at version ${current.version}, not ${seen} as read: ${modifiedBy || 'someone'} changed it at ${current.modified.toISOString()}`,
    params: { modifiedBy, modified: current.modified.toISOString(), version: current.version },
  });
}

/** The location version in effect must be the one the user saw (no check without one). */
export async function requireLocationVersion(q: Queryable, row: LocationRow, seen: number | undefined): Promise<void> {
  if (seen === undefined || row.version === seen) return;
  throw await changedElsewhere(q, `location ${row.location_id}`, { version: row.version, modified: row.modified, modifiedBy: row.modified_by }, seen);
}

/** The scenario must be at the version the user saw (no check without one). */
export async function requireScenarioVersion(
  q: Queryable,
  scenario: { id: number; version: number; modified: Date; modifiedBy: number | null },
  seen: number | undefined,
): Promise<void> {
  if (seen === undefined || scenario.version === seen) return;
  throw await changedElsewhere(q, `scenario ${scenario.id}`, scenario, seen);
}
