// The API client of the scenario and location writes; tests hand in their own.
import type { ApiClient } from '@locus/contract/client';
import { api as defaultApi } from '../api';

export let api: ApiClient = defaultApi;
/** Tests hand in their own client (the planner store takes it with useApi). */
export function setEditingApi(client: ApiClient): void {
  api = client;
}
