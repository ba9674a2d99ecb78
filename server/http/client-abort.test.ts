import net from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';

/** A client that hangs up mid-body is not logged as 503 "database unreachable" (ECONNRESET). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('logs a body cut short by its client as a client abort, not as a database fault', async () => {
  const infos: unknown[][] = [];
  const errors: unknown[][] = [];
  vi.spyOn(t.app.context.logger, 'info').mockImplementation((...args) => void infos.push(args));
  vi.spyOn(t.app.context.logger, 'error').mockImplementation((...args) => void errors.push(args));
  const { hostname, port } = new URL(t.url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(`POST /api/errors HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"message":"half`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
  for (let waited = 0; waited < 5_000 && !infos.some(([message]) => message === 'client aborted the request'); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(infos.map(([message]) => message)).toContain('client aborted the request');
  expect(errors).toEqual([]);
  vi.restoreAllMocks();
});
