// The processing queue lives in table scenario: status 1 is waiting; a worker
// claims a scenario with SELECT ... FOR UPDATE SKIP LOCKED (so two workers
// never take the same one), steps its status 2 to 8 while it works, writes a
// heartbeat, and ends at 9 or 10. A scenario in 2..8 whose heartbeat is older
// than the claim timeout belongs to a worker that died: it is claimed again.
// Every update after the claim names the claiming worker, so a worker that
// lost its claim can change nothing.
import type { Database, Queryable } from '../db/database.js';

export interface Claim {
  scenarioId: number;
  modelId: number;
  name: string;
  parentScenarioId: number | null;
  /** The status it had: 1, or 2..8 when taken over from a worker that died. */
  previousStatus: number;
  previousWorker: string | null;
  /** The claim's time as the database wrote it (text, to the microsecond): names this claim apart from a later one. */
  claimedAt: string;
}

/** Thrown when the worker no longer holds its claim (another took it over, or the scenario changed). */
export class ClaimLostError extends Error {}

export interface QueuedScenario {
  id: number;
  status: number;
  modified: Date;
  modelId: number;
  name: string;
}

/** Queues a scenario (status 1) unless it is waiting or processing already; answers undefined then. */
export async function requestProcessing(db: Database, scenarioId: number, user: { id: number; title: string } | null): Promise<QueuedScenario | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; status: number; modified: Date; model_id: number; name: string }>(
      `UPDATE scenario SET status = 1, processing_requested_by = $2, claimed_by = NULL, claimed_at = clock_timestamp(), heartbeat_at = NULL
        WHERE id = $1 AND NOT (status BETWEEN 1 AND 8)
        RETURNING id, status, modified, model_id, name`,
      [scenarioId, user?.id ?? null],
    );
    const row = rows[0];
    if (!row) return undefined;
    await tx.query('INSERT INTO processing_log (scenario_id, model_id, scenario_name, user_name) VALUES ($1, $2, $3, $4)', [
      row.id,
      row.model_id,
      row.name,
      user?.title ?? null,
    ]);
    return { id: row.id, status: row.status, modified: row.modified, modelId: row.model_id, name: row.name };
  });
}

/** Queues every unprocessed scenario (status 0) of a model; answers how many. */
export async function requestProcessingOfUnprocessed(db: Database, modelId: number, user: { id: number; title: string } | null): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; name: string }>(
      `UPDATE scenario SET status = 1, processing_requested_by = $2, claimed_by = NULL, claimed_at = clock_timestamp(), heartbeat_at = NULL
        WHERE model_id = $1 AND status = 0 RETURNING id, name`,
      [modelId, user?.id ?? null],
    );
    for (const row of rows) {
      await tx.query('INSERT INTO processing_log (scenario_id, model_id, scenario_name, user_name) VALUES ($1, $2, $3, $4)', [
        row.id,
        modelId,
        row.name,
        user?.title ?? null,
      ]);
    }
    return rows.length;
  });
}

/**
 * Claims the next waiting scenario, or one whose worker died; undefined when
 * there is none. First come, first served: a waiting scenario's claimed_at is
 * when it was queued (NULL, first, when it went back to the queue), so a
 * steady stream of requests cannot keep a newer scenario waiting.
 */
