// The rows the database writes into change_event (migration 016) for every
// change of a scenario, read by the change feed (events/feed.ts) in the order
// of their position (tx, id): the writing transaction's id and the row's
// serial.
import type { ScenarioEventKind } from '@locus/contract';
import type { Queryable } from '../db/database.js';

export interface ChangeEventRow {
  id: number;
  tx: string;
  model_id: number;
  scenario_id: number;
  kind: ScenarioEventKind;
  status: number;
  modified: Date;
}

/** A position: after the row (tx, id). */
export interface ChangePosition {
  tx: bigint;
  id: number;
}

const COLUMNS = 'id, tx::text AS tx, model_id, scenario_id, kind, status, modified';

/** The id of the oldest transaction still running: rows of older transactions are all committed and visible. */
export async function oldestRunningTransaction(db: Queryable): Promise<bigint> {
  const { rows } = await db.query<{ horizon: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon');
  return BigInt(rows[0]!.horizon);
}

/** Up to `limit` rows after the position of transactions older than the oldest one still running, in order. */
export async function settledChangesAfter(db: Queryable, from: ChangePosition, limit: number): Promise<ChangeEventRow[]> {
  return (
    await db.query<ChangeEventRow>(
      `SELECT ${COLUMNS} FROM change_event
        WHERE (tx, id) > ($1::text::xid8, $2::bigint) AND tx < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY tx, id LIMIT ${Math.floor(limit)}`,
      [from.tx.toString(), from.id],
    )
  ).rows;
}

/** Whether any row lies after the position (also of a transaction that has not ended). */
export async function changesPendingAfter(db: Queryable, position: ChangePosition): Promise<boolean> {
  const { rows } = await db.query<{ pending: boolean }>('SELECT EXISTS (SELECT 1 FROM change_event WHERE (tx, id) > ($1::text::xid8, $2::bigint)) AS pending', [
    position.tx.toString(),
    position.id,
  ]);
  return rows[0]?.pending === true;
}

/** Removes the rows older than the retention. */
export async function pruneChanges(db: Queryable, retentionSeconds: number): Promise<void> {
  await db.query(`DELETE FROM change_event WHERE at < now() - ($1::text)::interval`, [`${retentionSeconds} seconds`]);
}

/** Whether the row at the position is still kept. */
export async function changeKept(db: Queryable, position: ChangePosition): Promise<boolean> {
  const { rows } = await db.query<{ kept: boolean }>('SELECT EXISTS (SELECT 1 FROM change_event WHERE id = $1 AND tx = $2::text::xid8) AS kept', [
    position.id,
    position.tx.toString(),
  ]);
  return rows[0]?.kept === true;
}

/** Up to `limit` rows after `from` up to and including `to`, in order. */
export async function changesBetween(db: Queryable, from: ChangePosition, to: ChangePosition, limit: number): Promise<ChangeEventRow[]> {
  return (
    await db.query<ChangeEventRow>(
      `SELECT ${COLUMNS} FROM change_event
        WHERE (tx, id) > ($1::text::xid8, $2::bigint) AND (tx, id) <= ($3::text::xid8, $4::bigint)
        ORDER BY tx, id LIMIT ${Math.floor(limit)}`,
      [from.tx.toString(), from.id, to.tx.toString(), to.id],
    )
  ).rows;
}
