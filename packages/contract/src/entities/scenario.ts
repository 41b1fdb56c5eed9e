// A scenario: a set of location changes that can be calculated, its
// fields and status, with the bodies that create and update one.
import * as z from 'zod';
import { ChangeTypeCode, ScenarioStatusCode } from '../codes';
import { ValidationMessage } from '../messages';
import { Count, DateTimeUtc, Id, RowVersion, TextLimit } from '../primitives';

export const ScenarioChange = z.object({
  locationId: Id,
  locationName: z.string(),
  changeType: ChangeTypeCode,
});
export type ScenarioChange = z.infer<typeof ScenarioChange>;

/** One scenario of the parent chain, from the direct parent up to the base scenario. */
export const ScenarioParent = z.object({
  id: Id,
  name: z.string(),
  parentScenarioId: Id.nullable(),
});
export type ScenarioParent = z.infer<typeof ScenarioParent>;

export const Scenario = z.object({
  id: Id,
  name: z.string(),
  status: ScenarioStatusCode,
  /** Null only for the base scenario. */
  parentScenarioId: Id.nullable(),
  /** Top scenarios are the destinations of copy changes. */
  isTop: z.boolean(),
  competition: z.boolean(),
  changeCount: Count,
  created: DateTimeUtc,
  modified: DateTimeUtc,
  changes: z.array(ScenarioChange),
  parents: z.array(ScenarioParent),
  /** Changes with every write to the scenario: its name, flags or locations (not with its calculation status). */
  version: RowVersion,
});
export type Scenario = z.infer<typeof Scenario>;

/** An entry of scenarios/only-status, polled while scenarios calculate. */
export const ScenarioOnlyStatus = z.object({
  id: Id,
  status: ScenarioStatusCode,
  modified: DateTimeUtc,
});
export type ScenarioOnlyStatus = z.infer<typeof ScenarioOnlyStatus>;

/** Scenario location: a location that belongs to a scenario (locations-of-scenarios). */
export const ScenarioLocation = z.object({ scenarioId: Id, locationId: Id });
export type ScenarioLocation = z.infer<typeof ScenarioLocation>;

const ScenarioName = z
  .string({ error: ValidationMessage.scenarioNameIsRequired })
  .trim()
  .min(1, { error: ValidationMessage.scenarioNameIsRequired })
  .max(TextLimit.name, { error: `name must be at most ${TextLimit.name} characters` });

export const ScenarioCreateBody = z.object({
  name: ScenarioName,
  /** The new scenario's parent; null is refused by the server for any but the first scenario of a model. */
  parentScenarioId: Id.nullable(),
  isTop: z.boolean().default(false),
  competition: z.boolean().default(false),
});
export type ScenarioCreateBody = z.infer<typeof ScenarioCreateBody>;

export const ScenarioUpdateBody = z.object({
  id: Id,
  name: ScenarioName,
  isTop: z.boolean(),
  competition: z.boolean(),
  /** The modified stamp the editor read: a newer one in the database answers 409 scenarioWasModified. */
  modified: DateTimeUtc.optional(),
  /** The scenario's version the editor read (Scenario.version): a newer one answers 409 changedElsewhere. */
  version: RowVersion.optional(),
});
export type ScenarioUpdateBody = z.infer<typeof ScenarioUpdateBody>;

/** Answer of scenario create. */
export const ScenarioCreated = z.object({ id: Id });
export type ScenarioCreated = z.infer<typeof ScenarioCreated>;

/** Answer of scenario delete. */
export const ScenarioDeleted = z.object({ id: Id, deleted: z.literal(true) });
export type ScenarioDeleted = z.infer<typeof ScenarioDeleted>;
