import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export interface ChildServer {
  url: string;
  /** The child's process id (for its CPU time, bench/support/process-cpu.ts). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs a server script (bench/support/serve-*.ts) in its own Node process, so that the load
 * generator and the server do not share one event loop. The script prints `{"url": …}` once listening.
 */
export async function startChildServer(script: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(script)], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with code ${code} before listening`)));
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as { url?: string };
        if (parsed.url) resolve(parsed.url);
      } catch {
        // not the announcement line
      }
    });
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
