import fs from 'node:fs';
import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { checkoutBody } from '../payments/payment.test-support';
import { freshServerFolder, killServer, startServerProcess, type ServerProcess } from '../test/server-process';

/**
 * SIGTERM must stop the server while keep-alive clients keep sending (it answered for
 * 45 s and needed SIGKILL). Clients hammer it over kept-alive connections; after SIGTERM the
 * answers say `Connection: close` and the process ends within the 10 s an orchestrator allows.
 * `npm run test:soak` runs STOP_CLIENTS=64.
 */
const CLIENTS = Number(process.env.STOP_CLIENTS ?? 8);
const STOP_BUDGET_MS = 10_000;

let server: ServerProcess | undefined;
let dir: string | undefined;
afterAll(async () => {
  if (server) await killServer(server);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// node:http rather than fetch: undici keeps connections alive too, but hides the Connection header.
const keptAlive = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
const checkout = JSON.stringify(checkoutBody('pm_card_visa'));
/** A checkout: busy connections at the signal are what kept the old server up. */
function checkoutOverKeptAliveConnection(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method: 'POST', agent: keptAlive, headers: { 'Content-Type': 'application/json' } }, (response) => {
        response.resume();
        response.once('end', () => resolve(response.headers.connection ?? ''));
      })
      .once('error', reject)
      .end(checkout);
  });
}

it(`ends within 10 s of SIGTERM while ${CLIENTS} keep-alive clients keep sending`, async () => {
  const folder = freshServerFolder('shop-stop-');
  dir = folder.dir;
  server = await startServerProcess(folder.env);
  const url = `${server.url}/api/checkout`;
  let stopping = false;
  let answeredBeforeStop = 0;
  const closeAnswersAfterStop: string[] = [];
  const hammer = async () => {
    for (;;) {
      try {
        const connection = await checkoutOverKeptAliveConnection(url);
        if (!stopping) answeredBeforeStop++;
        else closeAnswersAfterStop.push(connection);
      } catch {
        if (stopping) return; // refused or cut: the server is gone
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, hammer);
  while (answeredBeforeStop < CLIENTS * 5) await new Promise((resolve) => setTimeout(resolve, 20));

  stopping = true;
  server.child.kill('SIGTERM');
  const outcome = await Promise.race([
    server.exited.then((code) => ({ ended: true, code })),
    new Promise<{ ended: false }>((resolve) => setTimeout(() => resolve({ ended: false }), STOP_BUDGET_MS)),
  ]);
  expect(outcome).toEqual({ ended: true, code: 0 });
  await Promise.all(clients);
  keptAlive.destroy();
  // Each client saw its connection end (a `close` answer, or the idle connection closed) and stopped.
  expect(closeAnswersAfterStop.length).toBeLessThan(CLIENTS * 50);
}, 60_000);
