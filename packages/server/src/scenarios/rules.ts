// The scenario rules (status, change type, ownership) as small predicates and guards: which
// statuses are editable, which actions a location's changeType allows, what
// needs a parent. A guard throws the 409 whose message is the RuleMessage key
// the app translates; nothing here touches the database.
import { AllowedLocationActions, ChangeType, EditableScenarioStatuses, RuleMessage, ScenarioStatus } from '@locus/contract';
import { DomainError } from '../domain/errors.js';

export type LocationAction = (typeof AllowedLocationActions)[keyof typeof AllowedLocationActions][number];
export type ActionChangeType = keyof typeof AllowedLocationActions;

/** A 409 for a rule, with the key as message; `field` names the part of the request the rule is about. */
export function ruleConflict(key: RuleMessage, reason: string, field?: string): DomainError {
  return new DomainError('conflict', key, field ? { key, reason, field } : { key, reason });
}

/** Editable in 0, 9 and 10; every other status is read-only. */
export const isEditableStatus = (status: number) => EditableScenarioStatuses.includes(status);

/** Statuses 1 to 8: queued or being calculated. */
export const isProcessingStatus = (status: number) => status >= ScenarioStatus.processingFirstStep && status <= ScenarioStatus.processingLastStep;

/**
 * The changeType that decides the actions on a location in a scenario: the
 * scenario's own change of it (1, 2, 3; other values count as edited). A
 * location the scenario did not change itself counts as unchanged (0), also
 * when a parent scenario opened or edited it; a location a parent scenario
 * closed counts as closed (2), so it can be reopened here with undo close.
 */
export function actionChangeType(ownChangeType: number | undefined, effectiveChangeType: number): ActionChangeType {
  if (ownChangeType === undefined) return effectiveChangeType === ChangeType.closed ? ChangeType.closed : ChangeType.unchanged;
  // The base scenario's own versions are unchanged (0); values outside 0..3 count as edited.
  if (ownChangeType === ChangeType.unchanged || ownChangeType === ChangeType.added || ownChangeType === ChangeType.closed) return ownChangeType;
  return ChangeType.edited;
}

export function allowedActions(changeType: ActionChangeType): readonly LocationAction[] {
  return AllowedLocationActions[changeType];
}

export function requireAction(changeType: ActionChangeType, action: LocationAction): void {
  if (!allowedActions(changeType).includes(action)) {
    throw ruleConflict(
      RuleMessage.actionNotAllowedForChangeType,
      `${action} is not allowed for a location with changeType ${changeType} (allowed: ${allowedActions(changeType).join(', ')})`,
    );
  }
}

/** Name, group and cluster of a location opened (1) or edited (3) in the scenario are read-only; saving it as a new scenario is too. */
export const hasReadOnlyIdentity = (changeType: ActionChangeType) => changeType === ChangeType.added || changeType === ChangeType.edited;

export interface ScenarioFacts {
  id: number;
  status: number;
  parentScenarioId: number | null;
}

export function requireEditable(scenario: ScenarioFacts): void {
  if (!isEditableStatus(scenario.status)) {
    throw ruleConflict(RuleMessage.scenarioIsReadOnly, `scenario ${scenario.id} has status ${scenario.status}; only 0, 9 and 10 can be changed`);
  }
}

/** The base scenario (no parent) cannot be changed, edited or removed. */
export function requireParent(scenario: ScenarioFacts): void {
  if (scenario.parentScenarioId === null) {
    throw ruleConflict(RuleMessage.scenarioHasNoParent, `scenario ${scenario.id} is the base scenario and cannot be changed`);
  }
}

export function requireNoChildren(scenario: ScenarioFacts, childCount: number, what: string): void {
  if (childCount > 0) {
    throw ruleConflict(RuleMessage.scenarioHasChildren, `scenario ${scenario.id} has ${childCount} child scenario(s) and cannot be ${what}`);
  }
}

/** Optimistic concurrency: the stamp the editor read must still be the scenario's modified (millisecond precision, as it travels). */
export function requireUnmodifiedSince(scenario: { id: number; modified: Date }, read: string | undefined): void {
  if (read === undefined) return;
  if (scenario.modified.getTime() !== Date.parse(read)) {
    throw ruleConflict(
      RuleMessage.scenarioWasModified,
      `scenario ${scenario.id} was modified at ${scenario.modified.toISOString()} after it was read (${read}); reload it`,
    );
  }
}
