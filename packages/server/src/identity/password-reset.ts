// Password-reset tokens of the built-in provider: a random token mailed to the
// login's address, stored only as its SHA-256 hash, valid for one hour and
// for one use.
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database.js';
import { setLoginPassword } from '../repo/logins.js';
import { endSessionsOf } from '../repo/oidc-payloads.js';
import { insertResetToken, useResetToken, validResetLogin, withdrawResetTokens } from '../repo/password-resets.js';
import { hashPassword } from './passwords.js';

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** The shortest password a reset accepts. */
export const MINIMUM_PASSWORD_LENGTH = 10;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createResetToken(db: Queryable, loginId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertResetToken(db, { tokenHash: hashToken(token), loginId, ttlSeconds: RESET_TOKEN_TTL_SECONDS });
  return token;
}

/** The login a token is for, while it is unused and unexpired. */
export async function findResetLogin(db: Queryable, token: string): Promise<number | undefined> {
  if (!token) return undefined;
  return validResetLogin(db, hashToken(token));
}

/** The password rule of a reset (docs/security.md): at least MINIMUM_PASSWORD_LENGTH characters, typed twice alike. */
export function passwordProblem(password: string, confirmation: string): 'tooShort' | 'mismatch' | undefined {
  if (password.length < MINIMUM_PASSWORD_LENGTH) return 'tooShort';
  if (password !== confirmation) return 'mismatch';
  return undefined;
}

/**
 * Sets the new password when the token is still valid, in one transaction: the
 * token is used up and every other open reset of the login is withdrawn.
 * Returns the login id, or undefined when the token is not (or no longer) valid.
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<number | undefined> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const loginId = await useResetToken(tx, hashToken(token));
    if (loginId === undefined) return undefined;
    await setLoginPassword(tx, loginId, passwordHash);
    await withdrawResetTokens(tx, loginId);
    // A new password ends every session, grant and refresh token issued before it; access tokens
    // issued before it are refused by the API (issued before password_changed, http/current-user.ts).
    await endSessionsOf(tx, String(loginId));
    return loginId;
  });
}
