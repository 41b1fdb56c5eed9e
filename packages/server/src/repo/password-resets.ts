// Password-reset tokens of the built-in provider (table password_reset), kept
// as hashes only, each with its login, expiry and use.
import type { Queryable } from '../db/database.js';

export async function insertResetToken(db: Queryable, reset: { tokenHash: string; loginId: number; ttlSeconds: number }): Promise<void> {
  await db.query(`INSERT INTO password_reset (token_hash, login_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
    reset.tokenHash,
    reset.loginId,
    reset.ttlSeconds,
  ]);
}

/** The login of a token that is unused and unexpired. */
export async function validResetLogin(db: Queryable, tokenHash: string): Promise<number | undefined> {
  return (
    await db.query<{ login_id: number }>('SELECT login_id FROM password_reset WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()', [tokenHash])
  ).rows[0]?.login_id;
}

/** Uses up a token that is unused and unexpired; answers its login, or undefined. */
export async function useResetToken(tx: Queryable, tokenHash: string): Promise<number | undefined> {
  return (
    await tx.query<{ login_id: number }>(
      `UPDATE password_reset SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING login_id`,
      [tokenHash],
    )
  ).rows[0]?.login_id;
}

/** Withdraws every open reset of a login. */
export async function withdrawResetTokens(tx: Queryable, loginId: number): Promise<void> {
  await tx.query('DELETE FROM password_reset WHERE login_id = $1 AND used_at IS NULL', [loginId]);
}
