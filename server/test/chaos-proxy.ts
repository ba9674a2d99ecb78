import net from 'node:net';

/**
 * Test support: a TCP proxy (node:net) between clients and a server that misbehaves like the print
 * room's Wi-Fi: it refuses some connections, delays chunks, and cuts some connections after the
 * request went through but before (or while) the answer comes back, so that the server has
 * applied a change whose answer the client never sees.
 */
export interface ChaosOptions {
  /** Chance a connection is closed when a request arrives, before the server sees it. */
  refuse: number;
  /** Chance a connection is cut once the server starts answering a request. */
  cutAnswer: number;
  /** Largest delay added to a chunk, ms. */
  maxDelayMs: number;
}

export interface ChaosProxy {
  url: string;
  /** Chaos on or off (off: a plain, reliable proxy). */
  setChaos(on: boolean): void;
  stats: { connections: number; refused: number; cut: number };
  close(): Promise<void>;
}

export async function startChaosProxy(target: URL, options: ChaosOptions, random: () => number = Math.random): Promise<ChaosProxy> {
  let chaos = true;
  const stats = { connections: 0, refused: 0, cut: 0 };
  const sockets = new Set<net.Socket>();
  const delay = () => (chaos && options.maxDelayMs ? Math.floor(random() * options.maxDelayMs) : 0);

  const server = net.createServer((client) => {
    stats.connections++;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    // Decided per request (keep-alive carries many on one connection): the request's first chunk
    // may be refused, and the answer to a request let through may be cut.
    let answering = true;
    let cutAnswer = false;
    // Chunks keep their order: each waits for the one before it.
    let toServer = Promise.resolve();
    let toClient = Promise.resolve();
    client.on('data', (chunk: Buffer) => {
      if (answering && chaos) {
        if (random() < options.refuse) {
          stats.refused++;
          client.destroy();
          return;
        }
        cutAnswer = random() < options.cutAnswer;
      }
      answering = false;
      const wait = delay();
      toServer = toServer.then(() => new Promise((resolve) => setTimeout(resolve, wait))).then(() => void upstream.write(chunk));
    });
    upstream.on('data', (chunk: Buffer) => {
      answering = true;
      if (cutAnswer) {
        stats.cut++;
        client.destroy();
        upstream.destroy();
        return;
      }
      const wait = delay();
      toClient = toClient.then(() => new Promise((resolve) => setTimeout(resolve, wait))).then(() => void client.write(chunk));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setChaos: (on) => {
      chaos = on;
    },
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
