// Password-reset tokens of the built-in provider: a random token mailed to the
// login's address, stored only as its SHA-256 hash, valid for one hour and
// for one use.
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database.js';
import { hashPassword } from './passwords.js';

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** The shortest password a reset accepts. */
export const MINIMUM_PASSWORD_LENGTH = 10;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createResetToken(db: Queryable, loginId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(`INSERT INTO password_reset (token_hash, login_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
    hashToken(token),
    loginId,
    RESET_TOKEN_TTL_SECONDS,
  ]);
  return token;
}

/** The login a token is for, while it is unused and unexpired. */
export async function findResetLogin(db: Queryable, token: string): Promise<number | undefined> {
  if (!token) return undefined;
  const rows = (
    await db.query<{ login_id: number }>('SELECT login_id FROM password_reset WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()', [
      hashToken(token),
    ])
  ).rows;
  return rows[0]?.login_id;
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
    const claimed = (
      await tx.query<{ login_id: number }>(
        `UPDATE password_reset SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING login_id`,
        [hashToken(token)],
      )
    ).rows[0];
    if (!claimed) return undefined;
    await tx.query('UPDATE login SET password_hash = $2, password_changed = now() WHERE id = $1', [claimed.login_id, passwordHash]);
    await tx.query('DELETE FROM password_reset WHERE login_id = $1 AND used_at IS NULL', [claimed.login_id]);
    // A new password ends every session, grant and refresh token issued before it; access tokens
    // issued before it are refused by the API (issued before password_changed, http/current-user.ts).
    await tx.query(`DELETE FROM oidc_payload WHERE payload->>'accountId' = $1`, [String(claimed.login_id)]);
    return claimed.login_id;
  });
}
