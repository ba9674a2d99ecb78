import type { Context, Next } from 'koa';

/** Counts requests, so background work (the mail sender) can tell a busy shop from a quiet one. */
export interface TrafficMeter {
  middleware(ctx: Context, next: Next): Promise<void>;
  /** Requests that arrived since the last call. */
  take(): number;
}

export function createTrafficMeter(): TrafficMeter {
  let requests = 0;
  return {
    middleware(_ctx, next) {
      requests++;
      return next();
    },
    take() {
      const seen = requests;
      requests = 0;
      return seen;
    },
  };
}
