/**
 * DOM-test support: the real server in a child process (server code cannot load inside
 * happy-dom), the page's URL pointed at it so the app's relative API calls reach it, and the
 * checkout route rendered inside the providers the app gives it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { NotificationProvider } from '../../components/notifications';
import CheckoutPage from './CheckoutPage';

export interface ChildServer {
  url: string;
  close(): Promise<void>;
}

export async function startChildServer(env: Record<string, string> = {}): Promise<ChildServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-dom-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/test/server-entry.ts'], {
    cwd: path.resolve(__dirname, '../../..'),
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${path.join(dir, 'shop.db')}`, WEB_DIST_DIR: path.join(dir, 'dist'), CARD_DECLINE_LIMIT: '10000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`test server exited with ${code}`)));
  });
  return {
    url,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Makes relative fetches of the app go to the server, as they do when it serves the app. */
export function pointPageAt(url: string): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${url}/checkout`);
}

export function renderCheckout() {
  return render(
    <MemoryRouter initialEntries={['/checkout']}>
      <NotificationProvider>
        <Routes>
          <Route path="/checkout" element={<CheckoutPage />} />
          <Route path="/" element={<p>Shop home</p>} />
        </Routes>
      </NotificationProvider>
    </MemoryRouter>,
  );
}
