// Empties the database for a fresh demo data set (npm run data:reset): every
// data table is thrown away and the sequences start again, so the same seed
// gives the same ids. The GeoNames gazetteer, the server's keys and the
// migration record stay.
import type { Database } from './database.js';

const KEPT_TABLES = ['schema_migration', 'place', 'server_secret'];

export async function emptyDataTables(db: Database): Promise<void> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name NOT IN (${KEPT_TABLES.map((t) => `'${t}'`).join(', ')}) ORDER BY table_name`,
  );
  await db.transaction(async (tx) => {
    await tx.query(`TRUNCATE ${rows.map((r) => `"${r.table_name}"`).join(', ')} RESTART IDENTITY CASCADE`);
    // Models and sub-models share this sequence; no table owns it, so RESTART IDENTITY leaves it.
    await tx.query('ALTER SEQUENCE model_id_seq RESTART WITH 1');
    // Row versions (migration 014) come from a sequence of their own too: the same data gets the same versions.
    await tx.query('ALTER SEQUENCE row_version_seq RESTART WITH 1');
  });
}
