/**
 * A TCP proxy in front of the real server whose link can be cut: the print room's "Wi-Fi up,
 * server out of reach". Cut, the port refuses connections (and open ones are dropped) while the
 * browser still reports itself online; restored, it listens on the same port, so the origin, its
 * service worker and IndexedDB stay the same. Hung, it accepts connections and drops every packet,
 * both ways, on new and open connections alike; after a hang the connections that were open stay
 * black holes (the state a router lost), only new ones get through. And it can lose the answer to
 * the next request that matches, after the server has acted on it.
 */
import net from 'node:net';

export interface CuttableProxy {
  /** http://127.0.0.1:<port>: open the app here. */
  url: string;
  cut(): Promise<void>;
  /** Accepts and swallows: requests wait for their timeout, as with a server that hangs. */
  hang(): Promise<void>;
  restore(): Promise<void>;
  /**
   * The next request whose first line starts with `requestLine` (e.g. 'POST /api/checkout') reaches
   * the server; its answer is lost, and with `thenCut` the link is cut at that moment.
   */
  loseNextAnswer(requestLine: string, thenCut?: boolean): void;
  /** How many answers were lost so far. */
  readonly lostAnswers: number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  /** Packets are dropped for good (a hang happened while it was open). */
  dead: boolean;
  losing: boolean;
}

const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/1\.[01]/;

export async function startCuttableProxy(targetUrl: string): Promise<CuttableProxy> {
  const target = new URL(targetUrl);
  const pairs = new Set<Pair>();
  let server: net.Server | null = null;
  let hung = false;
  let armed: string | null = null;
  let cutAfterLoss = false;
  let lost = 0;

  const drop = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };

  const accept = (client: net.Socket) => {
    const pair: Pair = { client, upstream: null, dead: hung, losing: false };
    pairs.add(pair);
    client.on('error', () => drop(pair));
    client.on('close', () => drop(pair));
    if (pair.dead) return client.on('data', () => undefined);
    const upstream = net.connect(Number(target.port), target.hostname);
    pair.upstream = upstream;
    upstream.on('error', () => drop(pair));
    upstream.on('close', () => !pair.dead && drop(pair));
    client.on('data', (chunk: Buffer) => {
      if (pair.dead) return;
      const head = chunk.toString('latin1', 0, 200);
      if (armed && REQUEST_LINE.test(head) && head.startsWith(armed)) {
        armed = null;
        pair.losing = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (pair.dead) return;
      if (pair.losing) {
        lost++;
        drop(pair);
        if (cutAfterLoss) void stop();
        return;
      }
      client.write(chunk);
    });
  };

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const listening = net.createServer(accept);
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
      for (const pair of [...pairs]) drop(pair);
      if (!closing) return resolve();
      closing.close(() => resolve());
    });

  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    cut: stop,
    async hang() {
      hung = true;
      for (const pair of pairs) pair.dead = true;
      if (!server) await listen(port);
    },
    async restore() {
      hung = false;
      if (!server) await listen(port);
    },
    loseNextAnswer(requestLine, thenCut = false) {
      armed = requestLine;
      cutAfterLoss = thenCut;
    },
    get lostAnswers() {
      return lost;
    },
    close: stop,
  };
}
