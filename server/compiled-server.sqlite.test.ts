import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer } from '../tools/build/server-build';
import { checkoutBody } from './payments/payment.test-support';
import { freshServerFolder } from './test/server-process';
import { decodedPart, pictureLinks } from './test/mail.scenarios';

/**
 * The server as `npm start` runs it: compiled by the build into plain JavaScript and started with
 * `node` alone (no tsx), its worker threads (mail, PNG print files, cut jobs) loading compiled code.
 * One build for the file, into a folder of its own so a running `npm start` keeps its build/.
 */
const root = path.resolve(import.meta.dirname, '..');
const BUILD = path.join('.tmp', `compiled-server-${process.pid}`);
const ADMIN = { email: 'owner@example.com', password: 'a long enough password 1' };
const folder = freshServerFolder('shop-compiled-');
const mailDir = path.join(folder.dir, 'mail');
let child: ChildProcess;
let url: string;

beforeAll(async () => {
  await buildServer(root, BUILD);
  child = spawn(process.execPath, [path.join(root, BUILD, 'server', 'main.js')], {
    env: { ...process.env, ...folder.env, PORT: '0', LOG_LEVEL: 'silent', npm_lifecycle_event: 'start', MAIL_DIR: mailDir, PASSWORD_HASH_COST: '10', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^Shop, admin and API: (\S+)$/m.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the compiled server exited (${code}): ${output}`)));
  });
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(folder.dir, { recursive: true, force: true });
  fs.rmSync(path.join(root, BUILD), { recursive: true, force: true });
});

async function call(method: string, urlPath: string, options: { body?: unknown; token?: string; key?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.key) headers['idempotency-key'] = options.key;
  return fetch(url + urlPath, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
}

it('answers the health check', async () => {
  const response = await call('GET', '/api/health');
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', db: 'ok' });
});

it('takes a paid order, writes its confirmation mail on the compiled mail thread, and draws the picture it links to on the compiled PNG threads', async () => {
  const response = await call('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1]), key: 'compiled-server-checkout' });
  expect(response.status).toBe(201);
  const { order } = (await response.json()) as { order: { orderNumber: string } };
  let mails: string[] = [];
  while (mails.length === 0) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    mails = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((name) => name.endsWith('.eml')) : [];
  }
  const mail = fs.readFileSync(path.join(mailDir, mails[0]!), 'utf8');
  expect(mail).toContain(order.orderNumber);
  const [picture] = pictureLinks(decodedPart(mail, 'text/html'));
  const png = await call('GET', new URL(picture!).pathname);
  expect(png.status).toBe(200);
  expect(png.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString('ascii')).toBe('PNG');
}, 60_000);

it('draws a PNG print file and a cut job on the compiled worker threads', async () => {
  const login = await call('POST', '/api/auth/login', { body: ADMIN });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const list = (await (await call('GET', '/api/orders', { token })).json()) as { orders: { id: string }[] };
  expect(list.orders.length).toBeGreaterThan(0);

  const png = await call('GET', `/api/orders/${list.orders[0]!.id}/print-file?format=png&dpi=72`, { token });
  expect(png.status).toBe(200);
  expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString('ascii')).toBe('PNG');

  const cutJob = await call('GET', '/api/fulfillment/cut-jobs/Hot%20Pink?format=svg', { token });
  expect(cutJob.status).toBe(200);
  expect(await cutJob.text()).toContain('<svg');
}, 120_000);
