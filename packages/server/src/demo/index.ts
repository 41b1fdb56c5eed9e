// The demo data set: two models on the Netherlands (a Dutch turnover model
// with a sub-model, an English score model), built deterministically from a
// seed on real GeoNames populations and the Natural Earth border. Fills an
// empty database at first start; `npm run data:reset` rebuilds it.
import type { Database, Queryable } from '../db/database.js';
import { createDemoAccounts, DEMO_ACCOUNTS } from './accounts.js';
import { gridCells, placeRegions, spreadPopulation, type DemoArea } from './areas.js';
import {
  GRID_AREA_PROPERTIES, PHARMACY_DRIVERS, PHARMACY_NORMALIZED_SCORES, PHARMACY_PROPERTIES, PHARMACY_SUBMODELS,
  PLACE_AREA_PROPERTIES, SMOOTH_AND_BUFFER, SUPERMARKET_DRIVERS, SUPERMARKET_NORMALIZED_SCORES, SUPERMARKET_PROPERTIES,
  SUPERMARKET_REPORT_FORMAT, SUPERMARKET_SUBMODELS, type PropertyDefinition,
} from './definitions.js';
import { distanceKm, loadGeography } from './geography.js';
import { pictogramSvg, shortHash, storefrontPng, wordmarkSvg } from './images.js';
import { insertRows } from './insert.js';
import {
  PHARMACY_GROUPS, SUPERMARKET_BRANDS, pharmacies, pointsOfInterest, regionalClusters, shoppingCentres, supermarkets,
  type Cluster, type DemoLocation, type DemoPoi,
} from './networks.js';
import { createRandom } from './random.js';

export { DEMO_ACCOUNTS, type DemoAccount } from './accounts.js';

export type DemoCounts = Record<string, number>;

export interface SeedOptions {
  seed?: number;
  onProgress?: (message: string) => void;
}

const COUNTED = ['model', 'sub_model', 'location_group', 'location_cluster', 'location', 'location_version', 'scenario',
  'area_set', 'area', 'poi_set', 'poi', 'heat_map_set', 'heat_map_point', 'iso_line_set', 'catchment_area', 'login'];

export async function isDemoSeeded(db: Queryable): Promise<boolean> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM model')).rows[0]!.n > 0;
}

export async function demoCounts(db: Queryable): Promise<DemoCounts> {
  const counts: DemoCounts = {};
  for (const table of COUNTED) counts[table] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  counts.inhabitants = (await db.query<{ n: number }>(
    `SELECT COALESCE(sum((a.properties->>'population')::int), 0)::int AS n FROM area a
      WHERE a.area_set_id = (SELECT min(id) FROM area_set WHERE name = 'grid')`)).rows[0]!.n;
  return counts;
}

export function formatCounts(counts: DemoCounts): string {
  const line = (label: string, n: number | undefined) => `  ${label.padEnd(28)} ${(n ?? 0).toLocaleString('en-US')}`;
  return ['Demo data:',
    line('models', counts.model), line('sub-models', counts.sub_model), line('location groups (brands)', counts.location_group),
    line('location clusters', counts.location_cluster), line('locations', counts.location), line('scenarios', counts.scenario),
    line('area sets', counts.area_set), line('areas', counts.area), line('inhabitants (1 km grid)', counts.inhabitants),
    line('points of interest', counts.poi), line('heat-map points', counts.heat_map_point), line('accounts', counts.login),
  ].join('\n');
}

