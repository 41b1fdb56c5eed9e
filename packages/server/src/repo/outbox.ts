// Mail of the built-in provider kept in table outbox (the outbox mailer,
// identity/mailer.ts; docs/identity.md tells how an operator reads it).
import type { Queryable } from '../db/database.js';

/** Keeps a mail in the outbox; answers its id. */
export async function keepInOutbox(db: Queryable, mail: { recipient: string; subject: string; body: string }): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO outbox (recipient, subject, body) VALUES ($1, $2, $3) RETURNING id', [
    mail.recipient,
    mail.subject,
    mail.body,
  ]);
  return rows[0]!.id;
}
