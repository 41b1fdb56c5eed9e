// Fills a test database with what a first start puts there: the gazetteer and
// the demo data (seed 1).
import type { ServerContext } from '../../src/context.js';
import { seedDemoData } from '../../src/demo/index.js';
import { countriesFromEnv, loadGazetteer } from '../../src/places/gazetteer.js';

export async function seedOnce(ctx: ServerContext): Promise<void> {
  await loadGazetteer(ctx.db, countriesFromEnv({}));
  await seedDemoData(ctx.db, { seed: 1 });
}
