import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { trackForGracefulClose } from './graceful-close';

/** A request under way when the stop begins is answered, with `Connection: close`. */
it('answers the request under way with Connection: close, and closes within the deadline', async () => {
  let releaseAnswer: (() => void) | undefined;
  const server = http.createServer((_request, response) => {
    releaseAnswer = () => response.end('done');
  });
  const graceful = trackForGracefulClose(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new http.Agent({ keepAlive: true });
  const answered = new Promise<{ connection?: string; body: string }>((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.once('end', () => resolve({ connection: response.headers.connection, body }));
      })
      .once('error', reject);
  });
  while (!releaseAnswer) await new Promise((resolve) => setTimeout(resolve, 10));

  const closed = graceful.close(5_000);
  releaseAnswer();
  expect(await answered).toEqual({ connection: 'close', body: 'done' });
  await closed;
  expect(server.listening).toBe(false);
  agent.destroy();
});

