import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const entry = path.join(import.meta.dirname, '../payments/test-server-entry.ts');

/** Test-only: the real server running as its own process, so a test can stop, kill or crash it. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Runs the real server as its own process with `env` added to this one's; resolves once it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
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
  return { url, child, exited };
}

/** Stops it as an operator would (SIGTERM: finish what is under way, then exit). */
export async function stopServerProcess(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}
