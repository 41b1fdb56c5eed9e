// docs/import-data.md works as written: its SQL, run by psql against an empty
// migrated PostgreSQL database with two small CSV files, gives a model that
// calculates. (psql and \copy need a PostgreSQL server: this runs with
// TEST_DATABASE_URL, as in CI, and is skipped on PGlite.)
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTestDatabase, testDatabaseKind } from './helpers/test-db.js';
import { createAppLog } from '../src/log/app-log.js';
import { startProcessing } from '../src/processing/index.js';
import { requestProcessing } from '../src/repo/queue.js';
import { processingSettings } from '../src/processing/settings.js';
import { storedOutputs } from './helpers/stored-outputs.js';

const doc = readFileSync(fileURLToPath(new URL('../../../docs/import-data.md', import.meta.url)), 'utf8');

const STORES = 'ref,name,latitude,longitude,grp,sales_area\nA,Store A,52.37,4.89,OWN,1200\nB,Store B,52.36,4.90,CMP,900\n';
const POSTCODES =
  'code,geometry,spending,population\n' +
  '1011,"{""type"":""Polygon"",""coordinates"":[[[4.88,52.36],[4.90,52.36],[4.90,52.38],[4.88,52.38],[4.88,52.36]]]}",5000000,2000\n' +
  '1012,"{""type"":""MultiPolygon"",""coordinates"":[[[[4.90,52.36],[4.92,52.36],[4.92,52.38],[4.90,52.36]]]]}",3000000,1200\n';

const run = testDatabaseKind === 'postgres' ? test : test.skip;

run('the SQL of docs/import-data.md imports a model whose base scenario calculates', async () => {
  const { db, url, close } = await openTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'locus-import-'));
  try {
    writeFileSync(join(dir, 'stores.csv'), STORES);
    writeFileSync(join(dir, 'postcodes.csv'), POSTCODES);
    const blocks = [...doc.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!);
    // The access grant names an account that signs in later; the rest runs as written.
    const script = blocks.filter((b) => !b.includes('INSERT INTO model_user')).join('\n');
    writeFileSync(join(dir, 'import.sql'), script);
    execFileSync('psql', ['-v', 'ON_ERROR_STOP=1', '-q', url!, '-f', 'import.sql'], { cwd: dir, stdio: 'pipe' });

    const areas = (
      await db.query<{ code: string; latitude: number; longitude: number; min_lng: number; max_lng: number }>(
        'SELECT code, latitude, longitude, min_lng, max_lng FROM area ORDER BY code',
      )
    ).rows;
    assert.is(areas.length, 2);
    assert.ok(Math.abs(areas[0]!.longitude - 4.888) < 1e-9 && areas[0]!.min_lng === 4.88 && areas[0]!.max_lng === 4.9, 'centroid and box of a Polygon');
    assert.ok(areas[1]!.min_lng === 4.9 && areas[1]!.max_lng === 4.92, 'box of a MultiPolygon');

    const scenario = (await db.query<{ id: number }>('SELECT id FROM scenario')).rows[0]!;
    let completed = (_: unknown) => {};
    const done = new Promise((resolve) => {
      completed = resolve;
    });
    const processor = startProcessing({ db, log: createAppLog(db) }, { ...processingSettings({}), pollMs: 200 }, { onCompleted: (r) => completed(r) });
    await requestProcessing(db, scenario.id, null);
    processor.wake();
    await done;
    await processor.stop();
    const status = (await db.query<{ status: number }>('SELECT status FROM scenario WHERE id = $1', [scenario.id])).rows[0]!.status;
    assert.is(status, 9);
    const outputs = await storedOutputs(db, scenario.id);
    assert.is(outputs.length, 2);
    // Both postcodes are within reach of both stores: all 8,000,000 of spending is divided among them.
    assert.ok(Math.abs(outputs.reduce((a, o) => a + o.output, 0) - 8_000_000) < 1e-3);
    assert.ok(outputs.every((o) => o.output > 0));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await close();
  }
});

test.run();
