// Database faults a request can meet, answered with what they are instead of a
// bare 500: the database unreachable or restarting (503, try again) and the
// disk of the database full (507). Neither answer names SQL or files.
import { isDatabaseUnavailable, isDiskFull } from '../db/faults.js';
import { errorBody } from './errors.js';

/** The answer for a database fault, or undefined for any other error. */
export function databaseFaultAnswer(error: unknown): { status: 503 | 507; body: ReturnType<typeof errorBody> } | undefined {
  if (isDiskFull(error)) {
    return { status: 507, body: errorBody(507, 'the disk of the database is full: nothing was saved; free disk space and try again') };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: errorBody(503, 'the database is not reachable at the moment: nothing was saved; try again shortly') };
  }
  return undefined;
}
