import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** For bench/scale.bench.ts: the shop as its own process, for any checkout of the code. */
export interface Shop {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The real server (test-server-entry.ts of the given checkout of the code) as its own process. */
export function startShop(codeRoot: string, env: Record<string, string>, nodeArgs: string[]): Promise<Shop> {
  const entry = path.join(codeRoot, 'server/payments/test-server-entry.ts');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: codeRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)/.exec(output);
      if (match) {
        resolve({
          url: match[1]!,
          child,
          async stop() {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    void exited.then(() => reject(new Error(`server exited with ${child.exitCode} before listening`)));
  });
}
