// What the editing tests share: the fake API handed to the planner and editing
// stores with model 1 chosen, and the confirmations answered in turn.
import { effect } from '@preact/signals-react';
import { setEditingApi } from '../src/stores/editing/client';
import { modelId, models } from '../src/stores/models';
import * as planner from '../src/stores/planner';
import { confirmations, notifications } from '../src/stores/ui';
import { fakeApi, type Answer } from './fake-api';
import { model } from './fixtures';

/** Answers each confirmation the stores ask with the next of `answers` (No when they run out); `asked` keeps their texts. */
export function answerConfirmations(answers: boolean[]) {
  const asked: string[] = [];
  const stop = effect(() => {
    const current = confirmations.value[0];
    if (!current) return;
    asked.push(current.text);
    queueMicrotask(() => current.resolve(answers.shift() ?? false));
  });
  return { asked, stop };
}

/** A fake API with these answers, in use by the planner and editing stores, model 1 chosen, no notifications. */
export function setup(answers: Partial<Record<Parameters<typeof fakeApi>[0] extends Partial<Record<infer K, Answer>> ? K : never, Answer>>) {
  const fake = fakeApi(answers);
  planner.useApi(fake.api);
  setEditingApi(fake.api);
  models.value = [model(1)];
  modelId.value = 1;
  notifications.value = [];
  return fake;
}
