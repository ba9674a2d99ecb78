import type { Config } from './config/config';
import type { Db } from './db/database';
import type { Logger } from './http/logger';
import type { ShopMetrics } from './metrics/metrics';

/** What every domain's routes and services are given: read-only config, the database, a clock. */
export interface AppContext {
  config: Readonly<Config>;
  db: Db;
  logger: Logger;
  /** Epoch milliseconds; replaced in tests that need a fixed time. */
  now: () => number;
  /** The process's counters (server/metrics/), exposed when METRICS_PORT is set. */
  metrics: ShopMetrics;
}