/** Throws every data table away (the gazetteer and the server's keys stay) and seeds again. */
export async function resetDemoData(db: Database, options: SeedOptions = {}): Promise<DemoCounts> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('schema_migration', 'place', 'server_secret')`);
  await db.query(`TRUNCATE ${rows.map((r) => `"${r.table_name}"`).join(', ')} RESTART IDENTITY CASCADE`);
  await db.query('ALTER SEQUENCE model_id_seq RESTART WITH 1');
  return seedDemoData(db, options);
}

export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<DemoCounts> {
  const progress = options.onProgress ?? (() => {});
  const random = createRandom(options.seed ?? 1);
  const geo = loadGeography();
  progress(`${geo.places.length} Dutch places, ${geo.places.reduce((a, p) => a + p.population, 0).toLocaleString('en-US')} inhabitants (GeoNames)`);
  const grid = spreadPopulation(geo, random);
  const cells = gridCells(grid, random);
  const coarseCells = gridCells(grid, random, 2);
  const regions = placeRegions(geo, cells);
  progress(`${cells.length} grid cells of 1 km, ${coarseCells.length} of 2 km, ${regions.length} place regions`);
  const clusters = regionalClusters(geo);
  const stores = supermarkets(geo, grid, clusters, random);
  const centres = shoppingCentres(geo, grid, clusters, random);
  const pois = pointsOfInterest(geo, grid, random);
  const branches = pharmacies(geo, grid, clusters, random);
  progress(`${stores.length} supermarkets, ${centres.length} shopping centres, ${branches.length} pharmacies`);

  await db.transaction(async (tx) => {
    const users = await createDemoAccounts(tx);

    // The turnover model (Dutch, outputType 1, EUR) with two sub-models.
    const turnover = await insertModel(tx, {
      name: 'Supermarkten Nederland', language: 'nl', locationsType: 'Supermarkt', areasType: 'Vierkant', outputType: 1,
      locationGroupsType: 1, locationClustersType: 2, mapRanges: [500, 1000, 2000], catchmentAreaMode: 0,
      displayLocationPhoto: true, mainLogo: wordmarkSvg('Supermarkten NL', '#1d4ed8', 'Vestigingsplanning'),
      mainLogoUrl: null, secondaryLogo: wordmarkSvg('Locus', '#0f766e'), secondaryLogoUrl: null,
      locationReportFormat: JSON.stringify(SUPERMARKET_REPORT_FORMAT), locationGroupMandatory: true, allowMultiplePoiSets: true,
    });
    const turnoverSubs = await insertSubModels(tx, turnover, SUPERMARKET_SUBMODELS);
    const supermarketSets = await insertReferenceSets(tx, turnover, 'nl', cells, regions, pois, random);
    const supermarketProps = await insertProperties(tx, turnover, SUPERMARKET_PROPERTIES, supermarketSets.poiSets);
    await tx.query('UPDATE model SET output_location_property_id = $2, actual_output_location_property_id = $3 WHERE id = $1',
      [turnover, supermarketProps.get('turnover'), supermarketProps.get('actualTurnover')]);
    await insertCatchmentAreas(tx, turnover, [
      { name: 'verzorgingsgebied', title: 'Verzorgingsgebied', areaSetId: supermarketSets.grid, isDemand: true, onMap: false, isoLineSetId: supermarketSets.isoLineSets[0] },
    ], []);
    await insertFunctions(tx, turnover, SUPERMARKET_NORMALIZED_SCORES, SUPERMARKET_DRIVERS);
    const stations = pois.stations;
    const schools = pois.schools;
    for (const store of stores) {
      const p = store.properties;
      p.parkingPaid = Number(p.parkingSpaces) > 0 && random.next() < 0.3 ? 1 : 0;
      p.stationsInRange = countWithin(stations, store, 0.5);
      p.schoolsInRange = countWithin(schools, store, 0.5);
    }
    const supermarketNetwork = await insertNetwork(tx, turnover, [...stores, ...centres], SUPERMARKET_BRANDS, clusters, 'Basisscenario');
    const photo = new Map(SUPERMARKET_BRANDS.map((b) => [b.code, storefrontPng(b.color)]));
    await insertRows(tx, 'location_photo', ['location_id', 'content_type', 'image'],
      stores.map((s, i) => [supermarketNetwork.ids[i]!, 'image/png', photo.get(s.groupCode!)!]));
    await exampleSupermarketScenarios(tx, turnover, supermarketNetwork, stores, random);

    // The score model (English, outputType 4): a pharmacy network on the same geography.
    const score = await insertModel(tx, {
      name: 'Pharmacy network score model', language: 'en', locationsType: 'Pharmacy', areasType: 'Area', outputType: 4,
      locationGroupsType: 1, locationClustersType: 0, mapRanges: [1000, 3000], catchmentAreaMode: 1,
      displayLocationPhoto: false, mainLogo: wordmarkSvg('Pharmacy network', '#0f766e', 'Location scores'), mainLogoUrl: null,
      secondaryLogo: null, secondaryLogoUrl: null, locationReportFormat: null, locationGroupMandatory: false, allowMultiplePoiSets: false,
    });
    await insertSubModels(tx, score, PHARMACY_SUBMODELS);
    const pharmacySets = await insertReferenceSets(tx, score, 'en', coarseCells, regions, pois, random);
    const pharmacyProps = await insertProperties(tx, score, PHARMACY_PROPERTIES, pharmacySets.poiSets);
    await tx.query('UPDATE model SET output_location_property_id = $2 WHERE id = $1', [score, pharmacyProps.get('score')]);
    await insertCatchmentAreas(tx, score, [
      { name: 'grid', title: 'Grid (2 km)', areaSetId: pharmacySets.grid, isDemand: true, onMap: true, isoLineSetId: pharmacySets.isoLineSets[0] },
      { name: 'places', title: 'Places', areaSetId: pharmacySets.places, isDemand: false, onMap: true, isoLineSetId: null },
    ], [
      { title: 'Core area', color: '#0f766e', catchmentAreaName: 'grid' },
      { title: 'Place', color: '#f97316', catchmentAreaName: 'places' },
    ]);
    await insertFunctions(tx, score, PHARMACY_NORMALIZED_SCORES, PHARMACY_DRIVERS);
    const pharmacyNetwork = await insertNetwork(tx, score, branches, PHARMACY_GROUPS.map((g) => ({ ...g, selectable: true })), [], 'Base scenario');
    await examplePharmacyScenarios(tx, score, pharmacyNetwork, branches);

    await insertRows(tx, 'model_user', ['model_id', 'user_id', 'is_admin'], [
      [turnover, users.modelAdmin, true], [turnover, users.planner, false], [score, users.modelAdmin, false],
    ]);
  });
  return demoCounts(db);
}

interface ModelInput {
  name: string; language: string; locationsType: string; areasType: string; outputType: number; locationGroupsType: number;
  locationClustersType: number; mapRanges: number[]; catchmentAreaMode: number; displayLocationPhoto: boolean;
  mainLogo: string | null; mainLogoUrl: string | null; secondaryLogo: string | null; secondaryLogoUrl: string | null;
  locationReportFormat: string | null; locationGroupMandatory: boolean; allowMultiplePoiSets: boolean;
}

async function insertModel(tx: Queryable, m: ModelInput): Promise<number> {
  return (await tx.query<{ id: number }>(
    `INSERT INTO model (name, language, locations_type, areas_type, output_type, location_groups_type, location_clusters_type,
       map_ranges, catchment_area_mode, display_location_photo, main_logo, main_logo_url, secondary_logo, secondary_logo_url,
       location_report_format, location_group_mandatory, allow_multiple_poi_sets, map_provider, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 0, 'EUR') RETURNING id`,
    [m.name, m.language, m.locationsType, m.areasType, m.outputType, m.locationGroupsType, m.locationClustersType,
      JSON.stringify(m.mapRanges), m.catchmentAreaMode, m.displayLocationPhoto, m.mainLogo, m.mainLogoUrl, m.secondaryLogo,
      m.secondaryLogoUrl, m.locationReportFormat, m.locationGroupMandatory, m.allowMultiplePoiSets])).rows[0]!.id;
}

async function insertSubModels(tx: Queryable, modelId: number, subs: { name: string; parameters: object }[]): Promise<number[]> {
  const rows = await insertRows<{ id: number }>(tx, 'sub_model', ['model_id', 'name', 'parameters', 'sort_order'],
    subs.map((s, i) => [modelId, s.name, s.parameters, i]), { returning: 'id' });
  return rows.map((r) => r.id);
}

async function insertReferenceSets(tx: Queryable, modelId: number, language: 'nl' | 'en', cells: DemoArea[], regions: DemoArea[], pois: { stations: DemoPoi[]; schools: DemoPoi[]; parking: DemoPoi[] }, random: ReturnType<typeof createRandom>) {
  const nl = language === 'nl';
  const gridTitle = nl ? 'Vierkanten 1 km' : 'Grid 2 km';
  const [gridSet, placeSet] = await insertRows<{ id: number }>(tx, 'area_set',
    ['model_id', 'name', 'slug', 'title', 'hover', 'is_white_spot', 'map_tiles_zoom_levels_available', 'color_property', 'color_ramp', 'person_type'], [
      [modelId, 'grid', `${nl ? 'supermarkten' : 'pharmacy'}-grid`, gridTitle, true, false, [6, 7, 8, 9, 10, 11, 12, 13, 14], 'population', ['#fff7ec', '#b30000'], nl ? 'Inwoners' : 'Inhabitants'],
      [modelId, 'places', `${nl ? 'supermarkten' : 'pharmacy'}-woonplaatsen`, nl ? 'Woonplaatsen' : 'Places', true, false, [6, 7, 8, 9, 10, 11, 12], 'purchasingPower', ['#f7fcf5', '#00441b'], nl ? 'Inwoners' : 'Inhabitants'],
    ], { returning: 'id' });
  const areaRows = (setId: number, areas: DemoArea[]) => areas.map((a) => [setId, a.code, null, a.properties, a.latitude, a.longitude, ...a.bbox, a.geometry]);
  const columns = ['area_set_id', 'code', 'person_type', 'properties', 'latitude', 'longitude', 'min_lng', 'min_lat', 'max_lng', 'max_lat', 'geometry'];
  await insertRows(tx, 'area', columns, areaRows(gridSet!.id, cells), { chunk: 2000 });
  await insertRows(tx, 'area', columns, areaRows(placeSet!.id, regions), { chunk: 500 });
  const areaProps = (setId: number, defs: typeof GRID_AREA_PROPERTIES) => defs.map((d, i) => [setId, d.name, d.title, d.titleShort ?? null, d.dataType, d.roundingDigits, i]);
  await insertRows(tx, 'area_property', ['area_set_id', 'name', 'title', 'title_short', 'data_type', 'rounding_digits', 'sort_order'],
    [...areaProps(gridSet!.id, GRID_AREA_PROPERTIES), ...areaProps(placeSet!.id, PLACE_AREA_PROPERTIES)]);

  const sets = [
    { name: 'stations', title: nl ? 'Treinstations' : 'Railway stations', category: 'station', letter: 'S', color: '#1d4ed8', items: pois.stations },
    { name: 'schools', title: nl ? 'Basisscholen' : 'Primary schools', category: 'school', letter: 'B', color: '#15803d', items: pois.schools },
    { name: 'parking', title: nl ? 'Parkeergarages' : 'Car parks', category: 'parking', letter: 'P', color: '#1e40af', items: pois.parking },
  ];
  const poiSets = new Map<string, number>();
  for (const set of sets) {
    const svg = pictogramSvg(set.letter, set.color);
    const id = (await tx.query<{ id: number }>('INSERT INTO poi_set (model_id, name, title, category, logo_svg, logo_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [modelId, set.name, set.title, set.category, svg, shortHash(svg)])).rows[0]!.id;
    poiSets.set(set.name, id);
    await insertRows(tx, 'poi', ['poi_set_id', 'name', 'latitude', 'longitude'], set.items.map((p) => [id, p.name, p.latitude, p.longitude]));
  }

  const [density, power] = await insertRows<{ id: number }>(tx, 'heat_map_set', ['model_id', 'name', 'title'], [
    [modelId, 'population', nl ? 'Bevolkingsdichtheid' : 'Population density'],
    [modelId, 'purchasing-power', nl ? 'Bestedingen per inwoner' : 'Spending per inhabitant'],
  ], { returning: 'id' });
  const maxPopulation = Math.max(...cells.map((c) => Number(c.properties.population)));
  const perHead = cells.map((c) => Number(c.properties.purchasingPower) / Number(c.properties.population));
  const [lo, hi] = [Math.min(...perHead), Math.max(...perHead)];
  await insertRows(tx, 'heat_map_point', ['heat_map_set_id', 'latitude', 'longitude', 'weight'], [
    ...cells.map((c) => [density!.id, c.latitude, c.longitude, Math.round(255 * Math.sqrt(Number(c.properties.population) / maxPopulation))]),
    ...cells.map((c, i) => [power!.id, c.latitude, c.longitude, Math.round((255 * (perHead[i]! - lo)) / Math.max(1e-9, hi - lo))]),
  ], { chunk: 5000 });
  void random;

  const isoLineSets = (await insertRows<{ id: number }>(tx, 'iso_line_set',
    ['model_id', 'name', 'title', 'maximum_minutes', 'minutes', 'profile', 'provider', 'base_url', 'parameters', 'post_processing_actions'], [
      [modelId, 'car-10', nl ? 'Auto 10 minuten' : 'Car 10 minutes', 30, 10, 'car', 0, null, '{}', SMOOTH_AND_BUFFER],
      [modelId, 'walk-10', nl ? 'Lopen 10 minuten' : 'Walking 10 minutes', 20, 10, 'pedestrian', 0, null, '{}', SMOOTH_AND_BUFFER],
    ], { returning: 'id' })).map((r) => r.id);
  return { grid: gridSet!.id, places: placeSet!.id, poiSets, isoLineSets };
}

async function insertProperties(tx: Queryable, modelId: number, defs: PropertyDefinition[], poiSets: Map<string, number>): Promise<Map<string, number>> {
  const rows = await insertRows<{ id: number; name: string }>(tx, 'location_property', [
    'model_id', 'name', 'title', 'description', 'property_type', 'data_type', 'auto_calculate_type', 'poi_set_id', 'poi_range_meters',
    'view_location', 'section_name', 'section_title', 'section_view_order', 'default_value', 'minimum_value', 'maximum_value',
    'rounding_digits', 'title_short', 'choices', 'range_color', 'dependency_expression', 'hidden_in_export', 'sort_order',
  ], defs.map((d, i) => [modelId, d.name, d.title, d.description ?? null, d.propertyType ?? 0, d.dataType, d.autoCalculateType ?? 0,
    d.poiSet ? poiSets.get(d.poiSet) ?? null : null, d.poiRangeMeters ?? null, d.viewLocation ?? null, d.section[0], d.section[1], d.section[2],
    d.defaultValue ?? null, d.minimumValue ?? null, d.maximumValue ?? null, d.roundingDigits ?? 0, d.titleShort ?? null,
    d.choices ?? null, d.rangeColor ?? null, d.dependencyExpression ?? null, d.hiddenInExport ?? false, i]), { returning: 'id, name' });
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function insertCatchmentAreas(tx: Queryable, modelId: number,
  areas: { name: string; title: string; areaSetId: number; isDemand: boolean; onMap: boolean; isoLineSetId: number | null | undefined }[],
  zones: { title: string; color: string; catchmentAreaName: string }[]) {
  await insertRows(tx, 'catchment_area', ['model_id', 'name', 'title', 'area_set_id', 'iso_line_set_id', 'on_map', 'is_demand', 'sort_order'],
    areas.map((a, i) => [modelId, a.name, a.title, a.areaSetId, a.isoLineSetId ?? null, a.onMap, a.isDemand, i]));
  if (zones.length) {
    await insertRows(tx, 'catchment_area_zone', ['model_id', 'title', 'color', 'catchment_area_name', 'sort_order'],
      zones.map((z, i) => [modelId, z.title, z.color, z.catchmentAreaName, i]));
  }
}

async function insertFunctions(tx: Queryable, modelId: number,
  scores: { title: string; function: string; weight: number }[],
  drivers: { title: string; function: string; drivers: { title: string; function: string; weight: number; roundingDigits: number; inverse: boolean }[] }[]) {
  await insertRows(tx, 'normalized_scores_function', ['model_id', 'title', 'function', 'weight', 'default_value', 'type', 'sort_order'],
    scores.map((s, i) => [modelId, s.title, s.function, s.weight, 1, 1, i]));
  for (const [i, filter] of drivers.entries()) {
    const id = (await tx.query<{ id: number }>('INSERT INTO driver_filter (model_id, title, function, sort_order) VALUES ($1, $2, $3, $4) RETURNING id',
      [modelId, filter.title, filter.function, i])).rows[0]!.id;
    await insertRows(tx, 'driver', ['driver_filter_id', 'title', 'function', 'weight', 'rounding_digits', 'inverse', 'sort_order'],
      filter.drivers.map((d, k) => [id, d.title, d.function, d.weight, d.roundingDigits, d.inverse, k]));
  }
}

interface Network { baseScenarioId: number; ids: number[]; groups: Map<string, number>; clusters: number[] }

async function insertNetwork(tx: Queryable, modelId: number, locations: DemoLocation[],
  groups: { code: string; name: string; color: string; selectable: boolean }[], clusters: Cluster[], baseName: string): Promise<Network> {
  const groupRows = await insertRows<{ id: number; code: string }>(tx, 'location_group', ['model_id', 'code', 'name', 'selectable', 'color', 'sort_order'],
    groups.map((g, i) => [modelId, g.code, g.name, g.selectable, g.color, i]), { returning: 'id, code' });
  const groupIds = new Map(groupRows.map((g) => [g.code, g.id]));
  const clusterIds = clusters.length
    ? (await insertRows<{ id: number }>(tx, 'location_cluster', ['model_id', 'name', 'latitude', 'longitude'],
      clusters.map((c) => [modelId, c.name, c.latitude, c.longitude]), { returning: 'id' })).map((r) => r.id)
    : [];
  const base = (await tx.query<{ id: number }>(`INSERT INTO scenario (model_id, name, status) VALUES ($1, $2, 0) RETURNING id`, [modelId, baseName])).rows[0]!.id;
  const ids = (await insertRows<{ id: number }>(tx, 'location', ['model_id', 'type', 'created_scenario_id'],
    locations.map((l) => [modelId, l.type, base]), { returning: 'id' })).map((r) => r.id);
  await insertRows(tx, 'location_version', ['scenario_id', 'location_id', 'change_type', 'name', 'latitude', 'longitude', 'location_group_id', 'location_cluster_id', 'properties'],
    locations.map((l, i) => [base, ids[i]!, 0, l.name, l.latitude, l.longitude, l.groupCode ? groupIds.get(l.groupCode) ?? null : null,
      l.clusterIndex !== null && clusterIds.length ? clusterIds[l.clusterIndex]! : null, l.properties]), { chunk: 2000 });
  return { baseScenarioId: base, ids, groups: groupIds, clusters: clusterIds };
}

async function childScenario(tx: Queryable, modelId: number, parentId: number, name: string, isTop = false): Promise<number> {
  return (await tx.query<{ id: number }>('INSERT INTO scenario (model_id, name, status, parent_scenario_id, is_top) VALUES ($1, $2, 0, $3, $4) RETURNING id',
    [modelId, name, parentId, isTop])).rows[0]!.id;
}

/** Copies a base version into a scenario with a change type and changed fields. */
async function changeVersion(tx: Queryable, scenarioId: number, baseScenarioId: number, locationId: number, changeType: number, properties: Record<string, unknown> = {}) {
  await tx.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, visibility, excluded, location_group_id, location_cluster_id, properties)
     SELECT $1, location_id, $4, name, latitude, longitude, visibility, excluded, location_group_id, location_cluster_id, properties || $5::jsonb
       FROM location_version WHERE scenario_id = $2 AND location_id = $3`,
    [scenarioId, baseScenarioId, locationId, changeType, JSON.stringify(properties)]);
}

