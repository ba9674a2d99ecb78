/**
 * A TCP proxy in front of the real server whose link can be cut: the print room's "Wi-Fi up,
 * server out of reach". Cut, the port refuses connections (and open ones are dropped) while the
 * browser still reports itself online; restored, it listens on the same port, so the origin, its
 * service worker and IndexedDB stay the same.
 */
import net from 'node:net';

export interface CuttableProxy {
  /** http://127.0.0.1:<port>: open the app here. */
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startCuttableProxy(targetUrl: string): Promise<CuttableProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const listening = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', drop);
          socket.on('close', drop);
        }
        client.pipe(upstream).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        server = listening;
        resolve((listening.address() as net.AddressInfo).port);
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!closing) return resolve();
      closing.close(() => resolve());
    });

  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    cut: stop,
    async restore() {
      if (!server) await listen(port);
    },
    close: stop,
  };
}
