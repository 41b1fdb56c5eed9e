// The demo data set: two models on the Netherlands (a Dutch turnover model
// with a sub-model, an English score model), built deterministically from a
// seed on real GeoNames populations and the Natural Earth border. Fills an
// empty database at first start; `npm run data:reset` rebuilds it.
// docs/demo-data.md says what is real and what is synthetic.
import type { Database, Queryable } from '../db/database.js';
import { createDemoAccounts } from './accounts.js';
import {
  PHARMACY_DRIVERS,
  PHARMACY_NORMALIZED_SCORES,
  PHARMACY_PROPERTIES,
  PHARMACY_SUBMODELS,
  SUPERMARKET_DRIVERS,
  SUPERMARKET_NORMALIZED_SCORES,
  SUPERMARKET_PROPERTIES,
  SUPERMARKET_REPORT_FORMAT,
  SUPERMARKET_SCENARIO_REPORT_FORMAT,
  SUPERMARKET_SUBMODELS,
} from './definitions.js';
import { storefrontPng } from './images.js';
import { modelLogoSvg } from '../render/index.js';
import { insertRows } from '../db/insert-rows.js';
import { PHARMACY_GROUPS, SUPERMARKET_BRANDS } from './networks.js';
import { createRandom } from './random.js';
import { pharmacyScenarios, supermarketScenarios } from './scenarios.js';
import {
  heatPoints,
  insertCatchmentAreas,
  insertFunctions,
  insertModel,
  insertNetwork,
  insertProperties,
  insertReferenceSets,
  insertSubModels,
} from './store.js';
import { buildDemoWorld, type DemoWorld } from './world.js';

export { DEMO_ACCOUNTS, type DemoAccount } from './accounts.js';
export { buildDemoWorld, type DemoWorld } from './world.js';

/** Rows per table after seeding, and the inhabitants of the 1 km grid. */
export type DemoCounts = Record<string, number>;

export interface SeedOptions {
  /** Seed of the generator (default 1): the same seed gives the same data. */
  seed?: number;
  onProgress?: (message: string) => void;
}

/** The tables the counts report, in the order printed. */
const COUNTED = [
  'model',
  'sub_model',
  'login',
  'app_user',
  'model_user',
  'location_group',
  'location_cluster',
  'location_property',
  'location',
  'location_version',
  'location_photo',
  'scenario',
  'area_set',
  'area',
  'area_property',
  'poi_set',
  'poi',
  'heat_map_set',
  'heat_map_point',
  'iso_line_set',
  'catchment_area',
  'catchment_area_zone',
  'normalized_scores_function',
  'driver_filter',
  'driver',
] as const;

/** Whether the database holds any model (then the demo data is not generated at start). */
export async function isDemoSeeded(db: Queryable): Promise<boolean> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM model')).rows[0]!.n > 0;
}

export async function demoCounts(db: Queryable): Promise<DemoCounts> {
  const union = COUNTED.map((t) => `SELECT '${t}' AS t, count(*)::int AS n FROM ${t}`).join(' UNION ALL ');
  const counts: DemoCounts = {};
  for (const r of (await db.query<{ t: string; n: number }>(union)).rows) counts[r.t] = r.n;
  counts.inhabitants = (
    await db.query<{ n: number }>(
      `SELECT COALESCE(sum((a.properties->>'population')::int), 0)::int AS n FROM area a
      WHERE a.area_set_id = (SELECT min(id) FROM area_set WHERE name = 'grid')`,
    )
  ).rows[0]!.n;
  return counts;
}

export function formatCounts(counts: DemoCounts): string {
  const line = (label: string, ...tables: string[]) => `  ${label.padEnd(46)} ${tables.map((t) => (counts[t] ?? 0).toLocaleString('en-US')).join(' / ')}`;
  return [
    'Demo data:',
    line('models / sub-models', 'model', 'sub_model'),
    line('accounts / users / model access', 'login', 'app_user', 'model_user'),
    line('location groups (brands) / clusters', 'location_group', 'location_cluster'),
    line('location properties', 'location_property'),
    line('locations / versions / photos', 'location', 'location_version', 'location_photo'),
    line('scenarios', 'scenario'),
    line('area sets / areas / area properties', 'area_set', 'area', 'area_property'),
    line('inhabitants (1 km grid)', 'inhabitants'),
    line('POI sets / points of interest', 'poi_set', 'poi'),
    line('heat-map sets / points', 'heat_map_set', 'heat_map_point'),
    line('isoline sets', 'iso_line_set'),
    line('catchment areas / zones', 'catchment_area', 'catchment_area_zone'),
    line('normalized scores / driver filters / drivers', 'normalized_scores_function', 'driver_filter', 'driver'),
  ].join('\n');
}

