// The API from the test's side, for preparing data and checking what the
// browser did: a token from the real provider (the same sign-in flow a
// browser goes through, see the server's test helper) and calls addressed
// through the contract's route table.
import { fillPath, routes, type LocationSummary, type Model, type Scenario } from '@locus/contract';
import { request } from '../../../packages/server/test/helpers/server.js';
import { signIn as tokensFor } from '../../../packages/server/test/helpers/sign-in.js';
import { ACCOUNTS, type AccountName } from './browser.js';
import type { LocusServer } from './server.js';

type RouteName = keyof typeof routes;

export interface Api {
  call<T = unknown>(name: RouteName, params?: Record<string, unknown>, options?: { query?: Record<string, unknown>; body?: unknown }): Promise<T>;
  models(): Promise<Model[]>;
  scenarios(modelId: number): Promise<Scenario[]>;
  locations(scenarioId: number): Promise<LocationSummary[]>;
}

export async function apiAs(server: LocusServer, account: AccountName): Promise<Api> {
  const { email, password } = ACCOUNTS[account];
  const token = (await tokensFor(server.baseUrl, email, password)).accessToken;
  const api: Api = {
    async call<T>(name: RouteName, params: Record<string, unknown> = {}, options: { query?: Record<string, unknown>; body?: unknown } = {}) {
      const route = routes[name];
      const r = await request(server.baseUrl, fillPath(route, params as never, options.query as never), { method: route.method, token, body: options.body });
      if (r.status !== 200) throw new Error(`${route.method} ${route.path} answered ${r.status}: ${r.text().slice(0, 300)}`);
      const text = r.text();
      return (text ? JSON.parse(text) : null) as T;
    },
    models: () => api.call<Model[]>('models'),
    scenarios: (modelId) => api.call<Scenario[]>('scenarios', { modelId }),
    locations: (scenarioId) => api.call<LocationSummary[]>('scenarioLocations', { scenarioId }),
  };
  return api;
}

/** The base scenario of a model: the one without a parent. */
export function baseScenario(scenarios: Scenario[]): Scenario {
  const base = scenarios.find((s) => s.parentScenarioId === null);
  if (!base) throw new Error('the model has no base scenario');
  return base;
}
