import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const entry = path.join(import.meta.dirname, 'server-entry.ts');

/** The real server running as its own process, as production runs it (tests may kill or crash it). */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Ends it as an operator would (SIGTERM: finishes what is under way, then exits). */
  stop(): Promise<void>;
}

/** The Node flags of package.json's `start` script, so tests and benchmarks run the shop as `npm start` does. */
const SHOP_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * Starts `server/test/server-entry.ts` with `env` added and resolves once it listens.
 * `codeRoot`: another checkout of the code to run instead (a benchmark's older commit).
 */
export async function startServerProcess(env: Record<string, string>, options: { codeRoot?: string; nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  const script = options.codeRoot ? path.join(options.codeRoot, 'server', 'test', 'server-entry.ts') : entry;
  const child = spawn(process.execPath, [...SHOP_NODE_FLAGS, ...(options.nodeArgs ?? []), '--import', 'tsx', script], {
    cwd: options.codeRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '10', CARD_DECLINE_LIMIT: '10000', PAYMENT_INTENT_LIMIT: '10000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening: ${output}`)));
  });
  const server: ServerProcess = { url, child, exited, stop: () => killServer(server, 'SIGTERM') };
  return server;
}

/** Sends `signal` (SIGKILL: a crash) unless the process has ended already, and waits for it to end. */
export async function killServer(server: Pick<ServerProcess, 'child' | 'exited'>, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

/** A fresh folder with a database path and the environment that points the server at it. */
export function freshServerFolder(prefix: string): { dir: string; dbPath: string; env: Record<string, string> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dbPath = path.join(dir, 'shop.db');
  return { dir, dbPath, env: { DATABASE_URL: `sqlite:${dbPath}`, WEB_DIST_DIR: path.join(dir, 'dist') } };
}
