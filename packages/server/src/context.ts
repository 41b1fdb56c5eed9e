// What every part of the server is handed: configuration, database and the log.
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import type { AppLog } from './log/app-log.js';

export interface ServerContext {
  config: ServerConfig;
  db: Database;
  log: AppLog;
}
