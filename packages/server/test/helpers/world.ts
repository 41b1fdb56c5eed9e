// A small, explicit world for the processing, output, download and function
// tests, built in SQL: one turnover model on a 16 x 16 grid of demand cells
// (about 1 km each) with 4 x 4 districts as a second area set, a handful of
// stores in two groups and two clusters, a POI set counted in range, and a
// score model. Three logins: a planner, a model administrator and a global
// administrator, with their app users and model access.
import type { Queryable } from '../../src/db/database.js';
import { hashPassword } from '../../src/identity/passwords.js';

export const WORLD_PASSWORD = 'Correct-Horse-42';

export interface World {
  modelId: number;
  subModelId: number;
  scoreModelId: number;
  scoreSubModelId: number;
  baseScenarioId: number;
  scoreBaseScenarioId: number;
  cellSetId: number;
  districtSetId: number;
  cellCatchmentId: number;
  districtCatchmentId: number;
  /** Store ids by name: 'Alpha' .. 'Foxtrot'. */
  stores: Record<string, number>;
  properties: { salesArea: number; formula: number; output: number; actual: number; pois: number; secret: number; scoreOutput: number };
  groups: { super: number; discount: number };
  accounts: { planner: Account; modelAdmin: Account; globalAdmin: Account };
}

export interface Account {
  email: string;
  password: string;
  userId: number;
}

const LAT0 = 52.0;
const LON0 = 5.0;
const CELL_LAT = 0.009; // about 1 km
const CELL_LON = 0.0146;
export const GRID = 16;

const square = (lon: number, lat: number, dLon: number, dLat: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + dLon, lat],
      [lon + dLon, lat + dLat],
      [lon, lat + dLat],
      [lon, lat],
    ],
  ],
});

export const WORLD_PARAMETERS = {
  fractionCutOffThreshold: 0.01,
  car: { maximumMinutes: 15, scale: 1, constant: 2, power: 2 },
  pedestrian: { maximumMinutes: 10, scale: 1.5, constant: 1, power: 2.5 },
  functions: [
    { id: 1, description: 'sales area', function: 'pow(salesArea, 0.9)', defaultValue: 1, type: 1 },
    { id: 2, description: 'formula', function: "if formula = 'super' then 1.1 else 1", defaultValue: 1, type: 1 },
    { id: 3, description: 'spending', function: 'population * spendPerHead', defaultValue: 0, type: 2 },
  ],
};

async function account(db: Queryable, name: string, email: string, globalAdmin: boolean): Promise<Account> {
  const hash = await hashPassword(WORLD_PASSWORD);
  const login = (
    await db.query<{ id: number }>('INSERT INTO login (identity, display_name, email, password_hash) VALUES ($1, $2, $1, $3) RETURNING id', [email, name, hash])
  ).rows[0]!;
  const user = (
    await db.query<{ id: number }>('INSERT INTO app_user (subject, title, email, is_global_admin) VALUES ($1, $2, $3, $4) RETURNING id', [
      String(login.id),
      name,
      email,
      globalAdmin,
    ])
  ).rows[0]!;
  return { email, password: WORLD_PASSWORD, userId: user.id };
}

const one = async <T>(db: Queryable, sql: string, params: unknown[]) => (await db.query<T>(sql, params)).rows[0]!;

