import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../../tools/build/server-build';

/** The shop as `npm start` runs it: compiled, in a Node process of its own, without tsx. */
export interface CompiledShop {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..', '..');
/** A folder of the bench's own, so a shop running from build/ at the same time keeps its files. */
const BUILD = path.join('.tmp', `bench-build-${process.pid}`);
let built: Promise<void> | null = null;

/** Compiles the server once per bench run, as `npm start` compiles it. */
function buildOnce(): Promise<void> {
  built ??= buildServer(root, BUILD);
  return built;
}

export function removeCompiledShopBuild(): void {
  fs.rmSync(path.join(root, BUILD), { recursive: true, force: true });
}

/** The Node flags of package.json's `start` script. */
const START_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * Starts the compiled server with `env` on an ephemeral port and resolves with the address it
 * prints for the person starting it.
 */
export async function startCompiledShop(env: Record<string, string>, nodeArgs: string[] = []): Promise<CompiledShop> {
  await buildOnce();
  const child = spawn(process.execPath, [...START_NODE_FLAGS, ...nodeArgs, path.join(root, BUILD, 'server', 'main.js')], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: '0', npm_lifecycle_event: 'start' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^Shop, admin and API: (\S+)$/m.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`the compiled shop exited before listening: ${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