/**
 * Throws every data table away (the GeoNames gazetteer, the server's keys and
 * the migration record stay), restarts the sequences and seeds again.
 */
export async function resetDemoData(db: Database, options: SeedOptions = {}): Promise<DemoCounts> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('schema_migration', 'place', 'server_secret') ORDER BY table_name`,
  );
  await db.transaction(async (tx) => {
    await tx.query(`TRUNCATE ${rows.map((r) => `"${r.table_name}"`).join(', ')} RESTART IDENTITY CASCADE`);
    // Models and sub-models share this sequence; no table owns it, so RESTART IDENTITY leaves it.
    await tx.query('ALTER SEQUENCE model_id_seq RESTART WITH 1');
    // Row versions (migration 014) come from a sequence of their own too: the same data gets the same versions.
    await tx.query('ALTER SEQUENCE row_version_seq RESTART WITH 1');
  });
  return seedDemoData(db, options);
}

/** Fills an empty database with the demo data in one transaction; returns the counts. */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<DemoCounts> {
  const progress = options.onProgress ?? (() => {});
  if (await isDemoSeeded(db)) throw new Error('the database already holds models: the demo data goes only into an empty database (npm run data:reset)');
  const seed = options.seed ?? 1;
  const world = buildDemoWorld(seed, progress);
  await db.transaction(async (tx) => {
    const users = await createDemoAccounts(tx);
    const turnover = await seedTurnoverModel(tx, world, seed, users.modelAdmin);
    const score = await seedScoreModel(tx, world, users.globalAdmin);
    await insertRows(
      tx,
      'model_user',
      ['model_id', 'user_id', 'is_admin'],
      [
        [turnover, users.globalAdmin, true],
        [score, users.globalAdmin, true],
        [turnover, users.modelAdmin, true],
        [score, users.modelAdmin, false],
        [turnover, users.planner, false],
      ],
    );
    progress('written to the database');
  });
  return demoCounts(db);
}

/** The turnover model: Dutch, outputType 1 (EUR), catchment area mode 0, sub-models Default and Weekend. */
async function seedTurnoverModel(tx: Queryable, world: DemoWorld, seed: number, createdBy: number): Promise<number> {
  const { cells, regions, pois, stores, centres, clusters } = world;
  const modelId = await insertModel(tx, {
    name: 'Supermarkten Nederland',
    language: 'nl',
    locationsType: 'Supermarkt',
    areasType: 'Vierkant',
    outputType: 1,
    locationGroupsType: 1,
    locationClustersType: 2,
    mapRanges: [500, 1000, 2000],
    catchmentAreaMode: 0,
    displayLocationPhoto: true,
    mainLogo: modelLogoSvg('Supermarkten NL', '#1d4ed8'),
    mainLogoUrl: null,
    secondaryLogo: modelLogoSvg('Locus', '#0f766e'),
    secondaryLogoUrl: null,
    locationReportFormat: JSON.stringify(SUPERMARKET_REPORT_FORMAT),
    scenarioReportFormat: JSON.stringify(SUPERMARKET_SCENARIO_REPORT_FORMAT),
    locationGroupMandatory: true,
    allowMultiplePoiSets: true,
    allowMultipleHeatMapSets: false,
  });
  await insertSubModels(tx, modelId, SUPERMARKET_SUBMODELS);
  const sets = await insertReferenceSets(tx, modelId, {
    language: 'nl',
    slugPrefix: 'supermarkten',
    gridTitle: 'Vierkanten 1 km',
    cells,
    regions,
    poiSets: [
      { name: 'stations', title: 'Treinstations', category: 'station', items: pois.stations },
      { name: 'schools', title: 'Basisscholen', category: 'school', items: pois.schools },
      { name: 'parking', title: 'Parkeergarages', category: 'parking', items: pois.parking },
    ],
    heatMaps: [
      { name: 'population', title: 'Bevolkingsdichtheid', points: heatPoints(cells, (c) => Number(c.properties.population)) },
      {
        name: 'purchasing-power',
        title: 'Bestedingen per inwoner',
        rendering: 'rate',
        points: heatPoints(cells, (c) => Number(c.properties.purchasingPower) / Number(c.properties.population), 'range'),
      },
    ],
  });
  const properties = await insertProperties(tx, modelId, SUPERMARKET_PROPERTIES, sets.poiSets);
  await tx.query('UPDATE model SET output_location_property_id = $2, actual_output_location_property_id = $3 WHERE id = $1', [
    modelId,
    properties.get('turnover'),
    properties.get('actualTurnover'),
  ]);
  await insertCatchmentAreas(
    tx,
    modelId,
    [{ name: 'verzorgingsgebied', title: 'Verzorgingsgebied', areaSetId: sets.grid, isDemand: true, onMap: false, isoLineSetId: sets.isoLineSets[0] }],
    [],
  );
  await insertFunctions(tx, modelId, SUPERMARKET_NORMALIZED_SCORES, SUPERMARKET_DRIVERS);
  const groups = SUPERMARKET_BRANDS.map((b) => ({ ...b, name: b.groupName ?? b.name }));
  const network = await insertNetwork(tx, modelId, [...stores, ...centres], groups, clusters, 'Basisscenario');

  // Photos for a few dozen stores: every brand's first store in the six largest places.
  const random = createRandom((seed ^ 0x5eed) >>> 0);
  const colors = new Map(SUPERMARKET_BRANDS.map((b) => [b.code, b.color]));
  const photographed = stores.flatMap((s, i) =>
    s.placeIndex < 6 && stores.findIndex((o) => o.placeIndex === s.placeIndex && o.groupCode === s.groupCode) === i ? [i] : [],
  );
  await insertRows(
    tx,
    'location_photo',
    ['location_id', 'content_type', 'image'],
    photographed.map((i) => [network.ids[i]!, 'image/png', storefrontPng(colors.get(stores[i]!.groupCode!)!, random)]),
  );

  await supermarketScenarios(tx, network, stores, clusters, pois, world.geo, createdBy);
  return modelId;
}

/** The score model: English, outputType 4, catchment area mode 1 (two catchment areas on the map), a pharmacy network. */
async function seedScoreModel(tx: Queryable, world: DemoWorld, createdBy: number): Promise<number> {
  const { coarseCells, regions, pois, branches } = world;
  const modelId = await insertModel(tx, {
    name: 'Pharmacy network score model',
    language: 'en',
    locationsType: 'Pharmacy',
    areasType: 'Area',
    outputType: 4,
    locationGroupsType: 1,
    locationClustersType: 0,
    mapRanges: [1000, 3000],
    catchmentAreaMode: 1,
    displayLocationPhoto: false,
    mainLogo: modelLogoSvg('Pharmacy network', '#0f766e'),
    mainLogoUrl: null,
    secondaryLogo: null,
    secondaryLogoUrl: null,
    locationReportFormat: null,
    scenarioReportFormat: null,
    locationGroupMandatory: false,
    allowMultiplePoiSets: false,
    allowMultipleHeatMapSets: true,
  });
  await insertSubModels(tx, modelId, PHARMACY_SUBMODELS);
  const sets = await insertReferenceSets(tx, modelId, {
    language: 'en',
    slugPrefix: 'pharmacy',
    gridTitle: 'Grid 2 km',
    cells: coarseCells,
    regions,
    poiSets: [
      { name: 'gp-practices', title: 'GP practices', category: 'health', items: pois.gpPractices },
      { name: 'stations', title: 'Railway stations', category: 'station', items: pois.stations },
    ],
    heatMaps: [
      { name: 'population', title: 'Population density', points: heatPoints(coarseCells, (c) => Number(c.properties.population)) },
      {
        name: 'elderly',
        title: 'Inhabitants aged 65+',
        points: heatPoints(coarseCells, (c) => Number(c.properties.population) * Number(c.properties.share65plus)),
      },
    ],
  });
  const properties = await insertProperties(tx, modelId, PHARMACY_PROPERTIES, sets.poiSets);
  await tx.query('UPDATE model SET output_location_property_id = $2 WHERE id = $1', [modelId, properties.get('score')]);
  await insertCatchmentAreas(
    tx,
    modelId,
    [
      { name: 'grid', title: 'Grid (2 km)', areaSetId: sets.grid, isDemand: true, onMap: true, isoLineSetId: sets.isoLineSets[0] },
      { name: 'places', title: 'Places', areaSetId: sets.places, isDemand: false, onMap: true, isoLineSetId: sets.isoLineSets[1] },
    ],
    [
      { title: 'Core area (50%)', color: '#0f766e', catchmentAreaName: 'grid' },
      { title: 'Wider area (80%)', color: '#5eead4', catchmentAreaName: 'grid' },
      { title: 'Place', color: '#f97316', catchmentAreaName: 'places' },
    ],
  );
  await insertFunctions(tx, modelId, PHARMACY_NORMALIZED_SCORES, PHARMACY_DRIVERS);
  const network = await insertNetwork(tx, modelId, branches, PHARMACY_GROUPS, [], 'Base scenario');
  await pharmacyScenarios(tx, network, branches, pois, world.geo, createdBy);
  return modelId;
}
