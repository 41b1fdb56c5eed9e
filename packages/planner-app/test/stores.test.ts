// The planner's stores without React: startup order, address both ways,
// model change resets, status polling with idle detection, the action table.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import { formatAddress, parseAddress } from '../src/stores/address';
import { layers } from '../src/stores/layers';
import { allowedActions, filter, locationDetail, locations, selectedLocationId, visibleLocations } from '../src/stores/locations';
import { modelId, models, submodelId } from '../src/stores/models';
import * as planner from '../src/stores/planner';
import { orderScenarios, progressPercent, scenarioId, scenarios, statusKind } from '../src/stores/scenarios';
import { SystemModel } from '../src/stores/system';
import { dismiss, notifications } from '../src/stores/ui';
import { fitRequest, view } from '../src/stores/view';
import { fakeApi } from './fake-api';
import { location as store, model, scenario, submodels } from './fixtures';

function standardApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    models: () => [model(1), model(2, { language: 'nl' })],
    submodels: () => submodels,
    scenarios: (o) =>
      (o.params as { modelId: number }).modelId === 1
        ? [scenario(1), scenario(2, { parentScenarioId: 1, name: 'Close Zuid' })]
        : [scenario(3), scenario(4, { parentScenarioId: 3 })],
    scenarioLocations: () => [store(11), store(12), store(13, { visibility: 2 })],
    scenarioLocationProperties: (o) => ({ ...store((o.params as { locationId: number }).locationId), locationClusters: [], locationProperties: [] }),
    ...extra,
  });
}

test('waitUntilReady polls the status every second, showing the starting overlay until it answers 1', async () => {
  let answers = [0, 0, 1];
  const seen: boolean[] = [];
  const { api, names } = fakeApi({ systemStatus: () => answers.shift() });
  const sleeps: number[] = [];
  const { waitUntilReady, databaseStarting, systemReady } = new SystemModel(api);
  await waitUntilReady(async (ms) => {
    sleeps.push(ms);
    seen.push(databaseStarting.value);
  });
  assert.equal(names(), ['systemStatus', 'systemStatus', 'systemStatus']);
  assert.equal(sleeps, [1000, 1000]);
  assert.equal(seen, [true, true]);
  assert.is(databaseStarting.value, false);
  assert.is(systemReady.value, true);
  answers = [];
});

test('startup: models, then the first model, its sub-models and scenarios, the base scenario, its locations', async () => {
  const { api, names } = standardApi();
  planner.useApi(api);
  await planner.loadModels(parseAddress(''));
  assert.equal(names(), ['models', 'submodels', 'scenarios', 'scenarioLocations']);
  assert.is(modelId.value, 1);
  assert.is(submodelId.value, 7);
  assert.is(scenarioId.value, 1, 'the first scenario without a parent');
  assert.equal(
    visibleLocations.value.map((l) => l.id),
    [11, 12],
    'visibility 2 is hidden',
  );
});

test('startup restores model, sub-model, scenario, location and view from the address', async () => {
  const { api } = standardApi();
  planner.useApi(api);
  await planner.loadModels(parseAddress('?mid=2&smid=8&sid=4&lid=12&z=11.5&c=4.5,52.1&b=10&p=20'));
  assert.is(modelId.value, 2);
  assert.is(submodelId.value, 8);
  assert.is(scenarioId.value, 4);
  assert.is(selectedLocationId.value, 12);
  assert.is(locationDetail.value?.id, 12);
  assert.equal(fitRequest.value?.request, { kind: 'view', view: { zoom: 11.5, center: [4.5, 52.1], bearing: 10, pitch: 20 } });
});

test('an address with a view and no model (a shared map link) keeps its view on the first model', async () => {
  const { api } = standardApi();
  planner.useApi(api);
  await planner.loadModels(parseAddress('?z=14&c=4.9,52.37'));
  assert.is(modelId.value, 1);
  assert.equal(fitRequest.value?.request, { kind: 'view', view: { zoom: 14, center: [4.9, 52.37], bearing: 0, pitch: 0 } }, 'no fit to all locations after it');
  await planner.loadModels(parseAddress(''));
  assert.equal(fitRequest.value?.request, { kind: 'all' }, 'without a view: all locations');
});

