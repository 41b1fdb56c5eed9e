// The app's one API client: the signed-in user's token on every call, running
// calls to the busy bar; a refusal (4xx with a reason) to its field and a
// notification, a network or server failure to the error dialog.
import { accessToken } from '../auth/session';
import { createApiClient, type ApiFailure } from '@locus/contract/client';
import { isConnectionOrServerFailure, recordRefusal } from './refusals';
import { busy, notify, raiseError } from './ui';

/** Where a failure that no caller expects goes: the error dialog, or its field and a notification. */
export function routeFailure(failure: ApiFailure): void {
  if (isConnectionOrServerFailure(failure)) raiseError(failure);
  else notify(recordRefusal(failure).text, 'error');
}

export const api = createApiClient({
  token: accessToken,
  onFailure: routeFailure,
  onBusy: busy,
});
