import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSec: number;
  latencyP50: number;
  latencyP99: number;
  requests: number;
  failures: number;
}

/** autocannon against one URL; failures are errors, timeouts and non-2xx answers. */
export async function runLoad(url: string, options: { connections?: number; durationSec?: number } = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections: options.connections ?? 10, duration: options.durationSec ?? 10 });
  return {
    requestsPerSec: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
