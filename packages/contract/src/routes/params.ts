// Path and query parameter objects that several route files share.
import * as z from 'zod';
import { Cultures } from '../constants';
import { ValidationMessage } from '../messages';
import { booleanParam, enumParam, idParam, intParam, limitedText, TextLimit } from '../primitives';

export const modelId = () => idParam('modelId');
export const submodelId = () => idParam('submodelId');
export const scenarioId = () => idParam('scenarioId');
export const locationId = () => idParam('locationId');

/** Export culture: nl (semicolon, decimal comma) or en (comma, decimal point). */
export const CultureQuery = z.object({ culture: enumParam('culture', Cultures) });

/** The two options of every location write. */
export const LocationWriteQuery = z.object({
  /** Put the change into a new child scenario of the scenario in the path. */
  createScenario: booleanParam('createScenario').optional().default(false),
  /** The new scenario's name; without it the scenario is named like the location. */
  overrideScenarioName: z
    .string()
    .trim()
    .min(1, { error: ValidationMessage.scenarioNameIsRequired })
    .max(TextLimit.name, { error: `overrideScenarioName must be at most ${TextLimit.name} characters` })
    .optional(),
});

/** The version of the row the user saw (Location.version, Scenario.version): a newer one answers 409 changedElsewhere. */
export const VersionQuery = z.object({ version: intParam('version', 1, Number.MAX_SAFE_INTEGER).optional() });

/** The options of a location write without a body (close, undo close, undo edit, delete): the two of every write and the version. */
export const LocationActionQuery = LocationWriteQuery.extend(VersionQuery.shape);

/** Cache key only: a changed value makes the browser fetch again. */
export const CacheKeyQuery = z.object({ r: limitedText('r', TextLimit.param).optional() });