export async function buildWorld(db: Queryable): Promise<World> {
  const model = await one<{ id: number }>(
    db,
    `INSERT INTO model (name, locations_type, areas_type, output_type) VALUES ('Groceries', 'Supermarkets', 'Grid cells', 1) RETURNING id`,
    [],
  );
  const subModel = await one<{ id: number }>(db, `INSERT INTO sub_model (model_id, name, parameters) VALUES ($1, 'Default', $2) RETURNING id`, [
    model.id,
    JSON.stringify(WORLD_PARAMETERS),
  ]);
  const cellSet = await one<{ id: number }>(
    db,
    `INSERT INTO area_set (model_id, name, slug, title, person_type) VALUES ($1, 'cells', $2, 'Grid cells', 'inhabitants') RETURNING id`,
    [model.id, `cells-${model.id}`],
  );
  const districtSet = await one<{ id: number }>(
    db,
    `INSERT INTO area_set (model_id, name, slug, title, person_type) VALUES ($1, 'districts', $2, 'Districts', 'inhabitants') RETURNING id`,
    [model.id, `districts-${model.id}`],
  );
  await db.query(
    `INSERT INTO area_property (area_set_id, name, title, title_short, data_type) VALUES ($1, 'population', 'Population', 'Pop.', 1), ($1, 'spendPerHead', 'Spending per head', NULL, 3)`,
    [cellSet.id],
  );
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) {
      const lon = LON0 + x * CELL_LON;
      const lat = LAT0 + y * CELL_LAT;
      const population = 200 + ((x * 37 + y * 91) % 17) * 60;
      await db.query(
        `INSERT INTO area (area_set_id, code, properties, latitude, longitude, min_lng, min_lat, max_lng, max_lat, geometry)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          cellSet.id,
          `C${String(y).padStart(2, '0')}${String(x).padStart(2, '0')}`,
          JSON.stringify({ population, spendPerHead: 40 + (x % 3) * 5 }),
          lat + CELL_LAT / 2,
          lon + CELL_LON / 2,
          lon,
          lat,
          lon + CELL_LON,
          lat + CELL_LAT,
          JSON.stringify(square(lon, lat, CELL_LON, CELL_LAT)),
        ],
      );
    }
  }
  const D = GRID / 4;
  for (let y = 0; y < 4; y++) {
    for (let x = 0; x < 4; x++) {
      const lon = LON0 + x * D * CELL_LON;
      const lat = LAT0 + y * D * CELL_LAT;
      await db.query(
        `INSERT INTO area (area_set_id, code, properties, latitude, longitude, min_lng, min_lat, max_lng, max_lat, geometry)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          districtSet.id,
          `D${y}${x}`,
          JSON.stringify({ name: `District ${y}${x}` }),
          lat + (D * CELL_LAT) / 2,
          lon + (D * CELL_LON) / 2,
          lon,
          lat,
          lon + D * CELL_LON,
          lat + D * CELL_LAT,
          JSON.stringify(square(lon, lat, D * CELL_LON, D * CELL_LAT)),
        ],
      );
    }
  }
  const cellCatchment = await one<{ id: number }>(
    db,
    `INSERT INTO catchment_area (model_id, name, title, area_set_id, is_demand, sort_order) VALUES ($1, 'cells', 'Grid cells', $2, true, 0) RETURNING id`,
    [model.id, cellSet.id],
  );
  const districtCatchment = await one<{ id: number }>(
    db,
    `INSERT INTO catchment_area (model_id, name, title, area_set_id, sort_order) VALUES ($1, 'districts', 'Districts', $2, 1) RETURNING id`,
    [model.id, districtSet.id],
  );

  const poiSet = await one<{ id: number }>(
    db,
    `INSERT INTO poi_set (model_id, name, title, category, logo_svg, logo_hash) VALUES ($1, 'schools', 'Schools', 'school', '<svg/>', 'h1') RETURNING id`,
    [model.id],
  );
  for (let k = 0; k < 12; k++) {
    await db.query('INSERT INTO poi (poi_set_id, name, latitude, longitude) VALUES ($1, $2, $3, $4)', [
      poiSet.id,
      `School ${k}`,
      LAT0 + 0.01 + (k % 4) * 0.03,
      LON0 + 0.02 + Math.floor(k / 4) * 0.06,
    ]);
  }
  const property = (name: string, title: string, extra: Record<string, unknown> = {}) =>
    one<{ id: number }>(
      db,
      `INSERT INTO location_property (model_id, name, title, data_type, property_type, auto_calculate_type, poi_set_id, poi_range_meters, hidden_in_export, sort_order, sub_model_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        model.id,
        name,
        title,
        extra.dataType ?? 1,
        extra.propertyType ?? 0,
        extra.auto ?? 0,
        extra.poiSet ?? null,
        extra.range ?? null,
        extra.hidden ?? false,
        extra.order ?? 0,
        extra.subModel ?? null,
      ],
    );
  const salesArea = await property('salesArea', 'Sales area', { order: 1 });
  const formula = await property('formula', 'Formula', { dataType: 0, order: 2 });
  const actual = await property('actualTurnover', 'Actual turnover', { dataType: 3, order: 3 });
  const pois = await property('schoolsInRange', 'Schools within 1.5 km', { auto: 6, poiSet: poiSet.id, range: 1500, order: 4 });
  const secret = await property('costPrice', 'Cost price', { hidden: true, order: 5 });
  const output = await property('turnover', 'Turnover', { dataType: 3, propertyType: 4, order: 6, subModel: subModel.id });
  await db.query('UPDATE model SET output_location_property_id = $2, actual_output_location_property_id = $3 WHERE id = $1', [model.id, output.id, actual.id]);

  const superGroup = await one<{ id: number }>(db, `INSERT INTO location_group (model_id, code, name) VALUES ($1, 'SUP', 'SuperCo') RETURNING id`, [model.id]);
  const discountGroup = await one<{ id: number }>(db, `INSERT INTO location_group (model_id, code, name) VALUES ($1, 'DIS', 'DiscountCo') RETURNING id`, [
    model.id,
  ]);
  const west = await one<{ id: number }>(db, `INSERT INTO location_cluster (model_id, name, latitude, longitude) VALUES ($1, 'West', $2, $3) RETURNING id`, [
    model.id,
    LAT0 + 0.07,
    LON0 + 0.05,
  ]);
  const east = await one<{ id: number }>(db, `INSERT INTO location_cluster (model_id, name, latitude, longitude) VALUES ($1, 'East', $2, $3) RETURNING id`, [
    model.id,
    LAT0 + 0.07,
    LON0 + 0.18,
  ]);

  const base = await one<{ id: number }>(db, `INSERT INTO scenario (model_id, name) VALUES ($1, 'Base') RETURNING id`, [model.id]);
  const storeList: Array<[string, number, number, number, string, number, number]> = [
    // name, cell x, cell y, sales area, formula, group, cluster
    ['Alpha', 3, 3, 1200, 'super', superGroup.id, west.id],
    ['Bravo', 5, 10, 800, 'discount', discountGroup.id, west.id],
    ['Charlie', 10, 4, 1500, 'super', superGroup.id, east.id],
    ['Delta', 12, 12, 1000, 'discount', discountGroup.id, east.id],
    ['Echo', 8, 8, 2000, 'super', superGroup.id, east.id],
    ['Foxtrot', 2, 14, 600, 'discount', discountGroup.id, west.id],
  ];
  const stores: Record<string, number> = {};
  for (const [name, x, y, area, kind, group, cluster] of storeList) {
    const location = await one<{ id: number }>(db, 'INSERT INTO location (model_id, type, created_scenario_id) VALUES ($1, 1, $2) RETURNING id', [
      model.id,
      base.id,
    ]);
    await db.query(
      `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, location_group_id, location_cluster_id, properties)
       VALUES ($1, $2, 0, $3, $4, $5, $6, $7, $8)`,
      [
        base.id,
        location.id,
        name,
        LAT0 + (y + 0.4) * CELL_LAT,
        LON0 + (x + 0.6) * CELL_LON,
        group,
        cluster,
        JSON.stringify({ salesArea: area, formula: kind, actualTurnover: area * 9000, costPrice: area * 3.5 }),
      ],
    );
    stores[name] = location.id;
  }

  // The score model: two score functions over the same kind of properties, no areas.
  const scoreModel = await one<{ id: number }>(
    db,
    `INSERT INTO model (name, locations_type, areas_type, output_type) VALUES ('Site scores', 'Sites', 'Areas', 4) RETURNING id`,
    [],
  );
  const scoreSub = await one<{ id: number }>(db, `INSERT INTO sub_model (model_id, name, parameters) VALUES ($1, 'Default', $2) RETURNING id`, [
    scoreModel.id,
    JSON.stringify({
      fractionCutOffThreshold: 0,
      car: WORLD_PARAMETERS.car,
      pedestrian: WORLD_PARAMETERS.pedestrian,
      functions: [
        { id: 1, description: 'size', function: 'salesArea / 100', defaultValue: 1, type: 1 },
        { id: 2, description: 'parking', function: 'if parking > 50 then 1.2 else 1', defaultValue: 1, type: 1 },
      ],
    }),
  ]);
  await db.query(`INSERT INTO location_property (model_id, name, title, data_type) VALUES ($1, 'salesArea', 'Sales area', 1), ($1, 'parking', 'Parking', 1)`, [
    scoreModel.id,
  ]);
  const scoreOutput = await one<{ id: number }>(
    db,
    `INSERT INTO location_property (model_id, name, title, data_type, property_type) VALUES ($1, 'score', 'Score', 1, 4) RETURNING id`,
    [scoreModel.id],
  );
  await db.query('UPDATE model SET output_location_property_id = $2 WHERE id = $1', [scoreModel.id, scoreOutput.id]);
  const scoreBase = await one<{ id: number }>(db, `INSERT INTO scenario (model_id, name) VALUES ($1, 'Base') RETURNING id`, [scoreModel.id]);
  for (const [name, area, parking] of [
    ['Site A', 1000, 80],
    ['Site B', 500, 10],
    ['Site C', 1500, 60],
  ] as const) {
    const location = await one<{ id: number }>(db, 'INSERT INTO location (model_id, type, created_scenario_id) VALUES ($1, 1, $2) RETURNING id', [
      scoreModel.id,
      scoreBase.id,
    ]);
    await db.query(
      `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, properties) VALUES ($1, $2, 0, $3, 52.1, 5.1, $4)`,
      [scoreBase.id, location.id, name, JSON.stringify({ salesArea: area, parking })],
    );
  }

  const planner = await account(db, 'Pat Planner', 'planner@world.test', false);
  const modelAdmin = await account(db, 'Mo Admin', 'modeladmin@world.test', false);
  const globalAdmin = await account(db, 'Gil Global', 'global@world.test', true);
  for (const m of [model.id, scoreModel.id]) {
    await db.query('INSERT INTO model_user (model_id, user_id, is_admin) VALUES ($1, $2, false), ($1, $3, true)', [m, planner.userId, modelAdmin.userId]);
  }
  return {
    modelId: model.id,
    subModelId: subModel.id,
    scoreModelId: scoreModel.id,
    scoreSubModelId: scoreSub.id,
    baseScenarioId: base.id,
    scoreBaseScenarioId: scoreBase.id,
    cellSetId: cellSet.id,
    districtSetId: districtSet.id,
    cellCatchmentId: cellCatchment.id,
    districtCatchmentId: districtCatchment.id,
    stores,
    properties: {
      salesArea: salesArea.id,
      formula: formula.id,
      output: output.id,
      actual: actual.id,
      pois: pois.id,
      secret: secret.id,
      scoreOutput: scoreOutput.id,
    },
    groups: { super: superGroup.id, discount: discountGroup.id },
    accounts: { planner, modelAdmin, globalAdmin },
  };
}

/** A child scenario of `parentId` that changes one store's properties (changeType 3). */
export async function childWithEdit(db: Queryable, parentId: number, locationId: number, name: string, change: Record<string, unknown>): Promise<number> {
  const parent = await one<{ model_id: number }>(db, 'SELECT model_id FROM scenario WHERE id = $1', [parentId]);
  const child = await one<{ id: number }>(db, 'INSERT INTO scenario (model_id, name, parent_scenario_id) VALUES ($1, $2, $3) RETURNING id', [
    parent.model_id,
    name,
    parentId,
  ]);
  await db.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, visibility, excluded, location_group_id, location_cluster_id, properties)
     SELECT $1, v.location_id, 3, v.name, v.latitude, v.longitude, v.visibility, v.excluded, v.location_group_id, v.location_cluster_id, v.properties || $3::jsonb
       FROM location_version v WHERE v.scenario_id = $2 AND v.location_id = $4`,
    [child.id, parentId, JSON.stringify(change), locationId],
  );
  return child.id;
}

