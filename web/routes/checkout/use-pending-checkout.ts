import { useCallback, useEffect, useRef, useState } from 'react';
import { PAYMENT_MESSAGES } from '../../../shared/payments';
import { probeServer } from '../../api/probe';
import { useShopLiveQuery } from '../../db/lazy-db';
import { hashCheckoutBody, markPendingCheckoutUnknown, readPendingCheckout, settlePendingCheckout, type PendingCheckout } from '../../payments/pending-checkout';
import { submitCheckout, type CheckoutBody, type PlacedOrder } from '../../payments/place-order';

/** Waits between checks of a checkout whose answer is unknown: quick at first, then every 10 s. */
const CHECK_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 10_000];

export interface PendingCheckoutCheck {
  /** The checkout whose answer this page is finding out (any tab's), or null. */
  pending: PendingCheckout | null;
  /** Undefined until IndexedDB has been read. */
  known: boolean;
  /** Why a checked checkout was refused (a decline): the form shows it. */
  refusal: string | null;
  clearRefusal(): void;
  checkNow(): void;
}

/**
 * The check of a pending checkout (pending-checkout.ts): while one awaits its answer and this tab is
 * not sending it, the same body goes to the server under the same key until an answer settles it;
 * right away, then with growing pauses, and at once when the connection or the tab comes back. The
 * placed order goes to `onPlaced`; a refusal is forgotten and handed to the form. `isAnswered` names
 * this tab's checkouts already answered, whose stored copy is being removed.
 */
export function usePendingCheckout(
  sending: boolean,
  onPlaced: (order: PlacedOrder, body: CheckoutBody) => void,
  isAnswered: (key: string) => boolean = () => false,
): PendingCheckoutCheck {
  const stored = useShopLiveQuery(() => readPendingCheckout().then((p) => p ?? null), [], undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const placed = useRef(onPlaced);
  placed.current = onPlaced;
  // This tab's own checkout is checked only once its request went unanswered, never while it is sent.
  const pending = !sending && stored && !isAnswered(stored.key) ? stored : null;
  const key = pending?.key ?? null;

  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let running = false;
    const attempt = async () => {
      if ((await hashCheckoutBody(pending.body)) !== pending.bodyHash) return void settlePendingCheckout(pending.key);
      const outcome = (await probeServer()) === 'no-answer' ? null : await submitCheckout(pending.body, { idempotencyKey: pending.key });
      if (stopped) return;
      if (outcome?.kind === 'placed') return placed.current(outcome.order, pending.body);
      if (outcome && (outcome.kind === 'requires_action' || outcome.settled)) {
        setRefusal(outcome.kind === 'requires_action' ? PAYMENT_MESSAGES.requiresAction : outcome.message);
        return void settlePendingCheckout(pending.key);
      }
      if (pending.state === 'sending') await markPendingCheckoutUnknown(pending.key);
      timer = setTimeout(() => void check(), CHECK_DELAYS_MS[Math.min(attempts++, CHECK_DELAYS_MS.length - 1)]);
    };
    const check = async () => {
      clearTimeout(timer);
      if (stopped || running) return;
      running = true;
      await attempt().finally(() => (running = false));
    };
    const onBack = () => document.visibilityState === 'visible' && void check();
    void check();
    window.addEventListener('online', onBack);
    document.addEventListener('visibilitychange', onBack);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onBack);
      document.removeEventListener('visibilitychange', onBack);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one loop per pending checkout (its key); `round` restarts it at once ("Check now")
  }, [key, round]);

  return {
    pending,
    known: stored !== undefined,
    refusal,
    clearRefusal: useCallback(() => setRefusal(null), []),
    checkNow: useCallback(() => setRound((n) => n + 1), []),
  };
}
