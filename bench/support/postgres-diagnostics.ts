import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { cpuMsOfTree } from './process-cpu';
import type { TemporaryPostgres } from '../../server/test/postgres';

/** For bench/scale.bench.ts: PostgreSQL's side of a case, and its clean-up. */

export interface WalPosition {
  /** WAL written since the cluster began, in bytes. */
  bytes: number;
  /** Checkpoints begun, timed and requested. */
  checkpoints: number;
  /** Transactions committed in the shop's database. */
  commits: number;
}

export async function walPositionOf(client: pg.Client): Promise<WalPosition> {
  const { rows } = await client.query(
    `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS bytes, (checkpoints_timed + checkpoints_req)::int AS checkpoints,
       (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database())::float8 AS commits FROM pg_stat_bgwriter`,
  );
  return { bytes: Number(rows[0].bytes), checkpoints: Number(rows[0].checkpoints), commits: Number(rows[0].commits) };
}

/**
 * Each case's database goes once the case ends: left in the cluster, its dead rows and new pages
 * were autovacuumed during the cases after it, on the same cores and in their PostgreSQL CPU, so
 * the later a case ran the more it paid (the Stripe path's PostgreSQL CPU rose 133, 153, 158 µs
 * over three rounds of one run).
 */
export async function dropDatabase(cluster: TemporaryPostgres, url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * BENCH_PG_WAITS=1: what the shop's backends are doing, sampled from pg_stat_activity every 5 ms
 * through the case (warm-up included): running, idle, or waiting, and on what.
 */
export function sampleWaits(url: string): { stop(): Promise<void> } {
  const client = new pg.Client({ connectionString: url });
  const seen = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const done = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query(
        "SELECT state, coalesce(wait_event_type || ':' || wait_event, 'cpu') AS what FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
      );
      samples++;
      for (const row of rows as { state: string; what: string }[]) {
        const key = row.state === 'active' ? `active ${row.what}` : row.state;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await client.end();
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      const shown = [...seen].sort((a, b) => b[1] - a[1]).map(([key, count]) => `${key} ${(count / samples).toFixed(2)}`);
      console.log(`  backends per sample (${samples} samples): ${shown.join(', ')}`);
    },
  };
}

/** pgbench's TPC-B-like run on a fresh database of the cluster: the baseline of the PostgreSQL checkout. */
export async function runPgbench(
  cluster: TemporaryPostgres,
  { scale, clients, seconds }: { scale: number; clients: number; seconds: number },
): Promise<{ tps: number; postgresCpuPerTransaction: number }> {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  // A fresh one each round (BENCH_ROUNDS): the last round's history table has grown.
  await admin.query('DROP DATABASE IF EXISTS pgbench');
  await admin.query('CREATE DATABASE pgbench');
  await admin.end();
  const common = ['-h', cluster.host, '-p', String(cluster.port), '-U', 'postgres'];
  execFileSync(path.join(cluster.binDir, 'pgbench'), ['-i', '-q', '-s', String(scale), ...common, 'pgbench'], { stdio: 'ignore' });
  const cpu = cpuMsOfTree(cluster.pid);
  const output = execFileSync(path.join(cluster.binDir, 'pgbench'), ['-c', String(clients), '-j', '2', '-T', String(seconds), ...common, 'pgbench'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? Number.NaN);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? Number.NaN);
  return { tps, postgresCpuPerTransaction: ((cpuMsOfTree(cluster.pid) - cpu) / transactions) * 1000 };
}
