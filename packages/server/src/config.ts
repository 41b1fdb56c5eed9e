// Server configuration, read once from the environment. Every setting has an
// embedded default so `npm start` runs with nothing configured.
import { resolve } from 'node:path';

export interface IdentityConfig {
  /** 'builtin': the server's own OpenID Connect provider; 'external': e.g. Microsoft Entra ID. */
  mode: 'builtin' | 'external';
  /** Issuer (authority) URL of an external provider. */
  authority?: string;
  /** Where the external provider's signing keys are; discovered from the authority when unset. */
  jwksUri?: string;
  /** Expected audience of access tokens. */
  audience: string;
  /** The scope the app asks for. */
  scope: string;
  /** Client id of the single-page app. */
  clientId: string;
  /** Authority for password reset (B2C style), when the provider has one. */
  passwordResetAuthority?: string;
  /** Lifetime of access tokens of the built-in provider, seconds. */
  accessTokenTtl: number;
}

/** What the browser may load and who may frame or call the server (docs/security.md). */
export interface WebSecurityConfig {
  /** Origins of intranet pages that may frame the embed (CSP frame-ancestors); empty: only this origin. */
  embedOrigins: string[];
  /** Origins whose scripts may call the API from the browser (CORS); empty: none besides this origin. */
  corsOrigins: string[];
  /** Origins of the map tile providers and other services the app loads images and data from (CSP img-src, connect-src). */
  mapOrigins: string[];
  /** Trust X-Forwarded-* headers (client address for rate limits, https behind a proxy). */
  trustProxy: boolean;
}

/** The tile providers of the map (map-canvas tile sources) and the street-view service. */
export const DEFAULT_MAP_ORIGINS = [
  'https://api.mapbox.com',
  'https://tile.openstreetmap.org',
  'https://*.basemaps.cartocdn.com',
  'https://server.arcgisonline.com',
  'https://maps.googleapis.com',
];

/** A comma- or space-separated list of origins; each must be scheme://host[:port], a '*.' subdomain wildcard allowed. */
export function originList(name: string, value: string | undefined, fallback: string[] = []): string[] {
  if (value === undefined || value.trim() === '') return fallback;
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((origin) => {
      const clean = origin.replace(/\/$/, '');
      if (!/^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/.test(clean)) {
        throw new Error(`${name}: '${origin}' is not an origin such as https://intranet.example.com`);
      }
      return clean;
    });
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** The origin users reach, e.g. https://localhost:8080 (derived from host and port when unset). */
  publicUrl: string;
  tlsCertFile?: string;
  tlsKeyFile?: string;
  /** Plain HTTP instead of HTTPS: only behind a TLS-terminating proxy (the built-in sign-in needs https). */
  insecureHttp: boolean;
  environment: string;
  role: 'all' | 'api' | 'worker';
  workers: number;
  demoSeed: number;
  /** Calculate a model's base scenario by itself when it is not calculated (at start, after a parameter change). */
  autoCalculateBase: boolean;
  streetViewKey?: string;
  /** XYZ imagery for the map's satellite toggle; unset: no toggle. */
  satellite?: { url: string; attribution: string | null };
  /** The street basemap drawn over the built-in one (see basemapSetting). */
  basemap: BasemapSetting;
  identity: IdentityConfig;
  web: WebSecurityConfig;
  /** The level of Fastify's request log (pino, JSON lines on standard output); 'silent' writes none. */
  logLevel: LogLevel;
  /**
   * Validate every JSON answer against the contract's response schema (an answer that does not match is a 500):
   * on with NODE_ENV development or test, off otherwise (production), where it would cost time on every call.
   */
  validateResponses: boolean;
}

