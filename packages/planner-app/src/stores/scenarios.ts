// The model's scenarios, the chosen one, their order and the
// status rules: editable in 0, 9 and 10; read-only while 1 to 8.
import { EditableScenarioStatuses, type Scenario } from '@locus/contract';
import { computed, signal } from '@preact/signals-react';

export const scenarios = signal<Scenario[]>([]);
export const scenarioId = signal<number | null>(null);
export const scenario = computed(() => scenarios.value.find((s) => s.id === scenarioId.value) ?? null);

/** The base scenario: the first without a parent. */
export const baseScenario = computed(() => scenarios.value.find((s) => s.parentScenarioId === null) ?? null);

export function isProcessing(status: number): boolean {
  return status >= 1 && status <= 8;
}
export function isEditable(status: number): boolean {
  return EditableScenarioStatuses.includes(status);
}
/** Progress of a processing status: 11 % per step. */
export function progressPercent(status: number): number {
  return Math.min(100, Math.max(0, status) * 11);
}

export type StatusKind = 'notCalculated' | 'waiting' | 'calculating' | 'calculated' | 'failed' | 'error';
export function statusKind(status: number): StatusKind {
  if (status === 0) return 'notCalculated';
  if (status === 1) return 'waiting';
  if (status >= 2 && status <= 8) return 'calculating';
  if (status === 9) return 'calculated';
  if (status === 10) return 'failed';
  return 'error';
}

export const scenarioReadOnly = computed(() => !scenario.value || !isEditable(scenario.value.status));

export interface ScenarioEntry {
  scenario: Scenario;
  depth: number;
}

/**
 * The picker's order: top scenarios first, then by name
 * descending, each followed by its children (nested by parent). Names compare
 * with the interface language's collation.
 */
export function orderScenarios(list: readonly Scenario[], locale = 'en'): ScenarioEntry[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const compare = (a: Scenario, b: Scenario) => (a.isTop === b.isTop ? collator.compare(b.name, a.name) : a.isTop ? -1 : 1);
  const ids = new Set(list.map((s) => s.id));
  const children = new Map<number | null, Scenario[]>();
  for (const s of list) {
    const parent = s.parentScenarioId !== null && ids.has(s.parentScenarioId) ? s.parentScenarioId : null;
    const bucket = children.get(parent) ?? [];
    bucket.push(s);
    children.set(parent, bucket);
  }
  const out: ScenarioEntry[] = [];
  const visit = (parent: number | null, depth: number) => {
    for (const s of (children.get(parent) ?? []).sort(compare)) {
      out.push({ scenario: s, depth });
      visit(s.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}
