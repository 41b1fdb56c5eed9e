// The example scenarios of the demo models, all under the base scenario and
// all at status 0 (edited, not calculated): an opening, a closure, an edit,
// a child scenario that builds on an opening, and a top scenario (the merge
// destination). The rows follow docs/scenarios.md: a scenario holds a version
// only for what it changes, a full copy of the location with its change type.
import type { Queryable } from '../db/database.js';
import { onLand, type Geography } from './geography.js';
import type { Cluster, DemoLocation } from './networks.js';
import type { DemoPois } from './pois.js';
import { PointIndex, nearest } from './spatial.js';
import type { Network } from './store.js';

async function childScenario(
  tx: Queryable,
  network: Network,
  parentId: number,
  name: string,
  options: { isTop?: boolean; competition?: boolean; createdBy?: number | null } = {},
): Promise<number> {
  return (
    await tx.query<{ id: number }>(
      'INSERT INTO scenario (model_id, name, status, parent_scenario_id, is_top, competition, created_by) VALUES ($1, $2, 0, $3, $4, $5, $6) RETURNING id',
      [network.modelId, name, parentId, options.isTop ?? false, options.competition ?? false, options.createdBy ?? null],
    )
  ).rows[0]!.id;
}

/** Copies the version a location has in `fromScenarioId` into a scenario with a change type and changed properties. */
async function changeVersion(
  tx: Queryable,
  scenarioId: number,
  fromScenarioId: number,
  locationId: number,
  changeType: 2 | 3,
  properties: Record<string, unknown> = {},
) {
  const r = await tx.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, visibility, excluded, location_group_id, location_cluster_id, properties)
     SELECT $1, location_id, $4, name, latitude, longitude, visibility, excluded, location_group_id, location_cluster_id, properties || $5::jsonb
       FROM location_version WHERE scenario_id = $2 AND location_id = $3`,
    [scenarioId, fromScenarioId, locationId, changeType, JSON.stringify(properties)],
  );
  if (r.rowCount !== 1) throw new Error(`location ${locationId} has no version in scenario ${fromScenarioId}`);
}

interface NewLocation {
  name: string;
  latitude: number;
  longitude: number;
  groupCode: string;
  properties: Record<string, string | number>;
}

/** A location created in the scenario (change type 1). */
async function openLocation(tx: Queryable, network: Network, scenarioId: number, l: NewLocation, clusters: Cluster[]): Promise<number> {
  const id = (
    await tx.query<{ id: number }>('INSERT INTO location (model_id, type, created_scenario_id) VALUES ($1, 1, $2) RETURNING id', [network.modelId, scenarioId])
  ).rows[0]!.id;
  const cluster = clusters.length ? network.clusters[nearest(clusters, l.longitude, l.latitude)]! : null;
  await tx.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, location_group_id, location_cluster_id, properties)
     VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8)`,
    [scenarioId, id, l.name, l.latitude, l.longitude, network.groups.get(l.groupCode) ?? null, cluster, JSON.stringify(l.properties)],
  );
  return id;
}

/** The first location whose name starts with the prefix; else the first of the group; else the first. */
function find(locations: DemoLocation[], prefix: string, groupCode: string): number {
  const byName = locations.findIndex((s) => s.type === 1 && s.name.startsWith(prefix));
  if (byName >= 0) return byName;
  const byGroup = locations.findIndex((s) => s.type === 1 && s.groupCode === groupCode);
  return Math.max(0, byGroup);
}

function checkOnLand(geo: Geography, l: NewLocation) {
  if (!onLand(geo, l.longitude, l.latitude)) throw new Error(`example location ${l.name} is not on land`);
}