/** pino's levels, most severe first. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL, checked at start; by default info, and silent under NODE_ENV=test. */
export function logLevel(env: NodeJS.ProcessEnv): LogLevel {
  const value = (env.LOG_LEVEL ?? '').trim();
  if (value === '') return env.NODE_ENV === 'test' ? 'silent' : 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not '${value}'`);
  return value as LogLevel;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, args: string[] = []): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '0.0.0.0';
  const insecureHttp = env.INSECURE_HTTP === 'true';
  const publicUrl = (env.PUBLIC_URL ?? `${insecureHttp ? 'http' : 'https'}://localhost:${port}`).replace(/\/$/, '');
  const roleArg = args[args.indexOf('--role') + 1];
  const role = (args.includes('--role') ? roleArg : (env.ROLE ?? 'all')) as ServerConfig['role'];
  if (!['all', 'api', 'worker'].includes(role)) throw new Error(`--role must be all, api or worker, not '${role}'`);
  const external = env.IDENTITY_AUTHORITY !== undefined && env.IDENTITY_AUTHORITY !== '';
  const satellite = satelliteImagery(env.SATELLITE_TILE_URL, env.SATELLITE_ATTRIBUTION);
  const basemap = basemapSetting(env);
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    tlsCertFile: env.TLS_CERT || undefined,
    tlsKeyFile: env.TLS_KEY || undefined,
    insecureHttp,
    environment: env.ENVIRONMENT ?? 'Demo',
    role,
    workers: Number(env.WORKERS ?? 1),
    demoSeed: Number(env.DEMO_SEED ?? 1),
    autoCalculateBase: env.AUTO_CALCULATE_BASE !== 'false',
    streetViewKey: env.STREET_VIEW_KEY || undefined,
    satellite,
    basemap,
    identity: {
      mode: external ? 'external' : 'builtin',
      authority: external ? env.IDENTITY_AUTHORITY : `${publicUrl}/oidc`,
      jwksUri: env.IDENTITY_JWKS_URI || undefined,
      audience: env.IDENTITY_AUDIENCE ?? `${publicUrl}/api`,
      scope: env.IDENTITY_SCOPE ?? `${publicUrl}/api/access`,
      clientId: env.IDENTITY_CLIENT_ID ?? 'locus-planner',
      passwordResetAuthority: env.IDENTITY_PASSWORD_RESET_AUTHORITY || undefined,
      accessTokenTtl: Number(env.IDENTITY_ACCESS_TOKEN_TTL ?? 3600),
    },
    web: {
      embedOrigins: originList('EMBED_ORIGINS', env.EMBED_ORIGINS),
      corsOrigins: originList('CORS_ORIGINS', env.CORS_ORIGINS),
      mapOrigins: withOrigin(withOrigin(originList('MAP_ORIGINS', env.MAP_ORIGINS, DEFAULT_MAP_ORIGINS), satellite?.origin), basemapOrigin(basemap)),
      trustProxy: env.TRUST_PROXY !== undefined && env.TRUST_PROXY !== '' ? env.TRUST_PROXY === 'true' : insecureHttp,
    },
    logLevel: logLevel(env),
    validateResponses: env.NODE_ENV === 'development' || env.NODE_ENV === 'test',
  };
}

/**
 * The satellite imagery setting: an http(s) XYZ template with {z}, {x} and {y}
 * ({s} subdomains of the template's host are not supported); its origin is
 * added to the map origins the browser may load from.
 */
