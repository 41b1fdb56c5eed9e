// Storage of oidc-provider (sessions, interactions, grants, codes, tokens) in
// table oidc_payload, so any API process on the database can continue what
// another began: a sign-in, a token refresh, a sign-out. Also what ends a
// login's sessions and tokens at once (a new password, a deleted login).
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/database.js';

/** How often one process removes expired rows (oidc_payload and password_reset). */
const PURGE_INTERVAL_MS = 10 * 60_000;

export function createOidcAdapterFactory(db: Queryable): (kind: string) => Adapter {
  let lastPurge = 0;
  const purgeNow = async () => {
    lastPurge = Date.now();
    await db.query('DELETE FROM oidc_payload WHERE expires_at < now()');
    await db.query('DELETE FROM password_reset WHERE expires_at < now()');
  };
  const purgeIfDue = async () => {
    if (Date.now() - lastPurge < PURGE_INTERVAL_MS) return;
    // Expired rows are invisible to find() anyway; failing to delete them must not fail a sign-in.
    await purgeNow().catch(() => undefined);
  };

  return (kind: string) => new OidcPayloadAdapter(db, kind, purgeIfDue);
}

type Row = { payload: AdapterPayload; consumed_at: Date | string | null };

class OidcPayloadAdapter implements Adapter {
  constructor(
    private readonly db: Queryable,
    private readonly kind: string,
    private readonly purgeIfDue: () => Promise<void>,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.purgeIfDue();
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
    await this.db.query(
      `INSERT INTO oidc_payload (kind, id, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at, consumed_at = NULL`,
      [this.kind, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresAt],
    );
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.one('id = $2', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.one('uid = $2', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.one('user_code = $2', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db.query('UPDATE oidc_payload SET consumed_at = now() WHERE kind = $1 AND id = $2', [this.kind, id]);
  }

  async destroy(id: string): Promise<void> {
    await this.db.query('DELETE FROM oidc_payload WHERE kind = $1 AND id = $2', [this.kind, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query('DELETE FROM oidc_payload WHERE kind = $1 AND grant_id = $2', [this.kind, grantId]);
  }

  private async one(condition: string, value: string): Promise<AdapterPayload | undefined> {
    const result = await this.db.query<Row>(
      `SELECT payload, consumed_at FROM oidc_payload
       WHERE kind = $1 AND ${condition} AND (expires_at IS NULL OR expires_at > now()) LIMIT 1`,
      [this.kind, value],
    );
    const row = result.rows[0];
    if (!row) return undefined;
    // oidc-provider tells a used code or rotated refresh token by a truthy `consumed`.
    if (row.consumed_at) return { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) };
    return row.payload;
  }
}

/** Ends every session, grant and refresh token of a built-in login. */
export async function endSessionsOf(q: Queryable, loginId: string): Promise<void> {
  await q.query(`DELETE FROM oidc_payload WHERE payload->>'accountId' = $1`, [loginId]);
}
