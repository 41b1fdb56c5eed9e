// Property-based: random sequences of allowed and refused actions never leave
// a scenario whose changes contradict its locations. Each action's answer is
// the one the documented rules predict (docs/scenarios.md); a refused action
// changes nothing that is stored; after every action the structural
// invariants hold (a change means something against the scenario's parent,
// every location belongs to a scenario that opened it), and an accepted
// action leaves the receiving scenario and the scenarios below it in status 0
// with the location as the action says. Here the rule functions run directly
// against the database (fast, many runs); scenario-invariants-http.test.ts
// walks a smaller number of sequences through the HTTP API.
import { test } from 'uvu';
import fc from 'fast-check';
import { DomainError } from '../src/domain/errors.js';
import { statusOf } from '../src/http/errors.js';
import { copyChanges } from '../src/scenarios/copy-changes.js';
import { closeLocation, createLocation, deleteLocation, undoCloseLocation, undoEditLocation, updateLocation } from '../src/scenarios/location-writes.js';
import { createScenario, deleteScenario } from '../src/scenarios/scenario-writes.js';
import { scenarioLocation } from '../src/repo/scenario-locations.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-db.js';
import { createScenarioModel } from './helpers/scenario-fixture.js';
import { actionCommands } from './helpers/scenario-actions.js';
import { walk, type DriverAnswer, type ScenarioDriver } from './helpers/scenario-walk.js';

let database: TestDatabase;

test.before(async () => {
  database = await openTestDatabase();
});
test.after(async () => {
  await database?.close();
});

async function answer(call: () => Promise<unknown>): Promise<DriverAnswer> {
  try {
    return { ok: true, result: await call() };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Told as the HTTP API answers it (the one mapping of domain errors to statuses).
    const status = statusOf(error);
    return { ok: false, outcome: status === 404 ? 'notFound' : status === 400 ? `400 ${error.details.field}` : error.message };
  }
}

function functionDriver(): ScenarioDriver {
  const db = database.db;
  const acts = { close: closeLocation, undoClose: undoCloseLocation, undoEdit: undoEditLocation, delete: deleteLocation };
  return {
    open: (t, body) => answer(() => createLocation(db, t, body)),
    edit: async (t, locationId, change) => {
      const row = await scenarioLocation(db, t.scenarioId, locationId);
      return answer(() =>
        updateLocation(db, t, locationId, {
          name: row ? (change.rename ? `${row.name}*` : row.name) : 'Nowhere',
          latitude: row?.latitude ?? 52,
          longitude: row?.longitude ?? 5,
          type: 1,
          visibility: 0,
          excluded: false,
          locationGroupId: row?.location_group_id ?? null,
          locationClusterId: row?.location_cluster_id ?? null,
          locationProperties: change.properties,
          scenarioCreation: null,
        }),
      );
    },
    act: (kind, t, locationId) => answer(() => acts[kind](db, t, locationId)),
    createScenario: (modelId, body) => answer(() => createScenario(db, modelId, body)),
    deleteScenario: (modelId, scenarioId) => answer(() => deleteScenario(db, modelId, scenarioId)),
    copy: (modelId, request) => answer(() => copyChanges(db, modelId, request)),
  };
}

test('random sequences of scenario actions: predicted answers, nothing changed by a refusal, invariants after every action', async () => {
  let runs = 0;
  const driver = functionDriver();
  await fc.assert(
    fc.asyncProperty(actionCommands(16), async (commands) => {
      const fixture = await createScenarioModel(database.db, { name: `Model ${++runs}`, locationCount: 4 });
      await createScenario(database.db, fixture.modelId, { name: 'Plan', parentScenarioId: fixture.baseId, isTop: true, competition: false });
      await walk(driver, database.db, fixture, commands);
    }),
    { numRuns: Number(process.env.SCENARIO_FC_RUNS ?? 40) },
  );
});

test.run();
