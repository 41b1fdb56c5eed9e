// System calls: environment, version, street-view key, sign-in configuration
// and readiness. All but the street-view key answer without a token. And the
// signed-in user's own settings (the chosen interface language).
import type { ServerContext } from '../context.js';
import type { Handlers } from '../http/register-routes.js';
import { msalConfiguration } from '../identity/index.js';
import { productVersion } from '../version.js';

export function systemHandlers(ctx: ServerContext): Handlers {
  return {
    systemEnvironment: async () => ({
      environment: ctx.config.environment,
      ...(ctx.config.satellite ? { satellite: { url: ctx.config.satellite.url, attribution: ctx.config.satellite.attribution } } : {}),
    }),
    systemVersion: async () => productVersion(),
    systemStreetViewKey: async () => ({ key: ctx.config.streetViewKey ?? null }),
    systemMsalConfiguration: async () => msalConfiguration(ctx.config),
    systemStatus: async () => (ctx.readiness.ready ? 1 : 0),
    userSettings: async ({ user }) => {
      const row = (await ctx.db.query<{ language: string | null }>('SELECT language FROM app_user WHERE id = $1', [user.id])).rows[0];
      return { language: row?.language ?? null };
    },
    userSettingsSave: async ({ user, body }) => {
      await ctx.db.query('UPDATE app_user SET language = $2 WHERE id = $1', [user.id, body.language]);
      return { language: body.language };
    },
  };
}
