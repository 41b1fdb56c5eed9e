// Fills a test database with what a first start puts there: the gazetteer and
// the demo data (seed 1).
import type { Database } from '../../src/db/database.js';
import { seedDemoData } from '../../src/demo/index.js';
import { countriesFromEnv, loadGazetteer } from '../../src/places/gazetteer.js';

/** A fill (test-db.ts): made once per process on PGlite, each test's database a copy of it. */
export async function demoData(db: Database): Promise<void> {
  await loadGazetteer(db, countriesFromEnv({}));
  await seedDemoData(db, { seed: 1 });
}
