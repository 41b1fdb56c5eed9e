// Values of path and query parameters by name, in one of the robustness
// worlds: what a caller with access would send; and whole calls per route.
import { z } from 'zod';
import { SearchCategories, type RouteDef } from '@locus/contract';
import { hashPassword } from '../../src/identity/passwords.js';
import type { RobWorld, RobWorlds } from './rob-world.js';
import { childWithClosure, childWithEdit, childWithNewStore } from './world.js';

export const SEARCH_BOX = { north: 52.2, west: 4.9, south: 51.9, east: 5.4 };
export const POINT = { longitude: 5.05, latitude: 52.03 };
export function tileOf(longitude: number, latitude: number, zoom: number) {
  const n = 2 ** zoom;
  const rad = (latitude * Math.PI) / 180;
  return { z: zoom, x: Math.floor(((longitude + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n) };
}

/** A path or query value by its name, in world w. */
export function valueOf(name: string, w: RobWorld): unknown {
  switch (name) {
    case 'modelId':
      return w.modelId;
    case 'submodelId':
      return w.subModelId;
    case 'scenarioId':
      return w.childScenarioId;
    case 'locationId':
      return w.stores.Alpha;
    case 'catchmentAreaId':
      return w.cellCatchmentId;
    case 'areaCode':
      return 'C0303';
    case 'longitude':
      return POINT.longitude;
    case 'latitude':
      return POINT.latitude;
    case 'areaSetId':
      return w.cellSetId;
    case 'poiSetId':
      return w.poiSetId;
    case 'heatMapSetId':
      return w.heatMapSetId;
    case 'isoLineSetId':
      return w.isoLineSetId;
    case 'locationGroupId':
      return w.groups.super;
    case 'shape':
      return 'round';
    case 'selected':
      return 'false';
    case 'change':
      return 0;
    case 'count':
      return 5;
    case 'propertyId1':
      return w.properties.salesArea;
    case 'propertyId2':
      return w.properties.actual;
    case 'propertyId':
      return w.properties.salesArea;
    case 'userId':
      return w.accounts.planner.userId;
    case 'locale':
      return 'en';
    case 'areaSetNameSlug':
      return w.cellSlug;
    case 'catchmentAreaName':
      return 'cells';
    case 'culture':
      return 'en';
    case 'category':
      return SearchCategories[0];
    case 'minutes':
      return 5;
    case 'profile':
      return 'car';
    default:
      return undefined;
  }
}

export interface Call {
  params: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}
export type Builder = (w: RobWorld) => Promise<Call>;

function defaultCall(route: RouteDef): Builder {
  return async (w) => {
    const params: Record<string, unknown> = {};
    for (const key of Object.keys(route.params.shape)) params[key] = valueOf(key, w);
    const query: Record<string, unknown> = {};
    if (route.query) {
      for (const [key, field] of Object.entries(route.query.shape as Record<string, z.ZodType>)) {
        if (!field.isOptional()) query[key] = valueOf(key, w);
      }
    }
    return { params, query };
  };
}

/**
 * Builders of a call that a caller with access would make, per route: the
 * generic one fills path and required query values by name; writes get their
 * own fresh data (a new child scenario, a new login) each time, so the same
 * call can be made again and again.
 */
export function callBuilders(rw: RobWorlds): { builderOf(route: RouteDef): Builder } {
  const db = () => rw.server.ctx.db;
  let serial = 0;
  const unique = (prefix: string) => `${prefix} ${++serial}`;

  async function freshChild(w: RobWorld, extra: { isTop?: boolean } = {}): Promise<number> {
    return (
      await db().query<{ id: number }>('INSERT INTO scenario (model_id, name, parent_scenario_id, is_top) VALUES ($1, $2, $3, $4) RETURNING id', [
        w.modelId,
        unique('Matrix child'),
        w.baseScenarioId,
        extra.isTop ?? false,
      ])
    ).rows[0]!.id;
  }

  async function freshLogin(): Promise<string> {
    const name = unique('matrix login').replace(' ', '-').replace(' ', '');
    const row = (
      await db().query<{ id: number }>(`INSERT INTO login (identity, display_name, email, password_hash) VALUES ($1, $2, $1, $3) RETURNING id`, [
        `${name}@matrix.nl`,
        name,
        await hashPassword('Matrix-Login-2026'),
      ])
    ).rows[0]!;
    return String(row.id);
  }

  const asGlobalAdmin = async <T>(path: string): Promise<T> => {
    const r = await rw.server.fetch(path, { token: rw.tokens.globalAdmin });
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.text()}`);
    return r.json<T>();
  };

  const locationBody = (w: RobWorld, name: string) => ({
    name,
    latitude: 52.05,
    longitude: 5.1,
    type: 1,
    visibility: 0,
    excluded: false,
    locationGroupId: w.groups.discount,
    locationClusterId: null,
    locationProperties: [],
    scenarioCreation: null,
  });

  /** Calls that need their own data each time, or a body. */
  const BUILDERS: Record<string, Builder> = {
    locationCreate: async (w) => ({ params: { scenarioId: await freshChild(w) }, body: locationBody(w, unique('New store')) }),
    locationUpdate: async (w) => {
      const scenarioId = await freshChild(w);
      return {
        params: { modelId: w.modelId, scenarioId, locationId: w.stores.Charlie },
        body: {
          ...locationBody(w, 'Charlie'),
          id: w.stores.Charlie,
          latitude: 52.0 + 4.4 * 0.009,
          longitude: 5.0 + 10.6 * 0.0146,
          locationGroupId: w.groups.super,
          locationProperties: [{ id: w.properties.salesArea, stringValue: null, numberValue: 1700 }],
        },
      };
    },
    locationClose: async (w) => ({ params: { scenarioId: await freshChild(w), locationId: w.stores.Delta } }),
    locationUndoClose: async (w) => ({
      params: { scenarioId: await childWithClosure(db(), w.baseScenarioId, w.stores.Echo!, unique('Closure')), locationId: w.stores.Echo },
    }),
    locationUndoEdit: async (w) => ({
      params: { scenarioId: await childWithEdit(db(), w.baseScenarioId, w.stores.Foxtrot!, unique('Edit'), { salesArea: 650 }), locationId: w.stores.Foxtrot },
    }),
    locationDelete: async (w) => {
      const opened = await childWithNewStore(db(), w.baseScenarioId, unique('Opened'), 6, 6, { salesArea: 900, formula: 'super' });
      return { params: { scenarioId: opened.scenarioId, locationId: opened.locationId } };
    },
    scenarioCreate: async (w) => ({ params: { modelId: w.modelId }, body: { name: unique('Created'), parentScenarioId: w.baseScenarioId } }),
    scenarioUpdate: async (w) => {
      const id = await freshChild(w);
      return { params: { modelId: w.modelId }, body: { id, name: unique('Renamed'), isTop: false, competition: false } };
    },
    scenarioDelete: async (w) => ({ params: { modelId: w.modelId, scenarioId: await freshChild(w) } }),
    scenarioStartProcessing: async (w) => ({ params: { scenarioId: await freshChild(w) } }),
    scenarioCopyChanges: async (w) => {
      const source = await childWithEdit(db(), w.baseScenarioId, w.stores.Alpha!, unique('Source'), { salesArea: 1300 });
      const destination = await freshChild(w, { isTop: true });
      return {
        params: { sourceScenarioId: source, destinationScenarioId: destination },
        query: { deleteSourceScenario: false, locations: [w.stores.Alpha] },
        body: {
          scenarioId: source,
          destinationScenarioId: destination,
          changedLocations: [w.stores.Alpha],
          selectedLocations: [w.stores.Alpha],
          deleteSourceScenario: false,
        },
      };
    },
    functionsValidate: async (w) => ({ params: {}, query: { modelId: w.modelId }, body: ['salesArea * 2', 'pow(salesArea, 0.9)'] }),
    userSettingsSave: async () => ({ params: {}, body: { language: 'de' } }),
    modelParametersSave: async (w) => {
      const current = await asGlobalAdmin<Record<string, unknown>>(`/api/models/${w.subModelId}/model-parameters`);
      const { locationProperties: _a, locationGroupProperties: _b, locationClusterProperties: _c, ...body } = current;
      return { params: { submodelId: w.subModelId }, body };
    },
    normalizedScoresFunctionsSave: async (w) => ({
      params: { submodelId: w.subModelId },
      body: await asGlobalAdmin<unknown[]>(`/api/models/${w.subModelId}/normalized-scores-functions`),
    }),
    driversSave: async (w) => ({ params: { modelId: w.modelId }, body: await asGlobalAdmin<unknown[]>(`/api/models/${w.modelId}/drivers`) }),
    propertyRangesSave: async (w) => {
      const properties = await asGlobalAdmin<
        { id: number; minimumValue: number | null; maximumValue: number | null; step?: number | null; wholeNumbers?: boolean }[]
      >(`/api/models/${w.modelId}/new-location-properties`);
      const salesArea = properties.find((p) => p.id === w.properties.salesArea)!;
      return {
        params: { modelId: w.modelId },
        body: [
          {
            id: salesArea.id,
            minimumValue: salesArea.minimumValue,
            maximumValue: salesArea.maximumValue,
            step: salesArea.step ?? null,
            wholeNumbers: !!salesArea.wholeNumbers,
          },
        ],
      };
    },
    adminLoginUpdate: async () => {
      const id = await freshLogin();
      return { params: {}, body: { id, displayName: unique('Renamed login'), email: `renamed-${id}@matrix.nl` } };
    },
    adminLoginDelete: async () => ({ params: { loginId: await freshLogin() } }),
    adminLoginCreate: async () => ({ params: {}, body: { displayName: unique('Created login'), email: `created-${++serial}@matrix.nl` } }),
    adminModelUsersSave: async (w) => {
      const model = (await asGlobalAdmin<{ id: number }[]>('/api/admin/models')).find((m) => m.id === w.modelId)!;
      return { params: {}, body: { model, users: await asGlobalAdmin<unknown[]>(`/api/admin/users/${w.modelId}`) } };
    },
    adminUserModelsSave: async (w) => {
      const user = (await asGlobalAdmin<{ id: number }[]>('/api/admin/users')).find((u) => u.id === w.accounts.planner.userId)!;
      return { params: {}, body: { user, models: await asGlobalAdmin<unknown[]>(`/api/admin/models/${w.accounts.planner.userId}`) } };
    },
    search: async () => ({ params: { ...SEARCH_BOX, text: 'Alpha' } }),
    findScenarios: async (w) => ({ params: { modelId: w.modelId, text: 'Bravo' } }),
    areaSetTile: async (w) => ({ params: { areaSetNameSlug: w.cellSlug, ...tileOf(5.1, 52.05, 10) } }),
    isoline: async (w) => ({ params: { isoLineSetId: w.isoLineSetId }, query: { ...POINT, minutes: 5, profile: 'car' } }),
    scenarioDrivers: async (w) => ({ params: { scenarioId: w.childScenarioId }, query: { locationId: w.stores.Bravo } }),
    calibrationStart: async (w) => ({ params: { submodelId: w.subModelId }, body: { fitDecay: false, fitAttractiveness: false } }),
    calibrationStatus: async (w) => {
      const r = await rw.server.fetch(`/api/models/${w.subModelId}/calibration`, {
        method: 'POST',
        token: rw.tokens.globalAdmin,
        body: { fitDecay: false, fitAttractiveness: false },
      });
      if (r.status !== 200) throw new Error(`calibration start answered ${r.status}: ${r.text()}`);
      return { params: { submodelId: w.subModelId, calibrationId: r.json<{ id: string }>().id } };
    },
    locationCatchmentAreaExportByName: async (w) => ({
      params: { submodelId: w.subModelId, scenarioId: w.childScenarioId, locationId: w.stores.Alpha, catchmentAreaName: 'cells' },
      query: { culture: 'en' },
    }),
  };

  return { builderOf: (route: RouteDef) => BUILDERS[route.name] ?? defaultCall(route) };
}
