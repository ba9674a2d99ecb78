import type { ServerResponse } from 'node:http';
import type { Middleware } from 'koa';

/** One header a middleware set (`res.setHeader(name, value)`) or removed (`value` null: `res.removeHeader(name)`). */
export type HeaderStep = readonly [name: string, value: string | number | readonly string[] | null];

/** A middleware's header steps: `ready` once recorded, `recording` until then. */
export interface RecordedHeaders {
  ready: readonly HeaderStep[] | null;
  recording: Promise<readonly HeaderStep[]>;
}

/**
 * Runs a middleware that only sets and removes response headers (helmet's, through koa-helmet)
 * against a response that writes down what it is asked to do, after the steps in `first`.
 */
export function recordHeaderSteps(middleware: Middleware, first: readonly HeaderStep[]): RecordedHeaders {
  const steps: HeaderStep[] = [...first];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      steps.push([name, value]);
      return res;
    },
    removeHeader(name: string) {
      steps.push([name, null]);
    },
  };
  const recorded: RecordedHeaders = {
    ready: null,
    recording: Promise.resolve(middleware({ req: {}, res } as never, async () => undefined)).then(() => {
      recorded.ready = steps;
      return steps;
    }),
  };
  return recorded;
}

/** Does to `res` what the recorded middleware did, in the same order. */
export function replayHeaderSteps(res: ServerResponse, steps: readonly HeaderStep[]): void {
  for (const [name, value] of steps) {
    if (value === null) res.removeHeader(name);
    else res.setHeader(name, value);
  }
}
