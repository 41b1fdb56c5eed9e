// The API from the test's side, for preparing data and checking what the
// browser did: a token from the real provider (the same sign-in flow a
// browser goes through, see the server's test helper) and calls addressed
// through the contract's route table.
import { fillPath, routes, type LocationSummary, type Model, type Scenario } from '@locus/contract';
import { Agent, request as httpsRequest } from 'node:https';
import { signIn as tokensFor } from '../../../packages/server/test/helpers/sign-in.js';
import { ACCOUNTS, type AccountName } from './browser.js';
import type { LocusServer } from './server.js';

type RouteName = keyof typeof routes;

const agent = new Agent({ rejectUnauthorized: false, keepAlive: false });

/** One HTTPS request to the test server (its certificate is self-signed). */
function request(url: string, init: { method: string; token: string; body?: unknown }): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${init.token}` };
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { method: init.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

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
      const r = await request(server.baseUrl + fillPath(route, params as never, options.query as never), { method: route.method, token, body: options.body });
      if (r.status !== 200) throw new Error(`${route.method} ${route.path} answered ${r.status}: ${r.text.slice(0, 300)}`);
      return (r.text ? JSON.parse(r.text) : null) as T;
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
