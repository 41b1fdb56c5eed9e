// Key material of the built-in provider, kept in table server_secret so every
// API process on one database signs and verifies with the same keys and reads
// the same cookies. Created once by whichever process starts first.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Queryable } from '../db/database.js';
import { storedSecret, storeSecretOnce } from '../repo/server-secrets.js';

const SIGNING_KEYS = 'oidc.signing-keys';
const COOKIE_KEYS = 'oidc.cookie-keys';

export interface SigningKeySet {
  /** Private RS256 keys for oidc-provider (the first signs). */
  keys: JWK[];
}

/** Stores value under name unless a value is there already, and returns what is stored. */
async function loadOrCreate<T>(db: Queryable, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await storedSecret<T>(db, name);
  if (existing) return existing.value;
  const value = await create();
  // Two processes starting together both try; the first insert wins and both read it back.
  await storeSecretOnce(db, name, value);
  return (await storedSecret<T>(db, name))!.value;
}

export function loadOrCreateSigningKeys(db: Queryable): Promise<SigningKeySet> {
  return loadOrCreate(db, SIGNING_KEYS, async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = privateKey.export({ format: 'jwk' }) as JWK;
    const kid = await calculateJwkThumbprint(jwk);
    return { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
  });
}

/** The public halves of the signing keys: what the token verifier and the JWKS endpoint show. */
export function publicKeys(set: SigningKeySet): JWK[] {
  return set.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }));
}

export function loadOrCreateCookieKeys(db: Queryable): Promise<string[]> {
  return loadOrCreate(db, COOKIE_KEYS, async () => [randomBytes(32).toString('base64url')]);
}
