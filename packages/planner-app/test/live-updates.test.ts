// The app's event stream applied to the stores: a change of another user to
// the shown scenario reloads it; the event of this tab's own write, which
// arrives while the write's own reload runs, is held and then found already
// read (no second read of the same scenario).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import { parseAddress } from '../src/stores/address';
import { selectedLocationId } from '../src/stores/locations';
import * as planner from '../src/stores/planner';
import { scenarios } from '../src/stores/scenarios';
import { fakeApi } from './fake-api';
import { location as store, model, scenario, submodels } from './fixtures';

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

test('own write: its event waits and is not read twice; another change is read', async () => {
  let modified = '2026-11-01T00:00:00Z';
  const { api, names } = fakeApi({
    models: () => [model(1)],
    submodels: () => submodels,
    scenarios: () => [scenario(1, { status: 9, modified })],
    scenariosOnlyStatus: () => [{ id: 1, status: 9, modified }],
    scenarioLocations: () => [store(11), store(12)],
    scenarioLocationProperties: (o) => ({ ...store((o.params as { locationId: number }).locationId), locationClusters: [], locationProperties: [] }),
  });
  planner.useApi(api);
  await planner.loadModels(parseAddress(''));
  await planner.selectLocation(11);

  // A stream the test writes to.
  let push: (text: string) => void = () => undefined;
  // As fetch does, the body ends with an error when the request is aborted (stop() below), so nothing stays open.
  const stop = planner.startLiveUpdates({
    fetch: async (_input, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const encoder = new TextEncoder();
          push = (text) => controller.enqueue(encoder.encode(text));
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 200 });
    },
  });
  push(`event: ready\ndata: ${JSON.stringify({ resumed: true, heartbeatMs: 15000 })}\n\n`);
  await settle();
  const event = (id: number, at: string) =>
    `id: ${id}\nevent: scenario\ndata: ${JSON.stringify({ modelId: 1, scenarioId: 1, kind: 'changed', status: 9, modified: at })}\n\n`;

  // This tab writes: the write's event arrives while its own reload runs.
  const release = planner.holdEvents();
  const before = names().length;
  modified = '2026-11-02T00:00:00Z';
  push(event(1, modified));
  await settle();
  assert.is(names().length, before, 'nothing is read while the own write holds the events');
  await planner.reloadScenarios();
  await planner.loadLocations();
  const afterOwnReload = names().length;
  release();
  await settle();
  assert.equal(names().slice(afterOwnReload), [], 'the own change is not read again');
  assert.is(scenarios.value[0]!.modified, modified);

  // Another user changes the shown scenario: the list, the locations and the selection are read.
  modified = '2026-11-03T00:00:00Z';
  push(event(2, modified));
  await settle();
  const read = names().slice(afterOwnReload);
  assert.ok(read.includes('scenarios'), read.join());
  assert.ok(read.includes('scenarioLocations'), read.join());
  assert.ok(read.includes('scenarioLocationProperties'), read.join());
  assert.is(selectedLocationId.value, 11);
  stop();
});

test.run();
