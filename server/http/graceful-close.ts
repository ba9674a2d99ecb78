import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * A stop that ends whatever clients do: `server.close()` alone stops accepting new
 * connections but waits for the open ones, and a keep-alive client that keeps sending keeps its
 * connection open for ever (1,006 checkouts answered in the 45 s after SIGTERM). So, once closing:
 * every answer, including those of requests already under way, says `Connection: close` (node then
 * ends the socket after it); idle connections are closed at once and again as they fall idle;
 * whatever is still open at the deadline is cut.
 */
export interface GracefulClose {
  /** Resolves once every connection has ended, within `deadlineMs`. */
  close(deadlineMs: number): Promise<void>;
}

const IDLE_SWEEP_MS = 100;

export function trackForGracefulClose(server: Server): GracefulClose {
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const sayClose = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (closing) sayClose(response);
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });
  return {
    close(deadlineMs) {
      closing = true;
      inFlight.forEach(sayClose);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      let cut: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        cut = setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, deadlineMs);
      });
      return Promise.race([closed, deadline]).finally(() => {
        clearInterval(sweep);
        clearTimeout(cut);
      });
    },
  };
}
