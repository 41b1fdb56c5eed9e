// Admin calls (the spec's Admin calls): log, users, logins, model access and
// scenario processing. Global administrators only.
import * as z from 'zod';
import { LogDefaultEventType } from '../constants';
import {
  AdminModel,
  CreatedLogin,
  Login,
  LoginCreateBody,
  LoginDeleted,
  LoginId,
  LoginUpdateBody,
  ModelUser,
  ModelUsersSaveBody,
  ScenarioStatusEntry,
  StartProcessingUnprocessedResult,
  User,
  UserModelAccess,
  UserModelsSaveBody,
  UserSyncResult,
} from '../entities/admin';
import { LogEntry } from '../entities/logs';
import { idParam, intParam, limitedText, TextLimit } from '../primitives';
import { defineRoute, NoParams } from './define';
import { modelId } from './params';

export const adminLog = defineRoute({
  name: 'adminLog',
  method: 'GET',
  path: '/api/admin/log',
  specPath: 'GET /api/admin/log',
  params: NoParams,
  query: z.object({
    /** Bitmask of 8 information, 4 warning, 2 error. */
    eventType: intParam('eventType', 0, 255).optional().default(LogDefaultEventType),
    /** Empty for every source. */
    source: limitedText('source', TextLimit.name).optional().default(''),
  }),
  response: z.array(LogEntry),
  produces: 'json',
  role: 'globalAdmin',
  description: 'The last 100 log records of the selected event types and source, newest first.',
});

export const adminUsers = defineRoute({
  name: 'adminUsers',
  method: 'GET',
  path: '/api/admin/users',
  specPath: 'GET /api/admin/users',
  params: NoParams,
  response: z.array(User),
  produces: 'json',
  role: 'globalAdmin',
  description: 'Every user.',
});

export const adminScenarioStatus = defineRoute({
  name: 'adminScenarioStatus',
  method: 'GET',
  path: '/api/admin/scenarioStatus',
  specPath: 'GET /api/admin/scenarioStatus',
  params: NoParams,
  response: z.array(ScenarioStatusEntry),
  produces: 'json',
  role: 'globalAdmin',
  description: 'Scenario processing counts per model.',
});

export const adminLogins = defineRoute({
  name: 'adminLogins',
  method: 'GET',
  path: '/api/admin/logins',
  specPath: 'GET /api/admin/logins',
  params: NoParams,
  response: z.array(Login),
  produces: 'json',
  role: 'globalAdmin',
  description: 'The logins of the directory (password null).',
});

export const adminModels = defineRoute({
  name: 'adminModels',
  method: 'GET',
  path: '/api/admin/models',
  specPath: 'GET /api/admin/models',
  params: NoParams,
  response: z.array(AdminModel),
  produces: 'json',
  role: 'globalAdmin',
  description: 'Every model.',
});

export const adminUserModels = defineRoute({
  name: 'adminUserModels',
  method: 'GET',
  path: '/api/admin/models/:userId',
  specPath: 'GET /api/admin/models/{userId}',
  params: z.object({ userId: idParam('userId') }),
  response: z.array(UserModelAccess),
  produces: 'json',
  role: 'globalAdmin',
  description: "One row per model with the user's access and admin flag.",
});

export const adminModelUsers = defineRoute({
  name: 'adminModelUsers',
  method: 'GET',
  path: '/api/admin/users/:modelId',
  specPath: 'GET /api/admin/users/{modelId}',
  params: z.object({ modelId: modelId() }),
  response: z.array(ModelUser),
  produces: 'json',
  role: 'globalAdmin',
  description: 'One row per user with access to the model, orphans (deletedFromAzureAd 1) included.',
});

export const adminLoginUpdate = defineRoute({
  name: 'adminLoginUpdate',
  method: 'PUT',
  path: '/api/admin/logins',
  specPath: 'PUT /api/admin/logins',
  params: NoParams,
  body: LoginUpdateBody,
  response: Login,
  produces: 'json',
  role: 'globalAdmin',
  description: "Updates a login's display name and email.",
});

export const adminLoginDelete = defineRoute({
  name: 'adminLoginDelete',
  method: 'DELETE',
  path: '/api/admin/logins/:loginId',
  specPath: 'DELETE /api/admin/logins/{id}',
  params: z.object({ loginId: LoginId }),
  response: LoginDeleted,
  produces: 'json',
  role: 'globalAdmin',
  description: 'Deletes a login from the directory: the user can no longer sign in, in any environment.',
});

export const adminLoginCreate = defineRoute({
  name: 'adminLoginCreate',
  method: 'POST',
  path: '/api/admin/logins',
  specPath: 'POST /api/admin/logins/',
  params: NoParams,
  body: LoginCreateBody,
  response: CreatedLogin,
  produces: 'json',
  role: 'globalAdmin',
  description: 'Creates a login with a generated password; answers the created-login JSON (shown once).',
});

export const adminModelUsersSave = defineRoute({
  name: 'adminModelUsersSave',
  method: 'PUT',
  path: '/api/admin/models',
  specPath: 'PUT /api/admin/models',
  params: NoParams,
  body: ModelUsersSaveBody,
  response: z.array(ModelUser),
  produces: 'json',
  role: 'globalAdmin',
  description: "Saves the users' access and admin flags of one model; admin without access is refused (400).",
});

export const adminUserModelsSave = defineRoute({
  name: 'adminUserModelsSave',
  method: 'PUT',
  path: '/api/admin/users',
  specPath: 'PUT /api/admin/users',
  params: NoParams,
  body: UserModelsSaveBody,
  response: z.array(UserModelAccess),
  produces: 'json',
  role: 'globalAdmin',
  description: "Saves one user's access and admin flags per model.",
});

export const adminStartProcessingUnprocessed = defineRoute({
  name: 'adminStartProcessingUnprocessed',
  method: 'PUT',
  path: '/api/admin/:modelId/start-processing-unprocessed',
  specPath: 'PUT /api/admin/{modelId}/start-processing-unprocessed',
  params: z.object({ modelId: modelId() }),
  response: StartProcessingUnprocessedResult,
  produces: 'json',
  role: 'globalAdmin',
  description: 'Queues every unprocessed scenario (status 0) of a model; answers how many.',
});

export const adminUsersSync = defineRoute({
  name: 'adminUsersSync',
  method: 'PUT',
  path: '/api/admin/users/sync',
  specPath: 'PUT /api/admin/users/sync',
  params: NoParams,
  response: UserSyncResult,
  produces: 'json',
  role: 'globalAdmin',
  description: 'Synchronizes users from the directory: adds new ones, marks removed ones deletedFromAzureAd.',
});