async function openLocation(tx: Queryable, modelId: number, scenarioId: number, l: Omit<DemoLocation, 'placeIndex' | 'clusterIndex'> & { groupId: number | null; clusterId: number | null }) {
  const id = (await tx.query<{ id: number }>('INSERT INTO location (model_id, type, created_scenario_id) VALUES ($1, $2, $3) RETURNING id', [modelId, l.type, scenarioId])).rows[0]!.id;
  await tx.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, location_group_id, location_cluster_id, properties)
     VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8)`,
    [scenarioId, id, l.name, l.latitude, l.longitude, l.groupId, l.clusterId, JSON.stringify(l.properties)]);
  return id;
}

const findStore = (stores: DemoLocation[], prefix: string) => {
  const i = stores.findIndex((s) => s.name.startsWith(prefix));
  return i >= 0 ? i : 0;
};

async function exampleSupermarketScenarios(tx: Queryable, modelId: number, network: Network, stores: DemoLocation[], random: ReturnType<typeof createRandom>) {
  const base = network.baseScenarioId;
  const name = 'Korenbloem Leidsche Rijn';
  const opening = await childScenario(tx, modelId, base, name);
  await openLocation(tx, modelId, opening, {
    name, latitude: 52.1003, longitude: 5.05, type: 1, groupCode: 'KOR', groupId: network.groups.get('KOR')!,
    clusterId: network.clusters[0] ?? null,
    properties: { salesFloorArea: 1600, parkingSpaces: 120, parkingPaid: 0, checkouts: 9, brand: 'Korenbloem', format: 'full', openingYear: 2027,
      shareFresh: 0.38, stationsInRange: 0, schoolsInRange: 1, actualTurnover: null, turnover: null },
  });
  const closed = findStore(stores, 'Polderhal Zwolle');
  const closing = await childScenario(tx, modelId, base, `Sluiting ${stores[closed]!.name}`);
  await changeVersion(tx, closing, base, network.ids[closed]!, 2);
  const edited = findStore(stores, 'Dagvers Haarlem');
  const editing = await childScenario(tx, modelId, base, `Uitbreiding ${stores[edited]!.name}`);
  await changeVersion(tx, editing, base, network.ids[edited]!, 3, { salesFloorArea: Number(stores[edited]!.properties.salesFloorArea) + 400 });
  const plan = await childScenario(tx, modelId, base, 'Regioplan 2027', true);
  const parking = findStore(stores, 'Korenbloem Amersfoort');
  await changeVersion(tx, plan, base, network.ids[parking]!, 3, { parkingSpaces: Number(stores[parking]!.properties.parkingSpaces) + 40 + random.int(0, 20) });
}

async function examplePharmacyScenarios(tx: Queryable, modelId: number, network: Network, branches: DemoLocation[]) {
  const base = network.baseScenarioId;
  const name = 'Pharmacy Almere Poort';
  const opening = await childScenario(tx, modelId, base, name);
  await openLocation(tx, modelId, opening, {
    name, latitude: 52.3468, longitude: 5.158, type: 1, groupCode: 'OWN', groupId: network.groups.get('OWN')!, clusterId: null,
    properties: { floorArea: 220, openingHoursPerWeek: 60, staff: 8, parking: 1, footfallIndex: 1.1, score: null },
  });
  const plan = await childScenario(tx, modelId, base, 'Network plan 2027', true);
  const closed = findStore(branches, 'Pharmacy Heerlen');
  await changeVersion(tx, plan, base, network.ids[closed]!, 2);
}

function countWithin(pois: DemoPoi[], at: { latitude: number; longitude: number }, km: number): number {
  let n = 0;
  const dLat = km / 111.2;
  for (const p of pois) {
    if (Math.abs(p.latitude - at.latitude) > dLat || Math.abs(p.longitude - at.longitude) > dLat * 1.7) continue;
    if (distanceKm(p.longitude, p.latitude, at.longitude, at.latitude) <= km) n++;
  }
  return n;
}
