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
  return value.split(/[\s,]+/).filter(Boolean).map((origin) => {
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
  identity: IdentityConfig;
  web: WebSecurityConfig;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, args: string[] = []): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '0.0.0.0';
  const insecureHttp = env.INSECURE_HTTP === 'true';
  const publicUrl = (env.PUBLIC_URL ?? `${insecureHttp ? 'http' : 'https'}://localhost:${port}`).replace(/\/$/, '');
  const roleArg = args[args.indexOf('--role') + 1];
  const role = (args.includes('--role') ? roleArg : env.ROLE ?? 'all') as ServerConfig['role'];
  if (!['all', 'api', 'worker'].includes(role)) throw new Error(`--role must be all, api or worker, not '${role}'`);
  const external = env.IDENTITY_AUTHORITY !== undefined && env.IDENTITY_AUTHORITY !== '';
  const satellite = satelliteImagery(env.SATELLITE_TILE_URL, env.SATELLITE_ATTRIBUTION);
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
      mapOrigins: withOrigin(originList('MAP_ORIGINS', env.MAP_ORIGINS, DEFAULT_MAP_ORIGINS), satellite?.origin),
      trustProxy: env.TRUST_PROXY !== undefined && env.TRUST_PROXY !== '' ? env.TRUST_PROXY === 'true' : insecureHttp,
    },
  };
}

/**
 * The satellite imagery setting: an http(s) XYZ template with {z}, {x} and {y}
 * ({s} subdomains of the template's host are not supported); its origin is
 * added to the map origins the browser may load from.
 */
export function satelliteImagery(url: string | undefined, attribution: string | undefined): { url: string; attribution: string | null; origin: string } | undefined {
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
