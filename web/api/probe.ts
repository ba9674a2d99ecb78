/**
 * Whether the server answers, asked so that dead keep-alive connections cannot hold the answer up.
 * After an outage in which packets were dropped rather than refused, the browser's idle connections
 * to the shop may be black holes: a request sent on one waits for its timeout, and the next one
 * takes the next dead connection. So while a health request has not answered within HEDGE_AFTER_MS,
 * another starts beside it (the browser gives it the next idle connection, or a new one), up to the
 * browser's six per host; the first answer wins and the others are aborted, which closes their
 * connections. What is left in the pool afterwards answered, so the request that follows (a
 * checkout, a sync push) goes out on a live connection.
 */
import { ApiError, call } from './client';

export type ProbeResult = 'ok' | 'error-answer' | 'no-answer';

export interface ProbeOptions {
  /** The whole probe gives up after this. */
  timeoutMs?: number;
  hedgeAfterMs?: number;
  maxParallel?: number;
}

const HEDGE_AFTER_MS = 300;
/** Chromium's (and most browsers') connections per host over HTTP/1.1. */
const MAX_PARALLEL = 6;

/** 'ok': /api/health answered 200; 'error-answer': the server answered otherwise (e.g. 503); 'no-answer': nothing came back. */
export function probeServer(options: ProbeOptions = {}): Promise<ProbeResult> {
  const timeoutMs = options.timeoutMs ?? 3_000;
  const hedgeAfterMs = options.hedgeAfterMs ?? HEDGE_AFTER_MS;
  const maxParallel = options.maxParallel ?? MAX_PARALLEL;
  return new Promise<ProbeResult>((resolve) => {
    const controllers = new Set<AbortController>();
    let settled = false;
    let launched = 0;
    const settle = (result: ProbeResult) => {
      if (settled) return;
      settled = true;
      clearInterval(hedge);
      clearTimeout(deadline);
      for (const controller of controllers) controller.abort();
      resolve(result);
    };
    const launch = () => {
      const controller = new AbortController();
      controllers.add(controller);
      launched++;
      call('health', undefined, { signal: controller.signal, timeoutMs, cache: 'no-store', ignoreUnauthorized: true })
        .then((answer) => settle(answer?.status === 'ok' ? 'ok' : 'error-answer'))
        .catch((error: unknown) => {
          controllers.delete(controller);
          if (error instanceof ApiError && !error.isNetwork) return settle('error-answer');
          // Refused or reset at once: the server is out of reach (a dead connection would hang instead).
          if (!controllers.size) settle('no-answer');
        });
    };
    const hedge = setInterval(() => {
      if (launched < maxParallel && controllers.size > 0) launch();
    }, hedgeAfterMs);
    const deadline = setTimeout(() => settle('no-answer'), timeoutMs);
    launch();
  });
}
