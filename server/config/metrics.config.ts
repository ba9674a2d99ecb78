/** Prometheus metrics (design.md §11): off unless METRICS_PORT is set. */
export interface MetricsConfig {
  /** METRICS_PORT; null: no metrics endpoint. */
  port: number | null;
  /** METRICS_HOST: loopback by default, so only the machine's own scraper (or a tunnel) reads them. */
  host: string;
}

type Whole = (value: string | undefined, fallback: number, name: string, min: number, max: number) => number;

export function parseMetricsConfig(env: NodeJS.ProcessEnv, integer: Whole): MetricsConfig {
  const set = env.METRICS_PORT !== undefined && env.METRICS_PORT.trim() !== '';
  return {
    port: set ? integer(env.METRICS_PORT, 0, 'METRICS_PORT', 0, 65535) : null,
    host: env.METRICS_HOST?.trim() || '127.0.0.1',
  };
}
