// What every part of the server is handed: configuration, database, the log
// and the readiness the system status call reports.
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import type { AppLog } from './log/app-log.js';

export interface Readiness {
  /** True once migrations ran and the demo data (if any) is in place. */
  ready: boolean;
  /** What the server is doing while not ready (shown by the database-starting overlay). */
  phase: string;
}

export interface ServerContext {
  config: ServerConfig;
  db: Database;
  log: AppLog;
  readiness: Readiness;
}
