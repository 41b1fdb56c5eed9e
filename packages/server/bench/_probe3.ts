import { performance } from 'node:perf_hooks';
const { startTestServer } = await import('../test/helpers/server.js');
const { seedDemoData } = await import('../src/demo/index.js');
const { areaSetKey, demandAreaSetId, loadDemandAreas, loadScenarioLocations, loadSubModels } = await import('../src/processing/inputs.js');
const { calculateScenario, estimatorProvider } = await import('@locus/engine');
const server = await startTestServer({ seed: async (ctx) => { await seedDemoData(ctx.db, { seed: 1 }); }, databaseOnDisk: true });
const db = server.ctx.db;
const model = (await db.query<{ id: number }>(`SELECT id FROM model WHERE output_type <> 4 ORDER BY id LIMIT 1`)).rows[0]!;
const sid = (await db.query<{ id: number }>('SELECT id FROM scenario WHERE model_id = $1 AND parent_scenario_id IS NULL ORDER BY id LIMIT 1', [model.id])).rows[0]!.id;
const setId = (await demandAreaSetId(db, model.id))!;
const areas = await loadDemandAreas(db, setId, await areaSetKey(db, setId));
const inputs = await loadScenarioLocations(db, model.id, sid);
const locations = { latitude: Float64Array.from(inputs.rows, (r) => r.latitude), longitude: Float64Array.from(inputs.rows, (r) => r.longitude), properties: inputs.records, active: inputs.active };
const subs = await loadSubModels(db, model.id);
const provider = estimatorProvider();
const { encodeAllBlocks } = await import('../src/processing/result-codec.js');
const { encodeBlock, hashOf, blockCount } = await import('../src/processing/result-codec.js');
const results = [] as any[];
for (const s of subs) results.push(await calculateScenario({ areas, locations, parameters: s.parameters }, provider));
for (let k = 0; k < 6; k++) {
  for (const r of results) {
    let t = performance.now(); const datas = [];
    for (let b = 0; b < blockCount(r.pairs.areaCount); b++) datas.push(encodeBlock(r, b));
    const enc = performance.now() - t; t = performance.now();
    for (const d of datas) hashOf(d);
    const h = performance.now() - t;
    console.log(`encode ${enc.toFixed(1)} hash ${h.toFixed(1)}`);
  }
}
process.exit(0);
