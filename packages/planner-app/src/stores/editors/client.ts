// The API client of the model administrator's editors; tests hand in their own.
import type { ApiClient } from '@locus/contract/client';
import { api as defaultApi } from '../api';

export let api: ApiClient = defaultApi;
/** Tests hand in their own client. */
export function setEditorsApi(client: ApiClient): void {
  api = client;
}
