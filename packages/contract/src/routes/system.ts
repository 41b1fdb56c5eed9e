// System calls: the ones the app makes before sign-in, and the help PDF.
import * as z from 'zod';
import { Locales } from '../constants';
import { Environment, MsalConfiguration, StreetViewKey, SystemStatus, Version } from '../entities/system';
import { enumParam } from '../primitives';
import { defineRoute, NoParams } from './define';

export const systemEnvironment = defineRoute({
  name: 'systemEnvironment',
  method: 'GET',
  path: '/api/system/environment',
  specPath: 'GET /api/system/environment',
  params: NoParams,
  response: Environment,
  produces: 'json',
  role: 'anonymous',
  description: 'The environment name (banner unless Production or Demo, report footer unless Production).',
});

export const systemVersion = defineRoute({
  name: 'systemVersion',
  method: 'GET',
  path: '/api/system/version',
  specPath: 'GET /api/system/version',
  params: NoParams,
  response: Version,
  produces: 'json',
  role: 'anonymous',
  description: 'Platform version and build date for the main menu.',
});

export const systemStreetViewKey = defineRoute({
  name: 'systemStreetViewKey',
  method: 'GET',
  path: '/api/system/street-view-key',
  specPath: 'GET /api/system/street-view-key',
  params: NoParams,
  response: StreetViewKey,
  produces: 'json',
  role: 'user',
  description: 'The street-view service key, null when none is configured.',
});

export const systemMsalConfiguration = defineRoute({
  name: 'systemMsalConfiguration',
  method: 'GET',
  path: '/api/system/msal-configuration',
  specPath: 'GET /api/system/msal-configuration',
  params: NoParams,
  response: MsalConfiguration,
  produces: 'json',
  role: 'anonymous',
  description: 'Sign-in configuration: the API scope and the MSAL options.',
});

export const systemStatus = defineRoute({
  name: 'systemStatus',
  method: 'GET',
  path: '/api/system/status',
  specPath: 'GET /api/system/status',
  params: NoParams,
  response: SystemStatus,
  produces: 'json',
  role: 'anonymous',
  description: 'System status: 1 when ready (the app polls every second before loading models).',
});

export const help = defineRoute({
  name: 'help',
  method: 'GET',
  path: '/api/help/:locale',
  specPath: 'GET /api/help/{locale}',
  params: z.object({ locale: enumParam('locale', Locales) }),
  response: z.unknown(),
  produces: 'pdf',
  role: 'anonymous',
  description: 'The user guide as PDF in the given locale (English when that locale has none).',
});

/** The signed-in person's own settings: the interface language they chose (null: the default rule). */
export const UserSettings = z.object({ language: z.enum(Locales).nullable() });
export type UserSettings = z.infer<typeof UserSettings>;

export const userSettings = defineRoute({
  name: 'userSettings',
  method: 'GET',
  path: '/api/users/me/settings',
  specPath: 'GET /api/users/me/settings',
  params: NoParams,
  response: UserSettings,
  produces: 'json',
  role: 'user',
  description:
    "The signed-in user's own settings: the chosen interface language (null: the model's language on the planner screens, the browser's on the admin screens).",
});

export const userSettingsSave = defineRoute({
  name: 'userSettingsSave',
  method: 'PUT',
  path: '/api/users/me/settings',
  specPath: 'PUT /api/users/me/settings',
  params: NoParams,
  body: UserSettings,
  response: UserSettings,
  produces: 'json',
  role: 'user',
  description: "Saves the signed-in user's own settings (the interface language, or null for the default rule).",
});
