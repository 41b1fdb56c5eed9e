// The app's one API client: the signed-in user's token on every call, failures
// to the error dialog, running calls to the busy bar.
import { accessToken } from '../auth/session';
import { createApiClient } from '../api/client';
import { busy, raiseError } from './ui';

export const api = createApiClient({
  token: accessToken,
  onFailure: (failure) => raiseError(failure),
  onBusy: busy,
});
