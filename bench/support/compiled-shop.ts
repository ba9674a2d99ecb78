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
const built = new Map<string, Promise<void>>();

/** Compiles the server of `codeRoot` once per bench run, as `npm start` compiles it. */
function buildOnce(codeRoot: string): Promise<void> {
  let build = built.get(codeRoot);
  if (!build) built.set(codeRoot, (build = buildServer(codeRoot, BUILD)));
  return build;
}

export function removeCompiledShopBuild(): void {
  for (const codeRoot of [root, ...built.keys()]) fs.rmSync(path.join(codeRoot, BUILD), { recursive: true, force: true });
}

/** The Node flags of package.json's `start` script. */
export const START_NODE_FLAGS: readonly string[] = startScriptFlags();

function startScriptFlags(): string[] {
  const start = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const command = /\bnode ((?:--\S+ )*)build\/server\/main\.js/.exec(start);
  if (!command) throw new Error(`package.json's start script runs no build/server/main.js: ${start}`);
  return command[1]!.split(' ').filter(Boolean);
}

export interface CompiledShopOptions {
  /** Node flags instead of the start script's. */
  nodeFlags?: readonly string[];
  /** Another checkout to compile and run (with its own node_modules), e.g. the commit before a change. */
  codeRoot?: string;
}

/**
 * Starts the compiled server with `env` on an ephemeral port and resolves with the address it
 * prints for the person starting it.
 */
export async function startCompiledShop(env: Record<string, string>, nodeArgs: string[] = [], options: CompiledShopOptions = {}): Promise<CompiledShop> {
  const codeRoot = path.resolve(options.codeRoot ?? root);
  await buildOnce(codeRoot);
  const child = spawn(process.execPath, [...(options.nodeFlags ?? START_NODE_FLAGS), ...nodeArgs, path.join(codeRoot, BUILD, 'server', 'main.js')], {
    cwd: codeRoot,
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
