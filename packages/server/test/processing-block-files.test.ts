// Result blocks of the embedded database in a data folder live in files
// (processing/block-files.ts): the rows keep the hashes, each file holds the
// bytes its name hashes to, the reads answer the same from the files as from
// the blocks the calculation kept, replaced blocks lose their files, a sweep
// removes files no row names, and it never runs while a calculation writes.
// (PostgreSQL keeps the bytes in the rows: skipped there.)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { blockFolder, sweepBlockFiles, writingBlocks } from '../src/processing/block-files.js';
import { decodeBlock } from '../src/processing/result-codec.js';
import { forgetDecodedBlocks } from '../src/repo/results.js';
import { childWithEdit } from './helpers/world.js';
import { testDatabaseKind } from './helpers/test-db.js';
import { startWorldServer, type WorldServer } from './helpers/world-server.js';

const onPglite = testDatabaseKind === 'pglite';
const it = onPglite ? test : test.skip;
let ws: WorldServer;
let folder: string;

const calculate = (scenarioId: number) => ws.calculate(scenarioId);

const files = () => (existsSync(folder) ? readdirSync(folder).flatMap((sub) => readdirSync(join(folder, sub)).map((name) => join(sub, name))) : []);
const fileHashes = () => new Set(files().map((f) => f.slice(3)));
const rowHashes = async () =>
  new Set((await ws.server.ctx.db.query<{ hex: string }>(`SELECT encode(hash, 'hex') AS hex FROM result_block`)).rows.map((r) => r.hex));
const referenced = async (scenarioId: number) =>
  new Set(
    (
      await ws.server.ctx.db.query<{ hex: string }>(`SELECT encode(hash, 'hex') AS hex FROM scenario_result_block WHERE scenario_id = $1`, [scenarioId])
    ).rows.map((r) => r.hex),
  );

test.before(async () => {
  if (!onPglite) return;
  ws = await startWorldServer({}, { databaseOnDisk: true });
  folder = blockFolder(ws.server.ctx.db)!;
  await ws.processor!.warm;
  await calculate(ws.world.baseScenarioId);
});
test.after(async () => {
  await ws?.close();
});

it('a calculated result: every row names a file, each file holds the bytes its name hashes to', async () => {
  assert.ok(folder, 'the embedded database in a data folder keeps block files');
  const { rows } = await ws.server.ctx.db.query<{ hex: string; in_file: boolean }>(
    `SELECT encode(hash, 'hex') AS hex, data IS NULL AS in_file FROM result_block`,
  );
  assert.ok(rows.length > 0);
  assert.ok(
    rows.every((r) => r.in_file),
    'no block bytes in the rows',
  );
  let areas = 0;
  for (const { hex } of rows) {
    const bytes = readFileSync(join(folder, hex.slice(0, 2), hex));
    assert.is(createHash('sha1').update(bytes).digest('hex'), hex);
    areas += decodeBlock(bytes).areaCount;
  }
  const areaCount = (await ws.server.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM area WHERE area_set_id = $1', [ws.world.cellSetId])).rows[0]!
    .n;
  assert.ok(areas >= areaCount, 'the blocks cover every demand area');
});

it('reads answer the same from the files as from the blocks the calculation kept', async () => {
  const path = `/api/models/${ws.world.subModelId}/scenarios/${ws.world.baseScenarioId}/locations/${ws.world.stores.Echo}/catchment-areas/${ws.world.cellCatchmentId}`;
  const kept = await ws.call(path, ws.tokens.planner);
  assert.is(kept.status, 200);
  forgetDecodedBlocks();
  const fromFiles = await ws.call(path, ws.tokens.planner);
  assert.is(fromFiles.status, 200);
  assert.ok(kept.json().featureCollection.features.length > 5);
  assert.equal(fromFiles.json(), kept.json());
});

it('a result replaced: the blocks no result names lose their rows and files, the others keep theirs', async () => {
  const { db } = ws.server.ctx;
  const child = await childWithEdit(db, ws.world.baseScenarioId, ws.world.stores.Alpha!, 'Alpha grows', { salesArea: 2900 });
  await calculate(child);
  const before = await referenced(child);
  await db.query(`UPDATE location_version SET properties = properties || '{"salesArea": 3300}' WHERE scenario_id = $1 AND location_id = $2`, [
    child,
    ws.world.stores.Alpha,
  ]);
  await calculate(child);
  const after = await referenced(child);
  const base = await referenced(ws.world.baseScenarioId);
  const gone = [...before].filter((h) => !after.has(h) && !base.has(h));
  assert.ok(gone.length > 0, 'the change replaced some blocks of the child');
  const rows = await rowHashes();
  const onDisk = fileHashes();
  for (const h of gone) {
    assert.not.ok(rows.has(h), 'a replaced block lost its row');
    assert.not.ok(onDisk.has(h), 'and its file');
  }
  for (const h of [...after, ...base]) assert.ok(rows.has(h) && onDisk.has(h), 'a block a result names keeps its row and file');
});

it('a sweep removes files no row names and leftovers of a stopped write, and waits for a calculation writing blocks', async () => {
  const { db } = ws.server.ctx;
  const kept = fileHashes();
  const orphan = 'ab'.repeat(20);
  mkdirSync(join(folder, 'ab'), { recursive: true });
  writeFileSync(join(folder, 'ab', orphan), 'no row names this');
  writeFileSync(join(folder, 'ab', `${orphan}.123-1.tmp`), 'half written');
  let release!: () => void;
  const writing = writingBlocks(
    db,
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
      }),
  );
  let swept: number | undefined;
  const sweep = sweepBlockFiles(db).then((n) => {
    swept = n;
  });
  await new Promise((r) => setTimeout(r, 100));
  assert.is(swept, undefined, 'the sweep waits while blocks are written');
  assert.ok(existsSync(join(folder, 'ab', orphan)));
  release();
  await writing;
  await sweep;
  assert.is(swept, 2);
  assert.not.ok(existsSync(join(folder, 'ab', orphan)));
  assert.not.ok(existsSync(join(folder, 'ab', `${orphan}.123-1.tmp`)));
  assert.equal(fileHashes(), kept, 'the files rows name stay');
  // A calculation asked for while a sweep runs waits for it, then completes.
  await db.query('DELETE FROM scenario_result WHERE scenario_id = $1', [ws.world.baseScenarioId]);
  await Promise.all([sweepBlockFiles(db), calculate(ws.world.baseScenarioId)]);
  for (const h of await referenced(ws.world.baseScenarioId)) assert.ok(existsSync(join(folder, h.slice(0, 2), h)));
});

test.run();