test('a model the user may not open falls back to the first, with a notice', async () => {
  const { api } = standardApi();
  planner.useApi(api);
  notifications.value = [];
  await planner.loadModels(parseAddress('?mid=99'));
  assert.is(modelId.value, 1);
  assert.ok(notifications.value.some((n) => n.text.includes('99')));
});

test('changing the model resets location, scenario, layers and filter and selects the first catchment area and isoline set', async () => {
  const { api } = standardApi();
  planner.useApi(api);
  await planner.loadModels(parseAddress(''));
  await planner.selectLocation(11);
  filter.value = { name: 'x', groupIds: [1], clusterIds: [], changeTypes: [] };
  layers.value = { ...layers.value, areaSetIds: [5], heatMapSetIds: [6], catchmentAreaId: 12 };
  await planner.selectModel(2);
  assert.is(selectedLocationId.value, null);
  assert.is(scenarioId.value, 3);
  assert.equal(filter.value.groupIds, []);
  assert.equal(layers.value.areaSetIds, []);
  assert.equal(layers.value.heatMapSetIds, []);
  assert.is(layers.value.catchmentAreaId, 21);
  assert.is(layers.value.isoLineSetId, 201);
});

test('the address is written as the selection and the view change: a new entry for selections, the same entry for views', async () => {
  const { api } = standardApi();
  planner.useApi(api);
  history.replaceState(null, '', '/');
  await planner.loadModels(parseAddress(''));
  const stop = planner.startAddressSync();
  const length0 = history.length;
  view.value = { zoom: 9, center: [5, 52], bearing: 0, pitch: 0 };
  assert.is(history.length, length0, 'a map move rewrites the entry');
  assert.match(location.search, /z=9/);
  await planner.selectLocation(12);
  assert.is(history.length, length0 + 1, 'a selection makes a new entry');
  assert.match(location.search, /lid=12/);
  assert.equal(parseAddress(location.search).lid, 12);
  stop();
});

test('the address format round-trips and ignores nonsense', () => {
  const state = { mid: 1, smid: 2, sid: 3, lid: 4, view: { zoom: 12.345, center: [4.912345, 52.354321] as [number, number], bearing: 15, pitch: 30 } };
  const back = parseAddress(formatAddress(state));
  assert.equal({ mid: back.mid, smid: back.smid, sid: back.sid, lid: back.lid }, { mid: 1, smid: 2, sid: 3, lid: 4 });
  assert.equal(back.view, { zoom: 12.35, center: [4.91235, 52.35432], bearing: 15, pitch: 30 });
  const bad = parseAddress('?mid=abc&sid=-2&z=99&c=500,10&p=-3');
  assert.equal([bad.mid, bad.sid], [null, null]);
  assert.equal(bad.view, {});
});

test('status polling asks only when the user has been idle over 5 s, and says when the scenario is calculated', async () => {
  let status = 0;
  const { api, names, calls } = standardApi({
    scenariosOnlyStatus: () => [
      { id: 1, status, modified: '2026-11-01T00:00:00Z' },
      { id: 2, status: 0, modified: '2026-11-01T00:00:00Z' },
    ],
  });
  planner.useApi(api);
  await planner.loadModels(parseAddress(''));
  scenarios.value = scenarios.value.map((s) => (s.id === 1 ? { ...s, status: 0 } : s));
  const t0 = 1_000_000;
  planner.noteActivity(t0);
  calls.length = 0;
  await planner.pollTick(t0 + 4_000);
  assert.equal(names(), [], 'active user, nothing calculating: no poll');
  // The shown (base) scenario calculating, by whoever asked (the server on a fresh install): followed at once.
  scenarios.value = scenarios.value.map((s) => (s.id === 1 ? { ...s, status: 3 } : s));
  status = 3;
  await planner.pollTick(t0 + 4_500);
  assert.equal(names(), ['scenariosOnlyStatus'], 'the shown scenario calculating: poll while active');
  calls.length = 0;
  await planner.pollTick(t0 + 6_000);
  assert.equal(names(), ['scenariosOnlyStatus'], 'idle over 5 s: poll');
  notifications.value = [];
  status = 9;
  calls.length = 0;
  await planner.pollTick(t0 + 20_000);
  assert.is(scenarios.value.find((s) => s.id === 1)?.status, 9);
  assert.ok(names().includes('scenarioLocations'), 'the locations reload at 9');
  assert.ok(notifications.value.some((n) => n.tone === 'success'));
});

