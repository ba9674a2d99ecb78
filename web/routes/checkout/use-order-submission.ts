import { useCallback, useRef, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { CHECKOUT_MESSAGES_FLOW, checkoutErrorMessage } from '../../../shared/checkout-errors';
import { needsCardPayment, NO_CARD_PAYMENT_METHOD, paymentStatusMessage, PAYMENT_MESSAGES } from '../../../shared/payments';
import { CHECKOUT_MESSAGES } from '../../../shared/schemas/checkout';
import type { Totals } from '../../../shared/pricing';
import { useAutoClear } from '../../components/notifications';
import type { CartLine } from '../../db/db';
import type { CardBillingDetails, CardFieldState, CreatePaymentMethod } from '../../payments/card-field';
import { checkBeforePayment, placeOrderForPaidIntent, submitCheckout, type CheckoutBody, type PlacedOrder, type PlaceOrderOutcome } from '../../payments/place-order';
import { beginPendingCheckout, markPendingCheckoutUnknown, readPendingCheckout, settlePendingCheckout } from '../../payments/pending-checkout';
import { toCheckoutBody, validateShippingStep, type CheckoutFormValues, type FieldErrors } from './checkout-form';

export interface SubmissionInput {
  values: CheckoutFormValues;
  lines: readonly CartLine[];
  totals: Totals;
  card: CardFieldState & { version: number };
  createPaymentMethod: CreatePaymentMethod | null;
  stripe: Stripe | null;
  /** False while the payment system is still loading or failed. */
  paymentReady: boolean;
  onInvalidShipping(errors: FieldErrors): void;
  /** The server refused the discount code (ended or used up since Apply): the page drops it and re-prices. */
  onDiscountRefused?(): void;
  onPlaced(order: PlacedOrder, body: CheckoutBody): void;
}

function billingOf(values: CheckoutFormValues): CardBillingDetails {
  const sameAsShipping = values.sameAsShipping;
  return {
    name: `${values.firstName.trim()} ${values.lastName.trim()}`,
    email: values.email.trim(),
    phone: values.phone.trim(),
    address: {
      line1: (sameAsShipping ? values.address : values.billingAddress).trim(),
      city: (sameAsShipping ? values.city : values.billingCity).trim(),
      state: sameAsShipping ? values.state : values.billingState,
      postal_code: (sameAsShipping ? values.zipCode : values.billingZipCode).trim(),
      country: 'US',
    },
  };
}

/**
 * Submitting the order (spec.md §4): step 1 re-validated, card checks, then the placement flow.
 * Each attempt has its Idempotency-Key, stored with the exact body in IndexedDB before the request
 * leaves (pending-checkout.ts). A double click is ignored while a call runs. When no answer settles
 * the attempt (lost, timed out, 5xx, still processing), it stays pending: the page then checks it
 * by sending the same body under the same key (use-pending-checkout.ts), in this tab or whichever
 * opens the checkout next, so it is answered and never charged twice.
 */
export function useOrderSubmission(input: SubmissionInput) {
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  // spec.md §4: the submit error clears after 5 s (the card provider's own error is left alone).
  useAutoClear(submitError, () => setSubmitError(null));
  const inFlight = useRef(false);
  // Checkouts this tab has seen answered: their stored copy may still show for a moment after.
  const answered = useRef(new Set<string>());
  const latest = useRef(input);
  latest.current = input;

  const [sending, setSending] = useState(false);

  /**
   * Sends one checkout, the card form's or the wallet's: stored as pending before it leaves, then
   * settled by the answer, or left for the page to check when none came (`settled: false`).
   */
  const send = useCallback(async (body: CheckoutBody, stripe: Stripe | null): Promise<PlaceOrderOutcome> => {
    setSending(true);
    try {
      const { key } = await beginPendingCheckout(crypto.randomUUID(), body);
      let outcome: PlaceOrderOutcome = await submitCheckout(body, { idempotencyKey: key });
      if (outcome.kind !== 'failed' || outcome.settled) answered.current.add(key);
      if (outcome.kind === 'requires_action') {
        await settlePendingCheckout(key);
        outcome = await completeNextAction(stripe, body, outcome.clientSecret, outcome.paymentIntentId);
      }
      // A placed order's pending copy goes in the transaction that stores it (last-order.ts).
      if (outcome.kind !== 'failed') return outcome;
      if (outcome.settled) await settlePendingCheckout(key);
      else await markPendingCheckoutUnknown(key);
      return outcome;
    } finally {
      setSending(false);
    }
  }, []);

  const submit = useCallback(async () => {
    if (inFlight.current) return;
    const { values, lines, totals, card, createPaymentMethod, stripe, paymentReady } = latest.current;
    const shippingErrors = validateShippingStep(values);
    if (Object.keys(shippingErrors).length) {
      latest.current.onInvalidShipping(shippingErrors);
      return;
    }
    const cardCharged = needsCardPayment(totals.total);
    if (cardCharged && (!paymentReady || !createPaymentMethod)) {
      setSubmitError(CHECKOUT_MESSAGES.paymentNotLoaded);
      return;
    }
    if (cardCharged && !card.complete) {
      setCardError(CHECKOUT_MESSAGES.cardIncomplete);
      return;
    }

    inFlight.current = true;
    setSubmitting(true);
    setSubmitError(null);
    setCardError(null);
    try {
      const unsigned = toCheckoutBody(values, lines, totals, '');
      // spec.md §4's order: cart and API health first, then the card goes to the payment provider.
      const refused = await checkBeforePayment(unsigned.items);
      if (refused) {
        setSubmitError(refused.message);
        return;
      }
      // Another tab's checkout awaits its answer: the page checks that one first.
      if (await readPendingCheckout()) return;
      const created = cardCharged ? await createPaymentMethod!(billingOf(values)) : { paymentMethodId: NO_CARD_PAYMENT_METHOD };
      if ('error' in created) {
        setCardError(created.error);
        return;
      }
      const body = toCheckoutBody(values, lines, totals, created.paymentMethodId);
      const outcome = await send(body, stripe);
      if (outcome.kind === 'placed') {
        latest.current.onPlaced(outcome.order, body);
        return;
      }
      if (outcome.kind === 'requires_action') {
        setSubmitError(PAYMENT_MESSAGES.requiresAction);
        return;
      }
      // Unanswered: the page shows the check of this checkout from here on (use-pending-checkout.ts).
      if (!outcome.settled) return;
      if (outcome.code === 'INVALID_DISCOUNT_CODE') latest.current.onDiscountRefused?.();
      // A decline belongs at the card field, where the shopper fixes it.
      if (outcome.atCard) setCardError(outcome.message || CHECKOUT_MESSAGES_FLOW.formFallback);
      else setSubmitError(outcome.message || CHECKOUT_MESSAGES_FLOW.formFallback);
    } catch {
      setSubmitError(CHECKOUT_MESSAGES_FLOW.unexpected);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }, [send]);

  const isAnswered = useCallback((key: string) => answered.current.has(key), []);
  return { submit, send, sending, submitting, submitError, cardError, setCardError, setSubmitError, isAnswered };
}

/** Stripe's 3-D Secure step; with the test gateway there is none to run (spec.md §8 message). */
export async function completeNextAction(
  stripe: Stripe | null,
  body: CheckoutBody,
  clientSecret: string | null,
  paymentIntentId: string | null,
): Promise<PlaceOrderOutcome> {
  if (!stripe || !clientSecret) return { kind: 'failed', message: PAYMENT_MESSAGES.requiresAction, settled: true };
  const result = await stripe.handleNextAction({ clientSecret });
  if (result.error) return { kind: 'failed', message: result.error.message ?? PAYMENT_MESSAGES.authenticationRequired, settled: true };
  const intent = 'paymentIntent' in result ? result.paymentIntent : undefined;
  if (!intent || intent.status !== 'succeeded') {
    return { kind: 'failed', message: intent ? paymentStatusMessage(intent.status) : checkoutErrorMessage({}), settled: true };
  }
  return placeOrderForPaidIntent(body, intent.id ?? paymentIntentId ?? '');
}
