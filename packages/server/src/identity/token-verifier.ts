// Checks the bearer token of an API call: signature (RS256), issuer, audience,
// expiry, and for the built-in provider the access-token type (at+jwt). The
// built-in provider's keys come from the database once (again only when a
// token names an unknown key); an external provider's keys are fetched from
// its JWKS and cached by jose.
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
} from 'jose';
import type { ServerContext } from '../context.js';
import { loadOrCreateSigningKeys, publicKeys } from './keys.js';
import { builtinIssuer } from './urls.js';

/** Who is calling, from the access token alone. */
export interface VerifiedToken {
  /** sub of the built-in provider; oid (else sub) of Microsoft Entra ID. */
  subject: string;
  name: string;
  username: string;
  email?: string;
  /** When the token was issued (seconds since 1970), when it says. */
  issuedAt?: number;
}

export type TokenVerifier = (authorizationHeader: string | undefined) => Promise<VerifiedToken>;

export interface TokenVerifierOptions {
  /** Seconds of clock difference tolerated on exp / nbf / iat (several machines); default 5. */
  clockToleranceSeconds?: number;
  /** fetch for an external provider's discovery document and keys (e.g. with a private CA). */
  fetch?: typeof fetch;
}

/** An error the API answers with its statusCode (401: no or bad token; 503: provider unreachable). */
export class TokenError extends Error {
  constructor(
    readonly statusCode: 401 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

/** After this long an unknown key id may trigger another look in the database. */
const KEY_RELOAD_COOLDOWN_MS = 30_000;

export async function createTokenVerifier(ctx: Pick<ServerContext, 'config' | 'db'>, options: TokenVerifierOptions = {}): Promise<TokenVerifier> {
  const { identity } = ctx.config;
  const clockTolerance = options.clockToleranceSeconds ?? 5;
  const builtin = identity.mode === 'builtin';
  const source = builtin ? await builtinKeySource(ctx) : externalKeySource(identity.authority, identity.jwksUri, options.fetch);

  // A token verified once is good until it expires: keep the result, so a burst of
  // calls with the same token costs one signature check.
  const verified = new Map<string, { token: VerifiedToken; expiresAt: number }>();
  return async (authorizationHeader) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorizationHeader ?? '');
    if (!match) throw new TokenError(401, authorizationHeader ? 'the Authorization header must be "Bearer <token>"' : 'a bearer token is required');
    const hit = verified.get(match[1]!);
    if (hit && hit.expiresAt > Date.now()) return hit.token;
    const { issuer, keys } = await source();
    const verifyOptions: JWTVerifyOptions = {
      issuer,
      audience: identity.audience,
      algorithms: ['RS256'],
      clockTolerance,
      requiredClaims: ['sub', 'exp'],
      ...(builtin ? { typ: 'at+jwt' } : {}),
    };
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(match[1]!, keys, verifyOptions));
    } catch (error) {
      throw new TokenError(401, `invalid token: ${describe(error)}`);
    }
    const token = toVerifiedToken(payload, builtin);
    if (verified.size >= 10_000) verified.clear();
    verified.set(match[1]!, { token, expiresAt: (payload.exp ?? 0) * 1000 });
    return token;
  };
}

type KeySource = () => Promise<{ issuer: string; keys: JWTVerifyGetKey }>;

async function builtinKeySource(ctx: Pick<ServerContext, 'config' | 'db'>): Promise<KeySource> {
  const issuer = builtinIssuer(ctx.config);
  let local = createLocalJWKSet({ keys: publicKeys(await loadOrCreateSigningKeys(ctx.db)) });
  let loadedAt = Date.now();
  // Another process may have created or replaced the keys: look again, but not on every bad token.
  const keys: JWTVerifyGetKey = async (header, token) => {
    try {
      return await local(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey) || Date.now() - loadedAt < KEY_RELOAD_COOLDOWN_MS) throw error;
      loadedAt = Date.now();
      local = createLocalJWKSet({ keys: publicKeys(await loadOrCreateSigningKeys(ctx.db)) });
      return local(header, token);
    }
  };
  return async () => ({ issuer, keys });
}

function externalKeySource(authority: string | undefined, jwksUri: string | undefined, fetchImpl: typeof fetch | undefined): KeySource {
  if (!authority) throw new Error('IDENTITY_AUTHORITY is required for an external identity provider');
  const fetchOptions = fetchImpl ? { [customFetch]: fetchImpl } : {};
  let resolved: Promise<{ issuer: string; keys: JWTVerifyGetKey }> | undefined;
  const resolve = async () => {
    // With IDENTITY_JWKS_URI the authority is the issuer; otherwise both come from discovery.
    if (jwksUri) return { issuer: authority, keys: createRemoteJWKSet(new URL(jwksUri), fetchOptions) };
    const url = `${authority.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const response = await (fetchImpl ?? fetch)(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const metadata = (await response.json()) as { issuer?: string; jwks_uri?: string };
    if (!metadata.issuer || !metadata.jwks_uri) throw new Error(`${url} has no issuer or jwks_uri`);
    return { issuer: metadata.issuer, keys: createRemoteJWKSet(new URL(metadata.jwks_uri), fetchOptions) };
  };
  return async () => {
    resolved ??= resolve();
    try {
      return await resolved;
    } catch (error) {
      resolved = undefined; // try again on the next call
      throw new TokenError(503, `the identity provider's discovery document could not be read: ${describe(error)}`);
    }
  };
}

function toVerifiedToken(payload: JWTPayload, builtin: boolean): VerifiedToken {
  const text = (key: string) => (typeof payload[key] === 'string' && payload[key] ? (payload[key] as string) : undefined);
  // Entra ID's sub differs per application; oid is the user's id in the directory (and in its user sync).
  const subject = (builtin ? text('sub') : (text('oid') ?? text('sub')))!;
  const username = text('preferred_username') ?? text('upn') ?? text('email') ?? text('unique_name') ?? subject;
  const email = text('email') ?? (username.includes('@') ? username : undefined);
  return {
    subject,
    name: text('name') ?? username,
    username,
    ...(email ? { email } : {}),
    ...(typeof payload.iat === 'number' ? { issuedAt: payload.iat } : {}),
  };
}

function describe(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'the token has expired';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'the signature does not verify';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'the token is signed with an unknown key';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `claim ${error.claim} ${error.reason === 'check_failed' ? 'is not the expected value' : error.reason}`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'the signing algorithm is not RS256';
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) return 'the token is malformed';
  return error instanceof Error ? error.message : String(error);
}
