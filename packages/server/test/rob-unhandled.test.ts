// Errors nobody handled, and the database failing inside a calculation, on
// the database of the pass (PGlite, or PostgreSQL with TEST_DATABASE_URL):
//   - a calculation whose status steps meet a database that went away (the
//     fault that used to end the process through an unhandled rejection):
//     no unhandled rejection, the scenario is given back to the queue once
//     the database answers and ends at 9;
//   - a calculation that fails for a reason of its own ends at 10 with that
//     reason in the processing log;
//   - the process guard (src/process-guard.ts) in a process of its own: an
//     unhandled rejection and an exception thrown from a timer are printed
//     and the process goes on; the same while starting ends it with code 1.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Database } from '../src/db/database.js';
import { createAppLog } from '../src/log/app-log.js';
import { requestProcessing, startProcessing } from '../src/processing/index.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-db.js';
import { testProcessingSettings, waitForStatus } from './helpers/world-server.js';
import { buildWorld, childWithEdit, type World } from './helpers/world.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

let opened: TestDatabase | undefined;
let world: World | undefined;
test.after(async () => {
  await opened?.close();
});

/** The database as a process sees it when the server goes away: statements matching `failing` fail while `down` is set. */
function flaky(db: Database, failing: RegExp) {
  const state = { down: false, failed: 0 };
  const fault = (sql: string) => {
    if (state.down && failing.test(sql)) {
      state.failed++;
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    }
  };
  const wrapped: Database = {
    ...db,
    query: async (sql, params) => {
      fault(sql);
      return db.query(sql, params);
    },
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: async (sql, params) => {
            fault(sql);
            return tx.query(sql, params);
          },
          copyBinary: (table, columns, data) => tx.copyBinary(table, columns, data),
        }),
      ),
    exec: async (sql) => {
      fault(sql);
      return db.exec(sql);
    },
  };
  return { db: wrapped, state };
}

test("the database away during a calculation's status steps: no unhandled rejection, the scenario is calculated again and ends at 9", async () => {
  opened = await openTestDatabase();
  world = await buildWorld(opened.db);
  const scenario = await childWithEdit(opened.db, world.baseScenarioId, world.stores.Charlie!, 'Charlie bigger', { salesArea: 1900 });
  // The status steps (2 to 8) and the claim release fail while the database is "away"; everything else answers.
  const { db, state } = flaky(
    opened.db,
    /UPDATE scenario SET (status = \$3|status = 1, claimed_by = NULL, claimed_at = NULL, heartbeat_at = NULL\s+WHERE id = \$1 AND claimed_by = \$2 AND claimed_at)/,
  );
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => {
    rejections.push(reason);
  };
  process.on('unhandledRejection', onRejection);
  const processor = startProcessing({ db, log: createAppLog(opened.db) }, testProcessingSettings({ claimTimeoutMs: 30_000 }));
  try {
    await processor.warm;
    state.down = true;
    await requestProcessing(opened.db, scenario, null);
    processor.wake();
    for (const end = Date.now() + 20_000; state.failed < 3;) {
      if (Date.now() > end) throw new Error('the calculation never met the failing database');
      await new Promise((r) => setTimeout(r, 20));
    }
    // Long enough for a rejection nobody handles to be reported.
    await new Promise((r) => setTimeout(r, 1500));
    state.down = false;
    // Given back to the queue once the database answers (well within the 30 s claim timeout), and calculated.
    const status = await waitForStatus(opened.db, scenario, [9, 10], 20_000);
    assert.is(status, 9);
    assert.equal(rejections.map(String), [], 'no rejection went unhandled');
    const lines = (
      await opened.db.query<{ message: string }>(`SELECT message FROM log WHERE source = 'scenario-processing' AND message LIKE '%connection was lost%'`)
    ).rows;
    assert.ok(lines.length > 0, 'the lost connection is logged');
  } finally {
    process.off('unhandledRejection', onRejection);
    await processor.stop();
  }
});

test('a database error that is not an outage (out of memory while storing): the scenario ends at 10 with the reason in the processing log', async () => {
  const scenario = await childWithEdit(opened!.db, world!.baseScenarioId, world!.stores.Alpha!, 'Alpha bigger', { salesArea: 2100 });
  const { db, state } = flaky(opened!.db, /INSERT INTO scenario_result_block/);
  const fault = Object.assign(new Error('out of memory'), { code: '53200' });
  const failing: Database = {
    ...db,
    transaction: (fn) =>
      opened!.db.transaction((tx) =>
        fn({
          query: async (sql, params) => {
            if (state.down && /INSERT INTO scenario_result_block/.test(sql)) {
              state.failed++;
              throw fault;
            }
            return tx.query(sql, params);
          },
          copyBinary: (table, columns, data) => tx.copyBinary(table, columns, data),
        }),
      ),
  };
  const processor = startProcessing({ db: failing, log: createAppLog(opened!.db) }, testProcessingSettings());
  try {
    state.down = true;
    await requestProcessing(opened!.db, scenario, null);
    processor.wake();
    const status = await waitForStatus(opened!.db, scenario, [9, 10], 30_000);
    const error = (
      await opened!.db.query<{ error: string | null }>('SELECT error FROM processing_log WHERE scenario_id = $1 ORDER BY id DESC LIMIT 1', [scenario])
    ).rows[0]?.error;
    assert.ok(state.failed > 0, 'the storing met the fault');
    assert.is(status, 10, `ended at ${status}`);
    assert.match(error ?? '', /out of memory/, 'the reason is in the processing log');
  } finally {
    await processor.stop();
  }
});

const guardScript = (startedFirst: boolean) => `
  import { installProcessGuard } from './src/process-guard.ts';
  const guard = installProcessGuard();
  ${startedFirst ? 'guard.started();' : ''}
  Promise.reject(new Error('a rejection nobody handles'));
  setTimeout(() => { throw new Error('thrown from a timer'); }, 10);
  setTimeout(() => { console.log('still serving after ' + guard.count + ' unhandled errors'); }, 200);
`;

test('the process guard: an unhandled rejection and an uncaught exception are logged and the process goes on', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', guardScript(true)], {
    cwd: serverDir,
    encoding: 'utf8',
    timeout: 30_000,
  });
  const output = run.stdout + run.stderr;
  assert.is(run.status, 0, output);
  assert.match(output, /unhandled rejection \(the server goes on\): Error: a rejection nobody handles/);
  assert.match(output, /uncaught exception \(the server goes on\): Error: thrown from a timer/);
  assert.match(output, /still serving after 2 unhandled errors/);
});

test('the process guard while the process starts: an unhandled error ends it with code 1', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', guardScript(false)], {
    cwd: serverDir,
    encoding: 'utf8',
    timeout: 30_000,
  });
  const output = run.stdout + run.stderr;
  assert.is(run.status, 1, output);
  assert.match(output, /unhandled rejection while starting: Error: a rejection nobody handles/);
  assert.not.match(output, /still serving/);
});

test.run();
