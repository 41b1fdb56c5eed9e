// Path and query parameter objects that several route files share.
import * as z from 'zod';
import { Cultures } from '../constants';
import { ValidationMessage } from '../messages';
import { booleanParam, enumParam, idParam, limitedText, TextLimit } from '../primitives';

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

/** Cache key only: a changed value makes the browser fetch again. */
export const CacheKeyQuery = z.object({ r: limitedText('r', TextLimit.param).optional() });
