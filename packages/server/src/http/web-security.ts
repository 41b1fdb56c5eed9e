// The web surface's protection, in one place (docs/security.md):
// - security headers on every answer through @fastify/helmet: a content
//   security policy fit for the planner app and the embed (scripts and styles
//   from this origin only, images and data from this origin and the configured
//   map services, web workers from blob:, framing only by this origin and the
//   configured intranet origins), HSTS when the public URL is https, nosniff,
//   a strict referrer policy;
// - CORS through @fastify/cors for the configured origins only (CORS_ORIGINS
//   and EMBED_ORIGINS), preflights answered;
// - @fastify/rate-limit, switched on per route (sign-in, password reset,
//   login creation), never globally;
// - Cache-Control on every API answer that does not set its own: JSON reads
//   'private, no-cache' (revalidated every time), everything else 'no-store'.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config.js';

/** The largest request body the API accepts (bytes); larger ones are refused with 413. */
export const REQUEST_BODY_LIMIT = 1024 * 1024;

/** Requests per client address and minute on the login-creation route. */
export const LOGIN_CREATE_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The Content-Security-Policy directives of the app, the embed and the API. */
export function contentSecurityPolicy(config: ServerConfig): Record<string, string[]> {
  const { web, identity } = config;
  // An external identity provider (Microsoft Entra ID): msal calls its token endpoint and may frame it for silent renewal.
  const authority = identity.mode === 'external' ? originOf(identity.authority) : undefined;
  const identityOrigins = authority ? [authority] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...web.mapOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...web.mapOrigins, ...identityOrigins],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...identityOrigins],
    'frame-ancestors': ["'self'", ...web.embedOrigins],
    'form-action': ["'self'", ...identityOrigins],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
  };
  if (config.publicUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export async function registerWebSecurity(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const { web } = config;
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // frame-ancestors governs framing; X-Frame-Options (one origin at most) only when no intranet may frame us.
    xFrameOptions: web.embedOrigins.length ? false : { action: 'sameorigin' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The embed's script and the images it shows are loaded by intranet pages.
    crossOriginResourcePolicy: { policy: web.embedOrigins.length ? 'cross-origin' : 'same-origin' },
    // msal's sign-in popup must be able to report back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });

  const allowed = [...new Set([...web.corsOrigins, ...web.embedOrigins])];
  await app.register(cors, {
    // A list: a preflight is always answered (204), with Access-Control-Allow-Origin only for a listed origin.
    origin: allowed.map((origin) =>
      origin.includes('*.') ? new RegExp(`^${origin.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace('*\\.', '[A-Za-z0-9-]+\\.')}$`) : origin,
    ),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'Accept', 'Accept-Language'],
    exposedHeaders: ['ETag', 'Content-Disposition', 'Retry-After'],
    maxAge: 600,
    strictPreflight: false,
  });

  await app.register(rateLimit, { global: false });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return payload;
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    const read = (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode < 400;
    reply.header('Cache-Control', read && json ? 'private, no-cache' : 'no-store');
    if (read && json) addVary(reply, 'Authorization');
    return payload;
  });
}

/** Adds names to the Vary header, keeping those set before (CORS sets Origin). */
export function addVary(reply: FastifyReply, ...names: string[]): void {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const missing = names.filter((name) => !current.some((v) => v.toLowerCase() === name.toLowerCase()));
  if (missing.length) reply.header('Vary', [...current, ...missing].join(', '));
}
