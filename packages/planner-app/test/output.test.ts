// The selected location's output in the right drawer: loaded by the effect its
// model owns, kept (marked as updating) while the scenario calculates
// again and while the new figure is read, replaced without a blank, and read
// once per change: the loader never wakes itself up.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import { computed, signal } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';
import type { Location, LocationSummary, Scenario } from '@locus/contract';
import { OutputModel } from '../src/stores/output';
import { fakeApi } from './fake-api';
import { location as store, scenario } from './fixtures';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fresh output model with a selection of its own (the default sub-model). */
function outputOf(api: ApiClient) {
  const scenarios = signal<Scenario[]>([]);
  const scenarioId = signal<number | null>(null);
  const selectedLocationId = signal<number | null>(null);
  const locationDetail = signal<Location | null>(null);
  const output = new OutputModel(api, {
    scenario: computed(() => scenarios.value.find((s) => s.id === scenarioId.value) ?? null),
    baseScenario: computed(() => scenarios.value.find((s) => s.parentScenarioId === null) ?? null),
    submodelId: signal(null),
    isDefaultSubmodel: signal(true),
    selectedLocationId,
    locationDetail,
    locations: signal<LocationSummary[]>([]),
  });
  return { output, scenarios, scenarioId, selectedLocationId, locationDetail, ...output };
}

test('a recalculation keeps the figure marked as updating until the new one is read, then replaces it', async () => {
  let score = 1000;
  let release: () => void = () => undefined;
  let hold = false;
  const { api, names } = fakeApi({
    scenarioLocationProperties: async (o) => {
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return { ...store((o.params as { locationId: number }).locationId), score, locationClusters: [], locationProperties: [] };
    },
  });
  const { output, scenarios, scenarioId, selectedLocationId, locationOutput, outputLoading, outputUpdating } = outputOf(api);
  scenarios.value = [scenario(1, { status: 9 })];
  scenarioId.value = 1;
  selectedLocationId.value = 11;
  await settle();
  assert.is(locationOutput.value?.value, 1000);
  assert.is(outputUpdating.value, false);
  assert.is(names().length, 1, 'one read for one selection');

  // The scenario calculates again: the figure stays, marked as updating, and nothing is read.
  scenarios.value = [scenario(1, { status: 4 })];
  await settle();
  assert.is(locationOutput.value?.value, 1000);
  assert.is(outputUpdating.value, true);
  assert.is(names().length, 1);

  // Calculated: the old figure stays (updating) while the new one is read, then the new one replaces it.
  score = 1200;
  hold = true;
  scenarios.value = [scenario(1, { status: 9 })];
  await settle();
  assert.is(outputLoading.value, true);
  assert.is(locationOutput.value?.value, 1000, 'no blank while the new figure is read');
  assert.is(outputUpdating.value, true);
  release();
  await settle();
  assert.is(locationOutput.value?.value, 1200);
  assert.is(outputUpdating.value, false);
  assert.is(names().length, 2, 'one read per calculation: writing the output does not run the loader again');

  // Another location: the figure of the first one is not kept.
  hold = false;
  selectedLocationId.value = 12;
  assert.is(locationOutput.value, null);
  await settle();
  assert.is(locationOutput.value?.locationId, 12);
  assert.is(names().length, 3);
  output[Symbol.dispose]();
  // Disposed: the model follows the selection no more.
  selectedLocationId.value = 13;
  await settle();
  assert.is(names().length, 3);
});

test('a what-if saved into a new scenario keeps the figure it started from until its own is read', async () => {
  const { api } = fakeApi({
    scenarioLocationProperties: (o) => {
      const { scenarioId, locationId } = o.params as { scenarioId: number; locationId: number };
      return { ...store(locationId), score: scenarioId === 1 ? 100 : 140, locationClusters: [], locationProperties: [] };
    },
  });
  const { load, scenarios, scenarioId, selectedLocationId, locationOutput, outputUpdating } = outputOf(api);
  scenarios.value = [scenario(1, { status: 9 }), scenario(2, { status: 0, parentScenarioId: 1 })];
  scenarioId.value = 1;
  selectedLocationId.value = 11;
  await load();
  assert.is(locationOutput.value?.value, 100);
  // The save put the change into scenario 2, a child of 1, which now calculates.
  scenarios.value = [scenario(1, { status: 9 }), scenario(2, { status: 3, parentScenarioId: 1 })];
  scenarioId.value = 2;
  await load();
  assert.is(locationOutput.value?.value, 100, 'the figure of the parent stays');
  assert.is(outputUpdating.value, true, 'marked as updating');
  scenarios.value = [scenario(1, { status: 9 }), scenario(2, { status: 9, parentScenarioId: 1 })];
  await load();
  assert.is(locationOutput.value?.value, 140);
  assert.is(locationOutput.value?.scenarioId, 2);
  assert.is(outputUpdating.value, false);
  // A scenario that is not a child of the figure's scenario starts blank.
  scenarios.value = [scenario(1, { status: 9 }), scenario(2, { status: 9, parentScenarioId: 1 }), scenario(3, { status: 4 })];
  scenarioId.value = 3;
  await load();
  assert.is(locationOutput.value, null);
});

test('a scenario that is no longer calculated (not by a recalculation) clears the figure', async () => {
  const { api } = fakeApi({
    scenarioLocationProperties: (o) => ({ ...store((o.params as { locationId: number }).locationId), score: 5, locationClusters: [], locationProperties: [] }),
  });
  const { load, scenarios, scenarioId, selectedLocationId, locationOutput, outputUpdating } = outputOf(api);
  scenarios.value = [scenario(1, { status: 9 })];
  scenarioId.value = 1;
  selectedLocationId.value = 11;
  await load();
  assert.is(locationOutput.value?.value, 5);
  scenarios.value = [scenario(1, { status: 0 })];
  await load();
  assert.is(locationOutput.value, null);
  assert.is(outputUpdating.value, false);
});

test.run();