test('a calculation this user started is followed every second even while the user is active', async () => {
  let status = 1;
  const { api, names, calls } = standardApi({
    scenariosOnlyStatus: () => [
      { id: 1, status, modified: '2026-11-01T00:00:00Z' },
      { id: 2, status: 0, modified: '2026-11-01T00:00:00Z' },
    ],
    scenarioStartProcessing: () => ({}),
  });
  planner.useApi(api);
  await planner.loadModels(parseAddress(''));
  await planner.calculate(1);
  assert.is(scenarios.value.find((s) => s.id === 1)?.status, 1, 'status 1 at once');
  planner.noteActivity(Date.now());
  calls.length = 0;
  status = 5;
  await planner.pollTick(Date.now());
  assert.equal(names(), ['scenariosOnlyStatus']);
  assert.is(progressPercent(scenarios.value.find((s) => s.id === 1)!.status), 55);
});

test('calculate is one action that never rejects: a refused start puts the status back and answers false', async () => {
  const { api } = standardApi({
    scenarioStartProcessing: () => {
      throw Object.assign(new Error('refused'), { status: 409 });
    },
  });
  planner.useApi(api);
  await planner.loadModels(parseAddress(''));
  const before = scenarios.value.find((s) => s.id === 1)!.status;
  assert.is(await planner.calculate(1), false);
  assert.is(scenarios.value.find((s) => s.id === 1)?.status, before, 'the status as it was');
});

test('the changeType action table, the parent rule and the read-only state', () => {
  assert.equal(allowedActions(0, true, false), ['edit', 'close']);
  assert.equal(allowedActions(1, true, false), ['edit', 'delete']);
  assert.equal(allowedActions(2, true, false), ['undoClose']);
  assert.equal(allowedActions(3, true, false), ['edit', 'undoEdit']);
  assert.equal(allowedActions(7, true, false), ['edit', 'undoEdit'], 'other values are edited');
  assert.equal(allowedActions(1, false, false), ['edit'], 'delete needs a parent');
  assert.equal(allowedActions(2, false, false), []);
  assert.equal(allowedActions(0, true, true), [], 'read-only');
});

test('statuses: kinds, 11 % per step, order of the picker', () => {
  assert.equal([0, 1, 4, 9, 10, 11, -1].map(statusKind), ['notCalculated', 'waiting', 'calculating', 'calculated', 'failed', 'error', 'error']);
  assert.is(progressPercent(3), 33);
  const list = [
    scenario(1, { name: 'Base' }),
    scenario(2, { parentScenarioId: 1, name: 'alpha' }),
    scenario(3, { parentScenarioId: 1, name: 'Beta', isTop: true }),
    scenario(4, { parentScenarioId: 2, name: 'child' }),
    scenario(5, { parentScenarioId: 1, name: 'Zulu' }),
  ];
  assert.equal(
    orderScenarios(list).map((e) => `${e.depth}:${e.scenario.name}`),
    ['0:Base', '1:Beta', '1:Zulu', '1:alpha', '2:child'],
  );
});

test('the locations list drops answers for an earlier scenario', async () => {
  let release: (v: unknown) => void = () => undefined;
  const slow = new Promise((r) => {
    release = r;
  });
  const { api } = standardApi({
    scenarioLocations: (o) => ((o.params as { scenarioId: number }).scenarioId === 1 ? slow.then(() => [store(1)]) : [store(2)]),
  });
  planner.useApi(api);
  models.value = [model(1)];
  scenarios.value = [scenario(1), scenario(2, { parentScenarioId: 1 })];
  scenarioId.value = 1;
  const first = planner.loadLocations();
  scenarioId.value = 2;
  await planner.loadLocations();
  release(null);
  await first;
  assert.equal(
    locations.value.map((l) => l.id),
    [2],
  );
});

test.after.each(() => {
  planner.stopStatusPolling();
  for (const n of notifications.value) dismiss(n.id);
});

test.run();
