import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freshServerFolder } from './test/server-process';

/** What a person running `npm start` reads: the address, and on a fresh shop how to get in. */
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function startOutput(env: Record<string, string>): Promise<string> {
  const folder = freshServerFolder('shop-start-');
  folders.push(folder.dir);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: { ...process.env, ...folder.env, PORT: '0', LOG_LEVEL: 'silent', npm_lifecycle_event: 'start', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // The address and the hint are written together.
      if (/Shop, admin and API: \S+\n/.test(output)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => resolve(output));
    child.once('error', reject);
  });
}

it('prints the address and, on a fresh database, where to create the first admin', async () => {
  const output = await startOutput({});
  expect(output).toMatch(/^Shop, admin and API: http:\/\/\S+:\d+$/m);
  expect(output).toMatch(/^No admin yet: open http:\/\/\S+\/admin\/login to create the first one/m);
});

it('prints no admin hint once an admin exists', async () => {
  const output = await startOutput({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'a long enough password 1' });
  expect(output).toMatch(/^Shop, admin and API: /m);
  expect(output).not.toMatch(/No admin yet/);
});
