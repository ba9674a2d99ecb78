/**
 * Test support: a sync transport whose next push reaches the server and is applied, but whose
 * answer is lost on the way back (a network error), as on the print room's Wi-Fi.
 */
import { networkError } from '../api/api-error';
import type { SyncTransport } from './transport';

export interface LossyTransport extends SyncTransport {
  /** Whether the next push's answer is lost (the server has applied it). */
  loseNextAnswer(lose: boolean): void;
}

export function lossyTransport(inner: SyncTransport): LossyTransport {
  let lose = false;
  return {
    pull: (since, limit) => inner.pull(since, limit),
    async push(mutations) {
      const losing = lose;
      lose = false;
      const answer = await inner.push(mutations);
      if (losing) throw networkError(false);
      return answer;
    },
    loseNextAnswer(next) {
      lose = next;
    },
  };
}
