// System calls: environment, version, street-view key, sign-in configuration
// and readiness. All but the street-view key answer without a token. And the
// signed-in user's own settings (the chosen interface language).
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { msalConfiguration } from '../identity/index.js';
import { productVersion } from '../version.js';
import { BASEMAP_ARCHIVE_PATH, type ServerConfig } from '../config.js';
import type { StreetBasemap } from '@locus/contract';
import { setUserLanguage, userLanguage } from '../repo/users.js';

/** The street basemap as the app is told it (null: the built-in basemap only). */
export function streetBasemap(config: ServerConfig): StreetBasemap | null {
  const b = config.basemap;
  switch (b.kind) {
    case 'builtin':
      return null;
    case 'raster':
      return { kind: 'raster', url: b.url, attribution: b.attribution, maxZoom: b.maxZoom };
    case 'vector':
      return { kind: 'vector', url: b.url, archive: false, schema: b.schema, attribution: b.attribution, minZoom: b.minZoom, maxZoom: b.maxZoom };
    case 'pmtiles':
      // The archive's own header gives the zoom levels; these bound the requests until it is read.
      return {
        kind: 'vector',
        url: `${config.publicUrl}${BASEMAP_ARCHIVE_PATH}`,
        archive: true,
        schema: b.schema,
        attribution: b.attribution,
        minZoom: 0,
        maxZoom: 15,
      };
  }
}

export function systemHandlers(ctx: ServerContext) {
  return {
    systemEnvironment: async () => ({
      environment: ctx.config.environment,
      ...(ctx.config.satellite ? { satellite: { url: ctx.config.satellite.url, attribution: ctx.config.satellite.attribution } } : {}),
      ...(ctx.config.basemap.kind !== 'builtin' ? { basemap: streetBasemap(ctx.config) } : {}),
    }),
    systemVersion: async () => productVersion(),
    systemStreetViewKey: async () => ({ key: ctx.config.streetViewKey ?? null }),
    systemMsalConfiguration: async () => msalConfiguration(ctx.config),
    systemStatus: async () => (ctx.readiness.ready ? 1 : 0),
    userSettings: async ({ user }) => ({ language: await userLanguage(ctx.db, user.id) }),
    userSettingsSave: async ({ user, body }) => {
      await setUserLanguage(ctx.db, user.id, body.language);
      return { language: body.language };
    },
  } satisfies Partial<RouteHandlers>;
}
