// The scenario and location calls as the app makes them, over HTTPS with a
// real token, addressed through the contract's route table; plus a snapshot
// of everything a planner can read about a model's scenarios, to show that a
// refused call changed nothing.
import {
  fillPath,
  routes,
  type Location,
  type LocationSummary,
  type LocationWriteBody,
  type RouteDef,
  type Scenario,
  type ScenarioChange,
  type ScenarioParent,
} from '@locus/contract';
import type { TestResponse, TestServer } from './server.js';

export interface Answer<T = any> {
  status: number;
  body: T;
  /** For error answers: the message key or reason. */
  message?: string;
  field?: string;
}

type LocationQuery = { createScenario?: boolean; overrideScenarioName?: string; version?: number };

function answer<T>(r: TestResponse): Answer<T> {
  const text = r.text();
  const body = text ? JSON.parse(text) : undefined;
  return r.status >= 400 ? { status: r.status, body, message: body?.message, field: body?.field } : { status: r.status, body };
}

export type ScenarioApi = ReturnType<typeof scenarioApi>;

export function scenarioApi(server: TestServer, token: string | undefined) {
  const call = async <T = any>(route: RouteDef, params: Record<string, unknown>, query?: Record<string, unknown>, body?: unknown): Promise<Answer<T>> =>
    answer<T>(await server.fetch(fillPath(route, params as never, query as never), { method: route.method, token, body }));
  const ok = async <T>(pending: Promise<Answer<T>>): Promise<T> => {
    const a = await pending;
    if (a.status !== 200) throw new Error(`expected 200, got ${a.status} ${a.message ?? ''} ${a.field ?? ''}`);
    return a.body;
  };

  const api = {
    call,
    ok,
    scenarios: (modelId: number) => ok<Scenario[]>(call(routes.scenarios, { modelId })),
    scenario: async (modelId: number, id: number) => (await api.scenarios(modelId)).find((s) => s.id === id),
    changes: (scenarioId: number) => ok<ScenarioChange[]>(call(routes.scenarioChanges, { scenarioId })),
    parents: (scenarioId: number) => ok<ScenarioParent[]>(call(routes.scenarioParents, { scenarioId })),
    locations: (scenarioId: number) => ok<LocationSummary[]>(call(routes.scenarioLocations, { scenarioId })),
    location: (scenarioId: number, locationId: number) => ok<Location>(call(routes.scenarioLocationProperties, { scenarioId, locationId })),

    createScenario: (modelId: number, body: { name: string; parentScenarioId: number | null; isTop?: boolean; competition?: boolean }) =>
      call<{ id: number }>(routes.scenarioCreate, { modelId }, undefined, body),
    updateScenario: (modelId: number, body: { id: number; name: string; isTop: boolean; competition: boolean; modified?: string; version?: number }) =>
      call<Scenario>(routes.scenarioUpdate, { modelId }, undefined, body),
    deleteScenario: (modelId: number, scenarioId: number, query: { version?: number } = {}) => call(routes.scenarioDelete, { modelId, scenarioId }, query),

    open: (scenarioId: number, body: LocationWriteBody | Record<string, unknown>, query: LocationQuery = {}) =>
      call(routes.locationCreate, { scenarioId }, query, body),
    edit: (modelId: number, scenarioId: number, locationId: number, body: LocationWriteBody | Record<string, unknown>, query: LocationQuery = {}) =>
      call(routes.locationUpdate, { modelId, scenarioId, locationId }, query, body),
    close: (scenarioId: number, locationId: number, query: LocationQuery = {}) => call(routes.locationClose, { scenarioId, locationId }, query),
    undoClose: (scenarioId: number, locationId: number, query: LocationQuery = {}) => call(routes.locationUndoClose, { scenarioId, locationId }, query),
    undoEdit: (scenarioId: number, locationId: number, query: LocationQuery = {}) => call(routes.locationUndoEdit, { scenarioId, locationId }, query),
    remove: (scenarioId: number, locationId: number, query: LocationQuery = {}) => call(routes.locationDelete, { scenarioId, locationId }, query),
    copyChanges: (
      sourceScenarioId: number,
      destinationScenarioId: number,
      request: { changedLocations: number[]; selectedLocations: number[]; deleteSourceScenario: boolean },
    ) =>
      call(
        routes.scenarioCopyChanges,
        { sourceScenarioId, destinationScenarioId },
        { deleteSourceScenario: request.deleteSourceScenario, locations: request.selectedLocations },
        { scenarioId: sourceScenarioId, destinationScenarioId, ...request },
      ),

    /** The edit body of a location as the app builds it from the location it read, with some fields changed. */
    async editBody(scenarioId: number, locationId: number, changes: Partial<LocationWriteBody> = {}): Promise<LocationWriteBody> {
      const l = await api.location(scenarioId, locationId);
      return {
        id: l.id,
        name: l.name,
        latitude: l.latitude,
        longitude: l.longitude,
        type: l.type,
        visibility: l.visibility,
        excluded: l.excluded,
        locationGroupId: l.locationGroupId,
        locationClusterId: l.locationClusterId,
        locationProperties: l.locationProperties.map((p) => ({ id: p.id, stringValue: p.stringValue, numberValue: p.numberValue })),
        scenarioCreation: null,
        ...changes,
      };
    },

    /**
     * What a planner reads about the model's scenarios: the list, and the
     * locations, changes and parents of the given scenarios (all when none given).
     */
    async snapshot(modelId: number, ids?: number[]) {
      const scenarios = await api.scenarios(modelId);
      const detail = [];
      for (const s of scenarios.filter((x) => !ids || ids.includes(x.id))) {
        detail.push({ id: s.id, locations: await api.locations(s.id), changes: await api.changes(s.id), parents: await api.parents(s.id) });
      }
      return { scenarios, detail };
    },
  };
  return api;
}

/** A new location's body: a supermarket at the position, group and cluster given. */
export function newLocationBody(
  values: { name: string; latitude: number; longitude: number; locationGroupId: number | null; locationClusterId?: number | null },
  extra: Partial<LocationWriteBody> = {},
): LocationWriteBody {
  return {
    name: values.name,
    latitude: values.latitude,
    longitude: values.longitude,
    type: 1,
    visibility: 0,
    excluded: false,
    locationGroupId: values.locationGroupId,
    locationClusterId: values.locationClusterId ?? null,
    locationProperties: [],
    scenarioCreation: null,
    ...extra,
  };
}
