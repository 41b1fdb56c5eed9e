// The scenario-name prompt: a scenario of one change that gets a second one
// needs a name of its own before the write, and is renamed after it.
import type { Scenario } from '@locus/contract';
import { signal } from '@preact/signals-react';
import { t } from '../../i18n';
import { modelId } from '../models';
import { reloadScenarios } from '../planner';
import { scenarios } from '../scenarios';
import { notify } from '../ui';
import { api } from './client';
import { scenarioNameError } from './rules';
import { expectedFailure, failureText, rethrowUnexpected } from './failures';

/** The scenario-name prompt: a one-change scenario gets a second change and needs a name of its own. */
export interface NamePrompt {
  scenarioId: number;
  name: string;
  error: string | null;
  resolve: (name: string | null) => void;
}
export const namePrompt = signal<NamePrompt | null>(null);

export function promptScenarioName(s: Scenario): Promise<string | null> {
  return new Promise((resolve) => {
    namePrompt.value = {
      scenarioId: s.id,
      name: s.name,
      error: null,
      resolve: (name) => {
        namePrompt.value = null;
        resolve(name);
      },
    };
  });
}

export function answerNamePrompt(name: string | null): void {
  const prompt = namePrompt.value;
  if (!prompt) return;
  if (name === null) return prompt.resolve(null);
  const key = scenarioNameError(name);
  if (key) {
    namePrompt.value = { ...prompt, name, error: t(key) };
    return;
  }
  prompt.resolve(name.trim());
}

/**
 * A scenario with one change is named after its location; when
 * a change of another location is saved into it, it becomes a scenario of
 * several changes and asks for a name first.
 */
export function needsNameForNextChange(s: Scenario, locationId: number | null): boolean {
  return s.parentScenarioId !== null && s.changeCount === 1 && !s.changes.some((c) => c.locationId === locationId);
}

export async function renameAfterChange(id: number, name: string): Promise<void> {
  const mid = modelId.value;
  const s = scenarios.value.find((x) => x.id === id);
  if (mid === null || !s || s.name === name) return;
  try {
    await api.call('scenarioUpdate', {
      params: { modelId: mid },
      body: { id, name, isTop: s.isTop, competition: s.competition, version: s.version },
      expected: expectedFailure,
    });
    await reloadScenarios(id);
  } catch (error) {
    rethrowUnexpected(error);
    notify(failureText(error), 'error');
  }
}