export async function claimNext(db: Database, worker: string, claimTimeoutMs: number): Promise<Claim | undefined> {
  // Most polls find nothing: one statement says so without opening a transaction (with the embedded database's
  // one connection every other statement waits while a transaction is open, also for the thread's way back and
  // forth between its statements). A scenario queued just after this look is claimed at the next poll or wake.
  const waiting = await db.query<{ waiting: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM scenario
        WHERE status = 1
           OR (status BETWEEN 2 AND 8 AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $1::double precision / 1000)))) AS waiting`,
    [claimTimeoutMs],
  );
  if (!waiting.rows[0]?.waiting) return undefined;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: number;
      model_id: number;
      name: string;
      parent_scenario_id: number | null;
      status: number;
      claimed_by: string | null;
    }>(
      `SELECT id, model_id, name, parent_scenario_id, status, claimed_by FROM scenario
        WHERE status = 1
           OR (status BETWEEN 2 AND 8 AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $1::double precision / 1000)))
        ORDER BY claimed_at NULLS FIRST, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED`,
      [claimTimeoutMs],
    );
    const row = rows[0];
    if (!row) return undefined;
    const claimed = await tx.query<{ claimed_at: string }>(
      `UPDATE scenario SET status = 2, claimed_by = $2, claimed_at = now(), heartbeat_at = now() WHERE id = $1 RETURNING claimed_at::text`,
      [row.id, worker],
    );
    const log = await tx.query(
      `UPDATE processing_log SET started = now(), ended = NULL, error = NULL, worker = $2, claims = claims + 1
        WHERE id = (SELECT max(id) FROM processing_log WHERE scenario_id = $1)`,
      [row.id, worker],
    );
    if (log.rowCount === 0) {
      // Queued by other means than the API (e.g. directly in the database): the log still gets its row.
      await tx.query(`INSERT INTO processing_log (scenario_id, model_id, scenario_name, started, worker, claims) VALUES ($1, $2, $3, now(), $4, 1)`, [
        row.id,
        row.model_id,
        row.name,
        worker,
      ]);
    }
    return {
      scenarioId: row.id,
      modelId: row.model_id,
      name: row.name,
      parentScenarioId: row.parent_scenario_id,
      previousStatus: row.status,
      previousWorker: row.claimed_by,
      claimedAt: claimed.rows[0]!.claimed_at,
    };
  });
}

/**
 * Gives a claim back to the queue (status 1) after its calculation met a
 * database outage, so that it is calculated again at once instead of after
 * the claim timeout. Only this very claim (worker and claim time): one taken
 * over meanwhile is left alone. Answers whether it was given back.
 */
export async function releaseClaim(db: Queryable, claim: Claim, worker: string): Promise<boolean> {
  const r = await db.query(
    `UPDATE scenario SET status = 1, claimed_by = NULL, claimed_at = NULL, heartbeat_at = NULL
      WHERE id = $1 AND claimed_by = $2 AND claimed_at = $3::timestamptz AND status BETWEEN 2 AND 8`,
    [claim.scenarioId, worker, claim.claimedAt],
  );
  return r.rowCount === 1;
}

/** Writes the heartbeat; throws ClaimLostError when the claim is gone. */
export async function heartbeat(db: Queryable, scenarioId: number, worker: string): Promise<void> {
  const r = await db.query('UPDATE scenario SET heartbeat_at = now() WHERE id = $1 AND claimed_by = $2 AND status BETWEEN 2 AND 8', [scenarioId, worker]);
  if (r.rowCount === 0) throw new ClaimLostError(`scenario ${scenarioId} is no longer claimed by ${worker}`);
}

/** Moves the status to the next step (2..8); throws ClaimLostError when the claim is gone. */
export async function setStep(db: Queryable, scenarioId: number, worker: string, status: number): Promise<void> {
  const r = await db.query('UPDATE scenario SET status = $3, heartbeat_at = now() WHERE id = $1 AND claimed_by = $2 AND status BETWEEN 2 AND 8', [
    scenarioId,
    worker,
    status,
  ]);
  if (r.rowCount === 0) throw new ClaimLostError(`scenario ${scenarioId} is no longer claimed by ${worker}`);
}

/** Inside the storing transaction: locks the scenario row if the claim still holds, else throws ClaimLostError. */
export async function lockClaim(tx: Queryable, scenarioId: number, worker: string): Promise<void> {
  const { rows } = await tx.query('SELECT id FROM scenario WHERE id = $1 AND claimed_by = $2 AND status BETWEEN 2 AND 8 FOR UPDATE', [scenarioId, worker]);
  if (!rows[0]) throw new ClaimLostError(`scenario ${scenarioId} is no longer claimed by ${worker}`);
}

/**
 * Ends a claim at 9 (completed) or 10 (completed with errors), with the errors in the processing log.
 * The log's end is the clock's time at this statement (the last of the storing transaction), not the
 * transaction's start (now()): the status shows 9 from the commit right after it, never long after it.
 */
export async function endClaim(
  tx: Queryable,
  scenarioId: number,
  worker: string,
  status: 9 | 10,
  error: string | null,
  isolinesMissing: Date | null,
): Promise<void> {
  const r = await tx.query(
    `UPDATE scenario SET status = $3, claimed_by = NULL, claimed_at = NULL, heartbeat_at = NULL
      WHERE id = $1 AND claimed_by = $2 AND status BETWEEN 2 AND 8`,
    [scenarioId, worker, status],
  );
  if (r.rowCount === 0) throw new ClaimLostError(`scenario ${scenarioId} is no longer claimed by ${worker}`);
  await tx.query(
    `UPDATE processing_log SET ended = clock_timestamp(), error = $2, isolines_missing = COALESCE($3, isolines_missing)
      WHERE id = (SELECT max(id) FROM processing_log WHERE scenario_id = $1)`,
    [scenarioId, error, isolinesMissing],
  );
}

/**
 * After a model's parameters changed: its scenarios need calculating again.
 * Done and failed ones go to 0; ones being calculated go back to waiting (1),
 * which takes the claim from their worker so it cannot store a stale result.
 */
export async function markModelForRecalculation(tx: Queryable, modelId: number, options: { calculateBase?: boolean } = {}): Promise<void> {
  await tx.query(
    `UPDATE scenario SET
        status = CASE WHEN status BETWEEN 2 AND 8 THEN 1 WHEN status = 1 THEN 1 ELSE 0 END,
        claimed_by = NULL, claimed_at = NULL, heartbeat_at = NULL
      WHERE model_id = $1`,
    [modelId],
  );
  if (options.calculateBase) await queueUncalculatedBases(tx, modelId);
}

/**
 * Queues (status 1) the base scenario (the one without a parent) of a model,
 * or of every model, when it is not calculated (status 0): every answer about
 * a scenario's impact needs a calculated base, so the server calculates it by
 * itself (AUTO_CALCULATE_BASE, on by default). The processing log names no
 * user for these. Answers the queued scenarios.
 */
export async function queueUncalculatedBases(tx: Queryable, modelId?: number): Promise<{ id: number; modelId: number; name: string }[]> {
  return queueUncalculated(tx, { modelId, basesOnly: true });
}

/**
 * Queues every scenario that is not calculated (status 0), the base scenarios
 * first (the queue serves the lowest id first, and a base is made before the
 * scenarios under it). The server does this once, right after it generated the
 * demo data, so that a planner's first look finds the example scenarios'
 * impact and reports ready (docs/install.md).
 */
export async function queueAllUncalculated(tx: Queryable): Promise<{ id: number; modelId: number; name: string }[]> {
  return queueUncalculated(tx, { basesOnly: false });
}

async function queueUncalculated(tx: Queryable, options: { modelId?: number; basesOnly: boolean }): Promise<{ id: number; modelId: number; name: string }[]> {
  const { rows } = await tx.query<{ id: number; model_id: number; name: string }>(
    `UPDATE scenario SET status = 1, processing_requested_by = NULL, claimed_by = NULL, claimed_at = NULL, heartbeat_at = NULL
      WHERE status = 0 AND ($1::int IS NULL OR model_id = $1) AND (NOT $2::boolean OR parent_scenario_id IS NULL)
      RETURNING id, model_id, name`,
    [options.modelId ?? null, options.basesOnly],
  );
  rows.sort((a, b) => a.id - b.id);
  for (const row of rows) {
    await tx.query('INSERT INTO processing_log (scenario_id, model_id, scenario_name, user_name) VALUES ($1, $2, $3, NULL)', [row.id, row.model_id, row.name]);
  }
  return rows.map((r) => ({ id: r.id, modelId: r.model_id, name: r.name }));
}
