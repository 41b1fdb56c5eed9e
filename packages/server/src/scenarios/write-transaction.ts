// One transaction per scenario write. Writes of one model take turns through
// a transaction-level advisory lock (the scenario tree is read and changed as
// a whole: a change in a parent reaches its children), and the scenario rows a
// write changes are locked with SELECT ... FOR UPDATE, so the processing
// queue, which claims scenarios with FOR UPDATE SKIP LOCKED, never calculates
// a scenario halfway through a change. Every check reads the rows after the
// locks are held, so the second of two writers sees the first one's change.
import { RuleMessage } from '@locus/contract';
import type { Database, Queryable } from '../db/database.js';
import { descendantIds, lockModelForWrite, lockScenarios, setActor, type ScenarioRecord } from '../repo/scenario-tree.js';
import { isProcessingStatus, ruleConflict } from './rules.js';
import { scenarioGone } from './versions.js';

/** PostgreSQL's deadlock_detected and serialization_failure: another writer won. */
const CONCURRENCY_FAILURES = new Set(['40P01', '40001']);

/**
 * Runs a scenario write in one transaction. `actorId` is the app_user writing:
 * the transaction's locus.actor setting, which the database records as the
 * writer of every location version and scenario the write changes
 * (migration 014, modified_by).
 */
export async function inScenarioWrite<T>(db: Database, modelId: number, actorId: number | undefined, write: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await lockModelForWrite(tx, modelId);
      if (actorId !== undefined) await setActor(tx, actorId);
      return write(tx);
    });
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && CONCURRENCY_FAILURES.has(code)) {
      throw ruleConflict(RuleMessage.scenarioWasModified, 'another change of the scenario was saved at the same time; reload it');
    }
    throw error;
  }
}

/** Locks one scenario of a model; 404 scenarioNoLongerExists when it is gone or belongs to another model. */
export async function lockScenario(q: Queryable, modelId: number, id: number): Promise<ScenarioRecord> {
  const scenario = (await lockScenarios(q, [id])).get(id);
  if (!scenario || scenario.modelId !== modelId) throw scenarioGone(id);
  return scenario;
}

export interface LockedForChange {
  scenario: ScenarioRecord;
  /** Every scenario below it, parents first: they inherit the change. */
  descendants: ScenarioRecord[];
}

/** Locks a scenario that is about to change and every scenario below it (they inherit its changes). */
export async function lockForChange(tx: Queryable, modelId: number, scenarioId: number): Promise<LockedForChange> {
  const scenario = await lockScenario(tx, modelId, scenarioId);
  const ids = await descendantIds(tx, scenarioId);
  const locked = await lockScenarios(tx, ids);
  return { scenario, descendants: ids.map((id) => locked.get(id)).filter((s): s is ScenarioRecord => s !== undefined) };
}

/**
 * A scenario below the changed one that is being calculated would be
 * calculated on locations that change under it: the change waits until the
 * calculation is done.
 */
export function requireNoneProcessing(scenario: ScenarioRecord, descendants: ScenarioRecord[]): void {
  const busy = descendants.find((d) => isProcessingStatus(d.status));
  if (busy) {
    throw ruleConflict(
      RuleMessage.scenarioIsReadOnly,
      `scenario ${busy.id} below scenario ${scenario.id} is being calculated (status ${busy.status}) and inherits this change`,
    );
  }
}
