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
import { copyVersionWithChange, insertChildScenario, insertOpenedLocation, type Network } from '../repo/demo-world.js';

interface NewLocation {
  name: string;
  latitude: number;
  longitude: number;
  groupCode: string;
  properties: Record<string, string | number>;
}

/** A location created in the scenario (change type 1). */
async function openLocation(tx: Queryable, network: Network, scenarioId: number, l: NewLocation, clusters: Cluster[]): Promise<number> {
  const cluster = clusters.length ? network.clusters[nearest(clusters, l.longitude, l.latitude)]! : null;
  return insertOpenedLocation(tx, network.modelId, scenarioId, {
    name: l.name,
    latitude: l.latitude,
    longitude: l.longitude,
    groupId: network.groups.get(l.groupCode) ?? null,
    clusterId: cluster,
    properties: l.properties,
  });
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
  const opening = await insertChildScenario(tx, network.modelId, base, opened.name, { createdBy });
  const newStore = await openLocation(tx, network, opening, opened, clusters);

  // A child of the opening: the same store built larger.
  const larger = await insertChildScenario(tx, network.modelId, opening, `${opened.name} XL`, { createdBy });
  await copyVersionWithChange(tx, larger, opening, newStore, 3, { salesFloorArea: 2400, checkouts: 13, parkingSpaces: 180 });

  // A competitor closing down: a competition scenario.
  const closed = find(stores, 'Polderhal Zwolle', 'POL');
  const closing = await insertChildScenario(tx, network.modelId, base, `Sluiting ${stores[closed]!.name}`, { competition: true, createdBy });
  await copyVersionWithChange(tx, closing, base, network.ids[closed]!, 2);

  const edited = find(stores, 'Dagvers Haarlem', 'DAG');
  const editing = await insertChildScenario(tx, network.modelId, base, `Uitbreiding ${stores[edited]!.name}`, { createdBy });
  const area = Number(stores[edited]!.properties.salesFloorArea) + 400;
  await copyVersionWithChange(tx, editing, base, network.ids[edited]!, 3, { salesFloorArea: area, checkouts: Math.max(2, Math.round(area / 170)) });

  // The top scenario, where the plans are merged: already holds one parking extension.
  const plan = await insertChildScenario(tx, network.modelId, base, 'Regioplan 2027', { isTop: true, createdBy });
  const parking = find(stores, 'Korenbloem Amersfoort', 'KOR');
  await copyVersionWithChange(tx, plan, base, network.ids[parking]!, 3, { parkingSpaces: Number(stores[parking]!.properties.parkingSpaces) + 50 });
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
  const opening = await insertChildScenario(tx, network.modelId, base, opened.name, { createdBy });
  await openLocation(tx, network, opening, opened, []);

  const edited = find(branches, 'Pharmacy Utrecht', 'OWN');
  const editing = await insertChildScenario(tx, network.modelId, base, `Longer opening hours ${branches[edited]!.name}`, { createdBy });
  await copyVersionWithChange(tx, editing, base, network.ids[edited]!, 3, { openingHoursPerWeek: 84 });

  const plan = await insertChildScenario(tx, network.modelId, base, 'Network plan 2027', { isTop: true, createdBy });
  const closed = find(branches, 'Pharmacy Heerlen', 'OWN');
  await copyVersionWithChange(tx, plan, base, network.ids[closed]!, 2);
}
