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
import { PHARMACY_GROUPS, SUPERMARKET_BRANDS } from './networks.js';
import { createRandom } from './random.js';
import { pharmacyScenarios, supermarketScenarios } from './scenarios.js';
import { heatPoints } from './areas.js';
import { emptyDataTables } from '../db/reset.js';
import {
  anyModel,
  demoTableCounts,
  insertCatchmentAreas,
  insertFunctions,
  insertLocationPhotos,
  insertModel,
  insertModelAccess,
  insertNetwork,
  insertProperties,
  insertReferenceSets,
  insertSubModels,
  setOutputAndActualProperties,
  setOutputProperty,
} from '../repo/demo-world.js';
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
export function isDemoSeeded(db: Queryable): Promise<boolean> {
  return anyModel(db);
}

export function demoCounts(db: Queryable): Promise<DemoCounts> {
  return demoTableCounts(db, COUNTED);
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
  await emptyDataTables(db);
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
    await insertModelAccess(tx, [
      { modelId: turnover, userId: users.globalAdmin, isAdmin: true },
      { modelId: score, userId: users.globalAdmin, isAdmin: true },
      { modelId: turnover, userId: users.modelAdmin, isAdmin: true },
      { modelId: score, userId: users.modelAdmin, isAdmin: false },
      { modelId: turnover, userId: users.planner, isAdmin: false },
    ]);
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
  await setOutputAndActualProperties(tx, modelId, properties.get('turnover'), properties.get('actualTurnover'));
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
  await insertLocationPhotos(
    tx,
    photographed.map((i) => ({ locationId: network.ids[i]!, contentType: 'image/png', image: storefrontPng(colors.get(stores[i]!.groupCode!)!, random) })),
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
  await setOutputProperty(tx, modelId, properties.get('score'));
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
