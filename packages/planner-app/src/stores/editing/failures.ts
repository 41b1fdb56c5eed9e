// Refused writes: a conflict (the location or scenario changed elsewhere or
// went away) told as what happened, any other refusal as its reason.
import { GoneMessage, RuleMessage } from '@locus/contract';
import { ApiFailure } from '@locus/contract/client';
import { language, t } from '../../i18n';
import { loadLocationDetail, loadLocations, reloadScenarios } from '../planner';
import { isConnectionOrServerFailure, refusalText } from '../refusals';
import { notify } from '../ui';

/**
 * Refusals (4xx with a reason: a field error, a rule, a row changed or deleted
 * elsewhere) are shown where they happen and keep the form; only a network or
 * server failure or an expired sign-in goes to the error dialog.
 */
export const expectedFailure = (f: ApiFailure) => !isConnectionOrServerFailure(f);

/** A write refused because its location or scenario moved on or went away since the user read it. */
export type WriteConflict =
  | { kind: 'changed'; what: 'location' | 'scenario'; modifiedBy: string; modified: string; version: number }
  | { kind: 'gone'; key: 'locationNoLongerExists' | 'scenarioNoLongerExists' };

/** The conflict a refused write names (409 changedElsewhere, 404 locationNoLongerExists / scenarioNoLongerExists), else null. */
export function conflictOf(error: unknown, what: 'location' | 'scenario'): WriteConflict | null {
  if (!(error instanceof ApiFailure) || !error.body) return null;
  const key = error.body.message;
  if (error.status === 404 && (key === GoneMessage.locationNoLongerExists || key === GoneMessage.scenarioNoLongerExists)) return { kind: 'gone', key };
  if (error.status === 409 && key === RuleMessage.changedElsewhere) {
    const p = error.body.params ?? {};
    const version = Number(p.version);
    if (!Number.isSafeInteger(version) || version <= 0) return null;
    return { kind: 'changed', what, modifiedBy: String(p.modifiedBy ?? ''), modified: String(p.modified ?? ''), version };
  }
  return null;
}

/** When a change was made, as the user reads it: the time today, else the date and time. */
function conflictTime(iso: string): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  const today = new Date().toDateString() === when.toDateString();
  return new Intl.DateTimeFormat(language.value, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(when);
}

/** What happened, truthfully: who changed it and when (or that it is gone), and that the user's edit was not saved. */
export function conflictText(c: WriteConflict): string {
  if (c.kind === 'gone') return t(c.key);
  const time = conflictTime(c.modified);
  const location = c.what === 'location';
  return c.modifiedBy
    ? t(location ? 'conflictLocationBy' : 'conflictScenarioBy', { who: c.modifiedBy, time })
    : t(location ? 'conflictLocationUnknown' : 'conflictScenarioUnknown', { time });
}

/** A refused write as the user reads it: the translated message key, or the server's sentence. */
export function failureText(error: unknown): string {
  if (error instanceof ApiFailure) return refusalText(error);
  return error instanceof Error ? error.message : String(error);
}

export function rethrowUnexpected(error: unknown): void {
  if (!(error instanceof ApiFailure) || !expectedFailure(error)) throw error;
}

/**
 * A refused action without a form (close from the menu, undo, delete, remove
 * scenario): a conflict is told as what happened, and the scenarios and
 * locations are read again so the other change shows; any other refusal is
 * told as its reason.
 */
export async function tellConflictOrFailure(error: unknown, what: 'location' | 'scenario'): Promise<void> {
  const conflict = conflictOf(error, what);
  if (!conflict) {
    notify(failureText(error), 'error');
    return;
  }
  notify(conflictText(conflict), 'error');
  await reloadScenarios();
  await loadLocations();
  await loadLocationDetail();
}
