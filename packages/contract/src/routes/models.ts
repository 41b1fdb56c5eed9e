// Models and their reference data read by id ("GET
// /api/models/{id}/ followed by ..."). Where the content differs per
// sub-model the id is a submodelId; a model id there means its Default
// sub-model.
import * as z from 'zod';
import { DriverFilter } from '../entities/drivers';
import { LocationProperty, NewLocationProperty } from '../entities/location';
import { IsolineParameter } from '../entities/isolines';
import { LocationGroup, Model } from '../entities/model';
import { ModelParameters } from '../entities/model-parameters';
import { NormalizedScoresFunction } from '../entities/normalized-scores';
import { ProcessingLogEntry } from '../entities/logs';
import { Submodel } from '../entities/submodel';
import { defineRoute, NoParams } from './define';
import { CacheKeyQuery, modelId, submodelId } from './params';

const ModelParams = z.object({ modelId: modelId() });
const SubmodelParams = z.object({ submodelId: submodelId() });

export const models = defineRoute({
  name: 'models',
  method: 'GET',
  path: '/api/models',
  specPath: 'GET /api/models',
  params: NoParams,
  response: z.array(Model),
  produces: 'json',
  role: 'user',
  description: 'The models the user has access to, with userIsAdmin and userIsGlobalAdmin.',
});

export const locationGroups = defineRoute({
  name: 'locationGroups',
  method: 'GET',
  path: '/api/models/:modelId/location-groups',
  specPath: 'GET /api/models/{id}/location-groups',
  params: ModelParams,
  response: z.array(LocationGroup),
  produces: 'json',
  role: 'user',
  description: 'The location groups of a model.',
});

export const isolinesParameters = defineRoute({
  name: 'isolinesParameters',
  method: 'GET',
  path: '/api/models/:modelId/isolines-parameters',
  specPath: 'GET /api/models/{id}/isolines-parameters',
  params: ModelParams,
  response: z.array(IsolineParameter),
  produces: 'json',
  role: 'user',
  description: 'Isoline parameters per isoline set of a model (for the isoline tool).',
});

export const submodels = defineRoute({
  name: 'submodels',
  method: 'GET',
  path: '/api/models/:modelId/submodels',
  specPath: 'GET /api/models/{id}/submodels',
  params: ModelParams,
  response: z.array(Submodel),
  produces: 'json',
  role: 'user',
  description: "The sub-models of a model, 'Default' first.",
});

export const driverFilters = defineRoute({
  name: 'driverFilters',
  method: 'GET',
  path: '/api/models/:modelId/drivers',
  specPath: 'GET /api/models/{id}/drivers',
  params: ModelParams,
  response: z.array(DriverFilter),
  produces: 'json',
  role: 'user',
  description: 'The driver filters and their drivers (drivers editor).',
});

export const modelParameters = defineRoute({
  name: 'modelParameters',
  method: 'GET',
  path: '/api/models/:submodelId/model-parameters',
  specPath: 'GET /api/models/{id}/model-parameters',
  params: SubmodelParams,
  response: ModelParameters,
  produces: 'json',
  role: 'user',
  description: 'The model parameters of a sub-model (model-parameters editor).',
});

export const normalizedScoresFunctions = defineRoute({
  name: 'normalizedScoresFunctions',
  method: 'GET',
  path: '/api/models/:submodelId/normalized-scores-functions',
  specPath: 'GET /api/models/{id}/normalized-scores-functions',
  params: SubmodelParams,
  response: z.array(NormalizedScoresFunction),
  produces: 'json',
  role: 'user',
  description: 'The normalized scores functions of a sub-model.',
});

export const processingLog = defineRoute({
  name: 'processingLog',
  method: 'GET',
  path: '/api/models/:modelId/processing-log',
  specPath: 'GET /api/models/{id}/processing-log',
  params: ModelParams,
  response: z.array(ProcessingLogEntry),
  produces: 'json',
  role: 'user',
  description: 'The last 100 scenario processing records of a model, newest first; error only for global administrators.',
});

export const locationProperties = defineRoute({
  name: 'locationProperties',
  method: 'GET',
  path: '/api/models/:submodelId/location-properties',
  specPath: 'GET /api/models/{id}/location-properties',
  params: SubmodelParams,
  response: z.array(LocationProperty),
  produces: 'json',
  role: 'user',
  description: 'The location property definitions of a sub-model (filter, charts), values null.',
});

export const newLocationProperties = defineRoute({
  name: 'newLocationProperties',
  method: 'GET',
  path: '/api/models/:modelId/new-location-properties',
  specPath: 'GET /api/models/{id}/new-location-properties',
  params: ModelParams,
  response: z.array(NewLocationProperty),
  produces: 'json',
  role: 'user',
  description: 'The properties of a new location with their defaults copied to the values.',
});

export const mainLogo = defineRoute({
  name: 'mainLogo',
  method: 'GET',
  path: '/api/models/:modelId/main-logo',
  specPath: 'GET /api/models/{id}/main-logo',
  params: ModelParams,
  query: CacheKeyQuery,
  response: z.unknown(),
  produces: 'image',
  role: 'user',
  description: 'The model main logo (PNG or SVG); 404 when hasMainLogo is false.',
});

export const secondaryLogo = defineRoute({
  name: 'secondaryLogo',
  method: 'GET',
  path: '/api/models/:modelId/secondary-logo',
  specPath: 'GET /api/models/{id}/secondary-logo',
  params: ModelParams,
  query: CacheKeyQuery,
  response: z.unknown(),
  produces: 'image',
  role: 'user',
  description: 'The model secondary logo (PNG or SVG); 404 when hasSecondaryLogo is false.',
});