/** A child scenario that closes one store (changeType 2). */
export async function childWithClosure(db: Queryable, parentId: number, locationId: number, name: string): Promise<number> {
  const parent = await one<{ model_id: number }>(db, 'SELECT model_id FROM scenario WHERE id = $1', [parentId]);
  const child = await one<{ id: number }>(db, 'INSERT INTO scenario (model_id, name, parent_scenario_id) VALUES ($1, $2, $3) RETURNING id', [
    parent.model_id,
    name,
    parentId,
  ]);
  await db.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, visibility, excluded, location_group_id, location_cluster_id, properties)
     SELECT $1, v.location_id, 2, v.name, v.latitude, v.longitude, v.visibility, v.excluded, v.location_group_id, v.location_cluster_id, v.properties
       FROM location_version v WHERE v.scenario_id = $2 AND v.location_id = $3`,
    [child.id, parentId, locationId],
  );
  return child.id;
}

/** A child scenario that opens a new store (changeType 1) at a cell. */
export async function childWithNewStore(
  db: Queryable,
  parentId: number,
  name: string,
  x: number,
  y: number,
  properties: Record<string, unknown>,
): Promise<{ scenarioId: number; locationId: number }> {
  const parent = await one<{ model_id: number }>(db, 'SELECT model_id FROM scenario WHERE id = $1', [parentId]);
  const child = await one<{ id: number }>(db, 'INSERT INTO scenario (model_id, name, parent_scenario_id) VALUES ($1, $2, $3) RETURNING id', [
    parent.model_id,
    name,
    parentId,
  ]);
  const location = await one<{ id: number }>(db, 'INSERT INTO location (model_id, type, created_scenario_id) VALUES ($1, 1, $2) RETURNING id', [
    parent.model_id,
    child.id,
  ]);
  await db.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, properties) VALUES ($1, $2, 1, $3, $4, $5, $6)`,
    [child.id, location.id, name, LAT0 + (y + 0.5) * CELL_LAT, LON0 + (x + 0.5) * CELL_LON, JSON.stringify(properties)],
  );
  return { scenarioId: child.id, locationId: location.id };
}
