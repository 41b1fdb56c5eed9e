// A small model for the scenario write tests, made through SQL: groups (one
// not selectable), clusters, property definitions of every kind a write
// treats differently, a POI set, a base scenario with a few supermarkets
// around Amsterdam, and logins with and without access to the model.
import type { Queryable } from '../../src/db/database.js';
import { hashPassword } from '../../src/identity/passwords.js';

export interface FixtureLocation {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

export interface ScenarioFixture {
  modelId: number;
  subModelId: number;
  baseId: number;
  groups: { albert: number; jumbo: number; retired: number };
  clusters: { centre: number; north: number };
  properties: { surface: number; format: number; share: number; parking: number; stations: number; turnover: number };
  /** Base locations, in insertion order. */
  locations: FixtureLocation[];
}

const BASE_LOCATIONS: Omit<FixtureLocation, 'id'>[] = [
  { name: 'Amsterdam Centraal', latitude: 52.3791, longitude: 4.9003 },
  { name: 'Amsterdam Zuid', latitude: 52.3389, longitude: 4.873 },
  { name: 'Amsterdam Noord', latitude: 52.399, longitude: 4.918 },
  { name: 'Amstelveen', latitude: 52.303, longitude: 4.863 },
  { name: 'Diemen', latitude: 52.34, longitude: 4.96 },
  { name: 'Zaandam', latitude: 52.438, longitude: 4.813 },
];

/** Stations of the POI set: two within 1 km of Amsterdam Centraal, one near Zuid. */
const STATIONS = [
  { name: 'Centraal', latitude: 52.3789, longitude: 4.9004 },
  { name: 'Nieuwmarkt', latitude: 52.3725, longitude: 4.9005 },
  { name: 'Zuid', latitude: 52.339, longitude: 4.8732 },
];

export interface FixtureOptions {
  name?: string;
  locationGroupMandatory?: boolean;
  /** How many of the base locations to create (default all six). */
  locationCount?: number;
}

const one = async <T>(db: Queryable, sql: string, params: unknown[]): Promise<T> => (await db.query<T>(sql, params)).rows[0]!;

export async function createScenarioModel(db: Queryable, options: FixtureOptions = {}): Promise<ScenarioFixture> {
  const { id: modelId } = await one<{ id: number }>(
    db,
    `INSERT INTO model (name, language, locations_type, areas_type, location_group_mandatory)
     VALUES ($1, 'en', 'Supermarkets', 'Neighbourhoods', $2) RETURNING id`,
    [options.name ?? 'Scenario test model', options.locationGroupMandatory ?? false],
  );
  const { id: subModelId } = await one<{ id: number }>(
    db,
    `INSERT INTO sub_model (model_id, name, parameters) VALUES ($1, 'Default', '{}'::jsonb) RETURNING id`,
    [modelId],
  );
  const group = async (code: string, name: string, selectable: boolean) =>
    (
      await one<{ id: number }>(db, 'INSERT INTO location_group (model_id, code, name, selectable) VALUES ($1, $2, $3, $4) RETURNING id', [
        modelId,
        code,
        name,
        selectable,
      ])
    ).id;
  const groups = { albert: await group('AH', 'Albert', true), jumbo: await group('JU', 'Jumbo', true), retired: await group('OLD', 'Retired brand', false) };
  const cluster = async (name: string, latitude: number, longitude: number) =>
    (
      await one<{ id: number }>(db, 'INSERT INTO location_cluster (model_id, name, latitude, longitude) VALUES ($1, $2, $3, $4) RETURNING id', [
        modelId,
        name,
        latitude,
        longitude,
      ])
    ).id;
  const clusters = { centre: await cluster('Centre', 52.37, 4.89), north: await cluster('North', 52.4, 4.92) };
  const { id: poiSetId } = await one<{ id: number }>(
    db,
    `INSERT INTO poi_set (model_id, name, title, category, logo_svg, logo_hash) VALUES ($1, 'stations', 'Stations', 'transport', '<svg/>', 'h1') RETURNING id`,
    [modelId],
  );
  for (const s of STATIONS) {
    await db.query('INSERT INTO poi (poi_set_id, name, latitude, longitude) VALUES ($1, $2, $3, $4)', [poiSetId, s.name, s.latitude, s.longitude]);
  }
  const property = async (values: {
    name: string;
    dataType: number;
    defaultValue?: string | null;
    propertyType?: number;
    autoCalculateType?: number;
    poiRange?: number;
  }) =>
    (
      await one<{ id: number }>(
        db,
        `INSERT INTO location_property (model_id, name, title, data_type, default_value, property_type, auto_calculate_type, poi_set_id, poi_range_meters, sort_order)
       VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, (SELECT count(*) FROM location_property WHERE model_id = $1)) RETURNING id`,
        [
          modelId,
          values.name,
          values.dataType,
          values.defaultValue ?? null,
          values.propertyType ?? 0,
          values.autoCalculateType ?? 0,
          values.autoCalculateType === 6 ? poiSetId : null,
          values.poiRange ?? null,
        ],
      )
    ).id;
  const properties = {
    surface: await property({ name: 'surface', dataType: 1, defaultValue: '800' }),
    format: await property({ name: 'format', dataType: 0, defaultValue: 'supermarket' }),
    share: await property({ name: 'share', dataType: 2, defaultValue: '0.25' }),
    parking: await property({ name: 'parking', dataType: 5, defaultValue: '1' }),
    stations: await property({ name: 'stations', dataType: 4, autoCalculateType: 6, poiRange: 1000 }),
    turnover: await property({ name: 'turnover', dataType: 3, propertyType: 4 }),
  };
  const { id: baseId } = await one<{ id: number }>(
    db,
    `INSERT INTO scenario (model_id, name, status, parent_scenario_id) VALUES ($1, 'Base', 9, NULL) RETURNING id`,
    [modelId],
  );
  const locations: FixtureLocation[] = [];
  for (const [index, l] of BASE_LOCATIONS.slice(0, options.locationCount ?? BASE_LOCATIONS.length).entries()) {
    const { id } = await one<{ id: number }>(db, 'INSERT INTO location (model_id, type, created_scenario_id) VALUES ($1, 1, $2) RETURNING id', [
      modelId,
      baseId,
    ]);
    const groupId = index % 2 === 0 ? groups.albert : groups.jumbo;
    const values = { surface: 1000 + index * 100, format: 'supermarket', share: 0.2, parking: 1, stations: 0, turnover: 5_000_000 + index };
    await db.query(
      `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, location_group_id, location_cluster_id, properties)
       VALUES ($1, $2, 0, $3, $4, $5, $6, $7, $8::jsonb)`,
      [baseId, id, l.name, l.latitude, l.longitude, groupId, index < 3 ? clusters.centre : clusters.north, JSON.stringify(values)],
    );
    locations.push({ id, ...l });
  }
  // The base locations of the retired brand keep it (a group that is not selectable any more may stay).
  await db.query('UPDATE location_version SET location_group_id = $2 WHERE location_id = $1', [locations[locations.length - 1]!.id, groups.retired]);
  return { modelId, subModelId, baseId, groups, clusters, properties, locations };
}

export interface FixtureLogin {
  email: string;
  password: string;
  userId: number;
}

/** A login of the built-in provider with its app_user and access to the given models. */
export async function createLogin(
  db: Queryable,
  values: { email: string; displayName: string; modelIds: number[]; globalAdmin?: boolean },
): Promise<FixtureLogin> {
  const password = `pw ${values.email} 42`;
  const { id: loginId } = await one<{ id: number }>(
    db,
    'INSERT INTO login (identity, display_name, email, password_hash) VALUES ($1, $2, $1, $3) RETURNING id',
    [values.email, values.displayName, await hashPassword(password)],
  );
  const { id: userId } = await one<{ id: number }>(db, 'INSERT INTO app_user (subject, title, email, is_global_admin) VALUES ($1, $2, $3, $4) RETURNING id', [
    String(loginId),
    values.displayName,
    values.email,
    values.globalAdmin ?? false,
  ]);
  for (const modelId of values.modelIds) {
    await db.query('INSERT INTO model_user (model_id, user_id, is_admin) VALUES ($1, $2, false)', [modelId, userId]);
  }
  return { email: values.email, password, userId };
}