export async function supermarketScenarios(
  tx: Queryable,
  network: Network,
  stores: DemoLocation[],
  clusters: Cluster[],
  pois: DemoPois,
  geo: Geography,
  createdBy: number,
): Promise<void> {
  const base = network.baseScenarioId;
  // A new store in Leidsche Rijn (Utrecht), a district that grew without enough shops.
  const opened: NewLocation = {
    name: 'Korenbloem Leidsche Rijn',
    latitude: 52.1003,
    longitude: 5.05,
    groupCode: 'KOR',
    properties: {
      salesFloorArea: 1600,
      parkingSpaces: 120,
      parkingPaid: 0,
      checkouts: 9,
      brand: 'Korenbloem',
      format: 'full',
      openingYear: 2027,
      shareFresh: 0.38,
    },
  };
  opened.properties.stationsInRange = new PointIndex(pois.stations).count(opened.longitude, opened.latitude, 0.5);
  opened.properties.schoolsInRange = new PointIndex(pois.schools).count(opened.longitude, opened.latitude, 0.5);
  checkOnLand(geo, opened);
  const opening = await childScenario(tx, network, base, opened.name, { createdBy });
  const newStore = await openLocation(tx, network, opening, opened, clusters);

  // A child of the opening: the same store built larger.
  const larger = await childScenario(tx, network, opening, `${opened.name} XL`, { createdBy });
  await changeVersion(tx, larger, opening, newStore, 3, { salesFloorArea: 2400, checkouts: 13, parkingSpaces: 180 });

  // A competitor closing down: a competition scenario.
  const closed = find(stores, 'Polderhal Zwolle', 'POL');
  const closing = await childScenario(tx, network, base, `Sluiting ${stores[closed]!.name}`, { competition: true, createdBy });
  await changeVersion(tx, closing, base, network.ids[closed]!, 2);

  const edited = find(stores, 'Dagvers Haarlem', 'DAG');
  const editing = await childScenario(tx, network, base, `Uitbreiding ${stores[edited]!.name}`, { createdBy });
  const area = Number(stores[edited]!.properties.salesFloorArea) + 400;
  await changeVersion(tx, editing, base, network.ids[edited]!, 3, { salesFloorArea: area, checkouts: Math.max(2, Math.round(area / 170)) });

  // The top scenario, where the plans are merged: already holds one parking extension.
  const plan = await childScenario(tx, network, base, 'Regioplan 2027', { isTop: true, createdBy });
  const parking = find(stores, 'Korenbloem Amersfoort', 'KOR');
  await changeVersion(tx, plan, base, network.ids[parking]!, 3, { parkingSpaces: Number(stores[parking]!.properties.parkingSpaces) + 50 });
}

export async function pharmacyScenarios(
  tx: Queryable,
  network: Network,
  branches: DemoLocation[],
  pois: DemoPois,
  geo: Geography,
  createdBy: number,
): Promise<void> {
  const base = network.baseScenarioId;
  const opened: NewLocation = {
    name: 'Pharmacy Almere Poort',
    latitude: 52.3468,
    longitude: 5.158,
    groupCode: 'OWN',
    properties: { floorArea: 220, openingHoursPerWeek: 60, staff: 8, parking: 1, footfallIndex: 1.1 },
  };
  opened.properties.gpPracticesInRange = new PointIndex(pois.gpPractices).count(opened.longitude, opened.latitude, 0.5);
  checkOnLand(geo, opened);
  const opening = await childScenario(tx, network, base, opened.name, { createdBy });
  await openLocation(tx, network, opening, opened, []);

  const edited = find(branches, 'Pharmacy Utrecht', 'OWN');
  const editing = await childScenario(tx, network, base, `Longer opening hours ${branches[edited]!.name}`, { createdBy });
  await changeVersion(tx, editing, base, network.ids[edited]!, 3, { openingHoursPerWeek: 84 });

  const plan = await childScenario(tx, network, base, 'Network plan 2027', { isTop: true, createdBy });
  const closed = find(branches, 'Pharmacy Heerlen', 'OWN');
  await changeVersion(tx, plan, base, network.ids[closed]!, 2);
}