export function satelliteImagery(
  url: string | undefined,
  attribution: string | undefined,
): { url: string; attribution: string | null; origin: string } | undefined {
  if (url === undefined || url.trim() === '') return undefined;
  const template = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(template.replace(/\{-?[a-z]\}/g, '0'));
  } catch {
    throw new Error(`SATELLITE_TILE_URL: '${template}' is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('SATELLITE_TILE_URL must be an http or https address');
  if (!template.includes('{z}') || !template.includes('{x}') || !(template.includes('{y}') || template.includes('{-y}'))) {
    throw new Error('SATELLITE_TILE_URL must contain {z}, {x} and {y}');
  }
  return { url: template, attribution: attribution?.trim() || null, origin: parsed.origin };
}

function withOrigin(origins: string[], origin: string | undefined): string[] {
  return origin && !origins.includes(origin) ? [...origins, origin] : origins;
}

/** The schemas of vector tiles the map has a style for. */
export const BASEMAP_SCHEMAS = ['brt', 'openmaptiles', 'protomaps'] as const;
export type BasemapSchema = (typeof BASEMAP_SCHEMAS)[number];

/** The Dutch government's open BRT-Achtergrondkaart as Mapbox Vector Tiles (PDOK, OGC API Tiles, CC BY 4.0, no key). */
export const PDOK_BRT_VECTOR_URL = 'https://api.pdok.nl/kadaster/brt-achtergrondkaart/ogc/v1/tiles/WebMercatorQuad/{z}/{y}/{x}?f=mvt';
export const PDOK_BRT_ATTRIBUTION = 'Kaartgegevens © Kadaster';
/** Where the server serves the PMTiles archive of BASEMAP_PMTILES (with range requests). */
export const BASEMAP_ARCHIVE_PATH = '/basemap/streets.pmtiles';

/**
 * The street basemap, drawn over the built-in Natural Earth basemap (which shows wherever street
 * tiles are missing or cannot be loaded):
 * - builtin: none (BASEMAP=builtin), the built-in basemap only;
 * - raster: XYZ image tiles (BASEMAP_TILE_URL);
 * - vector: Mapbox Vector Tiles from a URL template (BASEMAP_VECTOR_URL; by default PDOK's BRT-Achtergrondkaart);
 * - pmtiles: vector tiles from one PMTiles archive on this server's disk (BASEMAP_PMTILES).
 */
export type BasemapSetting =
  | { kind: 'builtin' }
  | { kind: 'raster'; url: string; attribution: string | null; maxZoom: number; origin: string }
  | { kind: 'vector'; url: string; schema: BasemapSchema; attribution: string | null; minZoom: number; maxZoom: number; origin: string }
  | { kind: 'pmtiles'; file: string; schema: BasemapSchema; attribution: string | null };

/** Reads the BASEMAP_* settings; a contradictory or malformed setting stops the start with its name. */
export function basemapSetting(env: NodeJS.ProcessEnv): BasemapSetting {
  const value = (name: string) => (env[name] ?? '').trim();
  const mode = value('BASEMAP');
  if (mode !== '' && mode !== 'builtin' && mode !== 'streets') throw new Error(`BASEMAP must be 'streets' or 'builtin', not '${mode}'`);
  const set = ['BASEMAP_TILE_URL', 'BASEMAP_VECTOR_URL', 'BASEMAP_PMTILES'].filter((name) => value(name) !== '');
  if (set.length > 1) throw new Error(`Set only one of ${set.join(' and ')}: each names a whole street basemap`);
  if (mode === 'builtin') return { kind: 'builtin' };
  const attribution = value('BASEMAP_ATTRIBUTION') || null;
  const schemaValue = value('BASEMAP_SCHEMA');
  if (schemaValue !== '' && !(BASEMAP_SCHEMAS as readonly string[]).includes(schemaValue)) {
    throw new Error(`BASEMAP_SCHEMA must be one of ${BASEMAP_SCHEMAS.join(', ')}, not '${schemaValue}'`);
  }
  const schema = (schemaValue || null) as BasemapSchema | null;
  const zoom = (name: string, fallback: number) => {
    const v = value(name);
    if (v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 24) throw new Error(`${name} must be a whole zoom level from 0 to 24, not '${v}'`);
    return n;
  };
  if (set[0] === 'BASEMAP_PMTILES') {
    return {
      kind: 'pmtiles',
      file: resolve(value('BASEMAP_PMTILES')),
      schema: schema ?? 'protomaps',
      attribution: attribution ?? '© OpenStreetMap contributors',
    };
  }
  if (set[0] === 'BASEMAP_TILE_URL') {
    const url = value('BASEMAP_TILE_URL');
    return { kind: 'raster', url, attribution, maxZoom: zoom('BASEMAP_MAX_ZOOM', 19), origin: templateOrigin('BASEMAP_TILE_URL', url) };
  }
  const custom = value('BASEMAP_VECTOR_URL');
  const url = custom || PDOK_BRT_VECTOR_URL;
  return {
    kind: 'vector',
    url,
    schema: schema ?? (custom ? 'openmaptiles' : 'brt'),
    attribution: attribution ?? (custom ? null : PDOK_BRT_ATTRIBUTION),
    minZoom: zoom('BASEMAP_MIN_ZOOM', custom ? 0 : 6),
    maxZoom: zoom('BASEMAP_MAX_ZOOM', custom ? 14 : 17),
    origin: templateOrigin('BASEMAP_VECTOR_URL', url),
  };
}

/** An http(s) tile URL template with {z}, {x} and {y} (or {-y}); returns its origin. */
function templateOrigin(name: string, template: string): string {
  let parsed: URL;
  try {
    parsed = new URL(template.replace(/\{-?[a-z]\}/g, '0'));
  } catch {
    throw new Error(`${name}: '${template}' is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`${name} must be an http or https address`);
  if (!template.includes('{z}') || !template.includes('{x}') || !(template.includes('{y}') || template.includes('{-y}'))) {
    throw new Error(`${name} must contain {z}, {x} and {y}`);
  }
  return parsed.origin;
}

function basemapOrigin(basemap: BasemapSetting): string | undefined {
  return basemap.kind === 'raster' || basemap.kind === 'vector' ? basemap.origin : undefined;
}
