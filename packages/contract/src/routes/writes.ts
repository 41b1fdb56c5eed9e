// Scenario and location writes. Every write is refused with 409 and a
// RuleMessage key when a scenario rule (status, change type, ownership)
// forbids it. A write
// that sends the version its user saw (body or query `version`) is refused
// with 409 changedElsewhere when the row moved on, and with 404
// locationNoLongerExists / scenarioNoLongerExists when it is gone.
import * as z from 'zod';
import { LocationWriteBody, LocationWriteResult } from '../entities/location';
import { MergeRequest, MergeResult } from '../entities/merge';
import { ScenarioCreateBody, ScenarioCreated, ScenarioDeleted, ScenarioOnlyStatus, Scenario, ScenarioUpdateBody } from '../entities/scenario';
import { booleanParam, idListParam, idParam } from '../primitives';
import { defineRoute } from './define';
import { LocationActionQuery, LocationWriteQuery, VersionQuery, locationId, modelId, scenarioId } from './params';

const ScenarioLocationParams = z.object({ scenarioId: scenarioId(), locationId: locationId() });

export const locationCreate = defineRoute({
  name: 'locationCreate',
  method: 'POST',
  path: '/api/models/scenarios/:scenarioId/locations',
  specPath: 'POST /api/models/scenarios/{sid}/locations',
  params: z.object({ scenarioId: scenarioId() }),
  query: LocationWriteQuery,
  body: LocationWriteBody,
  response: LocationWriteResult,
  produces: 'json',
  role: 'user',
  description: 'Opens a new location in the scenario (or in a new child scenario with createScenario).',
});

export const locationUpdate = defineRoute({
  name: 'locationUpdate',
  method: 'PUT',
  path: '/api/models/:modelId/scenarios/:scenarioId/locations/:locationId',
  specPath: 'PUT /api/models/{mid}/scenarios/{sid}/locations/{lid}',
  params: ScenarioLocationParams.extend({ modelId: modelId() }),
  query: LocationWriteQuery,
  body: LocationWriteBody,
  response: LocationWriteResult,
  produces: 'json',
  role: 'user',
  description: 'Edits a location in the scenario (changeType 0, 1 or 3).',
});

export const locationClose = defineRoute({
  name: 'locationClose',
  method: 'DELETE',
  path: '/api/models/scenarios/:scenarioId/locations/:locationId/close',
  specPath: 'DELETE /api/models/scenarios/{sid}/locations/{lid}/close',
  params: ScenarioLocationParams,
  query: LocationActionQuery,
  response: LocationWriteResult,
  produces: 'json',
  role: 'user',
  description: 'Closes an unchanged location (changeType 0) in the scenario.',
});

export const locationUndoClose = defineRoute({
  name: 'locationUndoClose',
  method: 'PUT',
  path: '/api/models/scenarios/:scenarioId/locations/:locationId/undo-close',
  specPath: 'PUT /api/models/scenarios/{sid}/locations/{lid}/undo-close',
  params: ScenarioLocationParams,
  query: LocationActionQuery,
  response: LocationWriteResult,
  produces: 'json',
  role: 'user',
  description: 'Undoes the closure of a location (changeType 2); the scenario needs a parent.',
});

export const locationUndoEdit = defineRoute({
  name: 'locationUndoEdit',
  method: 'PUT',
  path: '/api/models/scenarios/:scenarioId/locations/:locationId/undo-edit',
  specPath: 'PUT /api/models/scenarios/{sid}/locations/{lid}/undo-edit',
  params: ScenarioLocationParams,
  query: LocationActionQuery,
  response: LocationWriteResult,
  produces: 'json',
  role: 'user',
  description: 'Undoes the edit of a location (changeType 3); the scenario needs a parent.',
});

export const locationDelete = defineRoute({
  name: 'locationDelete',
  method: 'DELETE',
  path: '/api/models/scenarios/:scenarioId/locations/:locationId',
  specPath: 'DELETE /api/models/scenarios/{sid}/locations/{lid}',
  params: ScenarioLocationParams,
  query: LocationActionQuery,
  response: LocationWriteResult,
  produces: 'json',
  role: 'user',
  description: 'Deletes a location opened in the scenario (changeType 1); the scenario needs a parent.',
});

export const scenarioCreate = defineRoute({
  name: 'scenarioCreate',
  method: 'POST',
  path: '/api/models/:modelId/scenarios',
  specPath: 'POST /api/models/{mid}/scenarios',
  params: z.object({ modelId: modelId() }),
  body: ScenarioCreateBody,
  response: ScenarioCreated,
  produces: 'json',
  role: 'user',
  description: 'Creates a scenario under a parent; answers its id.',
});

export const scenarioUpdate = defineRoute({
  name: 'scenarioUpdate',
  method: 'PUT',
  path: '/api/models/:modelId/scenarios',
  specPath: 'PUT /api/models/{mid}/scenarios',
  params: z.object({ modelId: modelId() }),
  body: ScenarioUpdateBody,
  response: Scenario,
  produces: 'json',
  role: 'user',
  description: 'Updates name, isTop and competition of a scenario (not the base scenario); answers the scenario.',
});

export const scenarioDelete = defineRoute({
  name: 'scenarioDelete',
  method: 'DELETE',
  path: '/api/models/:modelId/scenarios/:scenarioId',
  specPath: 'DELETE /api/models/{mid}/scenarios/{id}',
  params: z.object({ modelId: modelId(), scenarioId: scenarioId() }),
  query: VersionQuery,
  response: ScenarioDeleted,
  produces: 'json',
  role: 'user',
  description: 'Removes a scenario without children (never the base scenario).',
});

export const scenarioStartProcessing = defineRoute({
  name: 'scenarioStartProcessing',
  method: 'PUT',
  path: '/api/models/scenarios/:scenarioId/start-processing',
  specPath: 'PUT /api/models/scenarios/{id}/start-processing',
  params: z.object({ scenarioId: scenarioId() }),
  response: ScenarioOnlyStatus,
  produces: 'json',
  role: 'user',
  description: 'Queues the scenario for calculation (status 1); 409 while it is processing.',
});

export const scenarioCopyChanges = defineRoute({
  name: 'scenarioCopyChanges',
  method: 'PUT',
  path: '/api/models/scenarios/:sourceScenarioId/copy-changes/:destinationScenarioId',
  specPath: 'PUT /api/models/scenarios/{src}/copy-changes/{dest}',
  params: z.object({ sourceScenarioId: idParam('sourceScenarioId'), destinationScenarioId: idParam('destinationScenarioId') }),
  query: z.object({
    deleteSourceScenario: booleanParam('deleteSourceScenario').optional().default(false),
    locations: idListParam('locations'),
  }),
  body: MergeRequest,
  response: MergeResult,
  produces: 'json',
  role: 'user',
  description: 'Copies the selected changed locations into a top scenario, optionally deleting the source; path, query and body must agree.',
});
