import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster for tests (Debian's postgresql package): initdb into a temp
 * folder, start it on a free loopback port, hand out fresh databases, remove it all at the end.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user.
 */

function findBinDir(): string {
  const candidates = [process.env.PG_BIN_DIR, ...listDebianBinDirs(), '/usr/local/bin'].filter(Boolean) as string[];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) were not found. Install them with `apt-get install -y postgresql` ' +
        'or set PG_BIN_DIR. The PostgreSQL tests never skip.',
    );
  }
  return found;
}

function listDebianBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).sort().reverse().map((version) => path.join(root, version, 'bin'));
}

function serverUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

export interface TemporaryPostgresOptions {
  /**
   * Tests run with fsync off (nothing need survive them). Benchmarks pass `durable: true`: fsync on
   * and the default synchronous_commit, so a commit costs what it costs in production.
   */
  durable?: boolean;
  /** More `-c name=value` server settings. */
  settings?: Record<string, string>;
}

export interface TemporaryPostgres {
  /** A new, empty database on the cluster, as a DATABASE_URL. */
  createDatabase(): Promise<string>;
  /** The cluster's address (postgres database), host and port, and where its binaries are. */
  adminUrl: string;
  host: string;
  port: number;
  binDir: string;
  /** The postmaster's process id (its children are the backends). */
  pid: number;
  stop(): Promise<void>;
}

export async function startTemporaryPostgres(options: TemporaryPostgresOptions = {}): Promise<TemporaryPostgres> {
  const binDir = findBinDir();
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
  const dataDir = path.join(dir, 'data');
  const user = isRoot ? serverUser() : {};
  if (isRoot) fs.chmodSync(dir, 0o777);
  execFileSync(path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', ...(options.durable ? [] : ['--no-sync']), '-E', 'UTF8'], {
    stdio: 'ignore',
    ...user,
  });
  const port = await freePort();
  const settings: Record<string, string> = { ...(options.durable ? {} : { fsync: 'off' }), max_connections: '200', ...options.settings };
  const server: ChildProcess = spawn(
    path.join(binDir, 'postgres'),
    ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', dir, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
    { stdio: 'ignore', ...user },
  );
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitUntilReady(adminUrl, server);

  let counter = 0;
  return {
    adminUrl,
    host: '127.0.0.1',
    port,
    binDir,
    pid: server.pid!,
    async createDatabase() {
      const name = `shop_test_${process.pid}_${++counter}`;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      // Stopping twice (a test stopped it on purpose, then its clean-up) does nothing the second time.
      if (server.exitCode !== null || server.signalCode !== null) return;
      // Smart shutdown (SIGTERM) lets clients that are still closing finish; a fast shutdown would
      // send them FATAL 57P01, which surfaces as an unhandled error in the test that stopped it.
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const fast = setTimeout(() => server.kill('SIGINT'), 5_000);
      await exited;
      clearTimeout(fast);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitUntilReady(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL exited with code ${server.exitCode} while starting`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`PostgreSQL did not start in time: ${String(lastError)}`);
}
