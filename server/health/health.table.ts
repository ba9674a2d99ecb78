/** One row the health check rewrites: proof that the database takes writes (disk, lock, permissions). */
export interface HealthProbeTable {
  id: number;
  checked_at: number;
}

declare module '../db/schema' {
  interface Database {
    health_probe: HealthProbeTable;
  }
}
