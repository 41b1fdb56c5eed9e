// Function validation and the saves of the three model editors. The save
// paths are not shown by the spec; these follow its style (docs/api.md).
// Every save validates its expressions first and stores nothing when any
// is invalid (409 functionValidationFailed).
import * as z from 'zod';
import { DriverFilter, DriversSaveBody } from '../entities/drivers';
import { FunctionValidateBody, FunctionValidateResult } from '../entities/functions';
import { ModelParameters, ModelParametersSaveBody } from '../entities/model-parameters';
import { NewLocationProperty } from '../entities/location';
import { NormalizedScoresFunction, NormalizedScoresFunctionsSaveBody } from '../entities/normalized-scores';
import { PropertyRangesSaveBody } from '../entities/property-ranges';
import { defineRoute, NoParams } from './define';
import { modelId, submodelId } from './params';

export const functionsValidate = defineRoute({
  name: 'functionsValidate',
  method: 'PUT',
  path: '/api/functions/validate',
  specPath: 'PUT /api/functions/validate',
  params: NoParams,
  /** The model whose property names the expressions may use. */
  query: z.object({ modelId: modelId() }),
  body: FunctionValidateBody,
  response: FunctionValidateResult,
  produces: 'json',
  role: 'user',
  description: 'Checks expressions against the model properties; answers one message per problem (empty when all are valid).',
});

export const modelParametersSave = defineRoute({
  name: 'modelParametersSave',
  method: 'PUT',
  path: '/api/models/:submodelId/model-parameters',
  specPath: 'PUT /api/models/{submodelId}/model-parameters',
  params: z.object({ submodelId: submodelId() }),
  body: ModelParametersSaveBody,
  response: ModelParameters,
  produces: 'json',
  role: 'modelAdmin',
  description: "Saves a sub-model's parameters and functions; marks the model's scenarios for recalculation.",
});

export const normalizedScoresFunctionsSave = defineRoute({
  name: 'normalizedScoresFunctionsSave',
  method: 'PUT',
  path: '/api/models/:submodelId/normalized-scores-functions',
  specPath: 'PUT /api/models/{submodelId}/normalized-scores-functions',
  params: z.object({ submodelId: submodelId() }),
  body: NormalizedScoresFunctionsSaveBody,
  response: z.array(NormalizedScoresFunction),
  produces: 'json',
  role: 'modelAdmin',
  description: "Replaces a sub-model's normalized scores functions; rows without id are new.",
});

export const driversSave = defineRoute({
  name: 'driversSave',
  method: 'PUT',
  path: '/api/models/:modelId/drivers',
  specPath: 'PUT /api/models/{modelId}/drivers',
  params: z.object({ modelId: modelId() }),
  body: DriversSaveBody,
  response: z.array(DriverFilter),
  produces: 'json',
  role: 'modelAdmin',
  description: "Replaces a model's driver filters and drivers; rows without id are new.",
});

export const propertyRangesSave = defineRoute({
  name: 'propertyRangesSave',
  method: 'PUT',
  path: '/api/models/:modelId/property-ranges',
  specPath: 'PUT /api/models/{modelId}/property-ranges',
  params: z.object({ modelId: modelId() }),
  body: PropertyRangesSaveBody,
  response: z.array(NewLocationProperty),
  produces: 'json',
  role: 'modelAdmin',
  description:
    "Saves the range (minimum, maximum, step, whole numbers) of numeric location properties of a model in one transaction; answers the model's properties as new-location-properties does. Stored values outside a new range stay and are flagged where shown.",
});
