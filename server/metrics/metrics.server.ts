import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricsConfig } from '../config/metrics.config';
import type { ShopMetrics } from './metrics';

export interface MetricsServer {
  /** `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

/**
 * GET /metrics in Prometheus's text format on METRICS_HOST:METRICS_PORT, apart from the shop's
 * port, so neither nginx nor the public internet reaches it by accident. Each process answers for
 * itself (docs/deploy.md: scrape every process).
 */
export async function startMetricsServer(metrics: ShopMetrics, config: MetricsConfig & { port: number }, onError: (error: unknown) => void): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (error: unknown) => {
        onError(error);
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
