// The system calls' answers (the spec's System calls).
import * as z from 'zod';

/** An XYZ imagery source for the map's satellite toggle. */
export const SatelliteImagery = z.object({
  /** Tile URL template with {z}, {x} and {y} (optionally {s} and {-y}). */
  url: z.string().min(1),
  /** Credit line shown on the map while the imagery is on; null when none is configured. */
  attribution: z.string().nullable(),
});
export type SatelliteImagery = z.infer<typeof SatelliteImagery>;

/**
 * The street basemap drawn over the built-in one: raster XYZ tiles, or Mapbox Vector Tiles from a URL
 * template or from a PMTiles archive (`archive`: the URL of the archive, read with range requests).
 */
export const StreetBasemap = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('raster'),
    /** Tile URL template with {z}, {x} and {y} (optionally {-y}, and {r} for 2x tiles). */
    url: z.string().min(1),
    attribution: z.string().nullable(),
    maxZoom: z.number().int().min(0).max(24),
  }),
  z.object({
    kind: z.literal('vector'),
    /** Tile URL template with {z}, {x} and {y}; or the address of a PMTiles archive when `archive` is true. */
    url: z.string().min(1),
    archive: z.boolean(),
    /** The tile schema whose style draws the tiles. */
    schema: z.enum(['brt', 'openmaptiles', 'protomaps']),
    attribution: z.string().nullable(),
    minZoom: z.number().int().min(0).max(24),
    maxZoom: z.number().int().min(0).max(24),
  }),
]);
export type StreetBasemap = z.infer<typeof StreetBasemap>;

export const Environment = z.object({
  /** 'Production', 'Demo', 'Test', ...: a banner shows unless Production or Demo. */
  environment: z.string().min(1),
  /** The satellite imagery source; absent or null when none is configured (the toggle is then absent). */
  satellite: SatelliteImagery.nullable().optional(),
  /** The street basemap; absent or null: the built-in basemap only. */
  basemap: StreetBasemap.nullable().optional(),
});
export type Environment = z.infer<typeof Environment>;

export const Version = z.object({
  version: z.string(),
  /** The date of the build, 'YYYY-MM-DD'. */
  buildDate: z.iso.date(),
});
export type Version = z.infer<typeof Version>;

/** 1 when ready; anything else while the database is starting. */
export const SystemStatus = z.number().int();
export type SystemStatus = z.infer<typeof SystemStatus>;

/** The key of the street-view service; null when none is configured (the figure shows unavailable). */
export const StreetViewKey = z.object({ key: z.string().nullable() });
export type StreetViewKey = z.infer<typeof StreetViewKey>;

/** The @azure/msal-browser Configuration; only the fields the app relies on are checked. */
export const MsalOptions = z.looseObject({
  auth: z.looseObject({
    clientId: z.string().min(1),
    authority: z.url(),
    knownAuthorities: z.array(z.string()).optional(),
    redirectUri: z.string().optional(),
    postLogoutRedirectUri: z.string().optional(),
  }),
  cache: z.looseObject({}).optional(),
  system: z.looseObject({ protocolMode: z.string().optional() }).optional(),
});
export type MsalOptions = z.infer<typeof MsalOptions>;

/** The loginRedirect request that opens the password reset: the built-in provider's form, or an external reset authority. */
export const PasswordResetRequest = z.union([
  z.object({ scopes: z.array(z.string()), prompt: z.literal('login'), extraQueryParameters: z.object({ ui_flow: z.string() }) }),
  z.object({ scopes: z.array(z.string()), authority: z.url() }),
]);
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

export const MsalConfiguration = z.object({
  /** The API scope asked for at sign-in. */
  scope: z.string().min(1),
  options: MsalOptions,
  /** Null when the provider has no reset flow the app can open. */
  passwordResetRequest: PasswordResetRequest.nullable(),
});
export type MsalConfiguration = z.infer<typeof MsalConfiguration>;
