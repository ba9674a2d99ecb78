import { useEffect, useRef, useState } from 'react';
import type { Stripe, StripeElements, StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import { CHECKOUT_MESSAGES_FLOW } from '../../../shared/checkout-errors';
import type { Totals } from '../../../shared/pricing';
import type { CartLine } from '../../db/db';
import { checkBeforePayment, CHECKING_PAYMENT_MESSAGE, type CheckoutBody, type PlacedOrder, type PlaceOrderOutcome } from '../../payments/place-order';
import { readPendingCheckout } from '../../payments/pending-checkout';
import { toCheckoutBody, validateShippingStep } from './checkout-form';
import { formValuesFromWallet } from './wallet-details';
import './express-checkout.css';

export interface ExpressCheckoutProps {
  stripe: Stripe;
  lines: readonly CartLine[];
  totals: Totals;
  disabled?: boolean;
  /** The checkout's one way to send an order (use-order-submission.ts): pending in IndexedDB first. */
  send(body: CheckoutBody, stripe: Stripe): Promise<PlaceOrderOutcome>;
  onPlaced(order: PlacedOrder, body: CheckoutBody): void;
}

/** The wallet sheet's lines: items (after any discount) and tax, with shipping as its rate; they add up to the total. */
function walletSummary(totals: Totals, itemCount: number) {
  return {
    lineItems: [
      { name: `Vinyl decals (${itemCount})`, amount: totals.subtotal - totals.discount },
      { name: 'Tax', amount: totals.tax },
    ],
    shippingRates: [
      { id: 'standard', displayName: totals.shipping === 0 ? 'Free shipping' : 'Standard shipping', amount: totals.shipping, deliveryEstimate: { minimum: { unit: 'business_day' as const, value: 2 }, maximum: { unit: 'business_day' as const, value: 3 } } },
    ],
  };
}

/**
 * Apple Pay, Google Pay and Link through Stripe's Express Checkout Element. The wallet supplies the
 * payer's name, e-mail, phone and shipping address; the order then goes through the same
 * POST /api/checkout as the card form, kept pending the same way: a lost answer and a reload end in
 * one order and one charge.
 */
export function ExpressCheckout({ stripe, lines, totals, disabled, send, onPlaced }: ExpressCheckoutProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const elementsRef = useRef<StripeElements | null>(null);
  const [wallets, setWallets] = useState<'loading' | 'none' | 'shown'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const latest = useRef({ lines, totals, send, onPlaced });
  latest.current = { lines, totals, send, onPlaced };

  useEffect(() => {
    const { totals: initial } = latest.current;
    const elements = stripe.elements({ mode: 'payment', amount: initial.total, currency: 'usd', paymentMethodCreation: 'manual' });
    elementsRef.current = elements;
    const element = elements.create('expressCheckout', {
      emailRequired: true,
      phoneNumberRequired: true,
      shippingAddressRequired: true,
      allowedShippingCountries: ['US'],
      buttonHeight: 48,
      paymentMethods: { applePay: 'always', googlePay: 'always', link: 'auto' },
    });
    element.on('ready', (event) => setWallets(event.availablePaymentMethods ? 'shown' : 'none'));
    element.on('click', (event) => {
      setError(null);
      const { totals: now, lines: cart } = latest.current;
      event.resolve(walletSummary(now, cart.reduce((sum, line) => sum + line.quantity, 0)));
    });
    element.on('confirm', (event) => void pay(stripe, elements, event));
    element.mount(mountRef.current!);
    return () => {
      element.destroy();
      elementsRef.current = null;
    };
  }, [stripe]);

  useEffect(() => {
    if (totals.total > 0) void elementsRef.current?.update({ amount: totals.total });
  }, [totals.total]);

  async function pay(stripeJs: Stripe, elements: StripeElements, event: StripeExpressCheckoutElementConfirmEvent) {
    const fail = (message: string, reason: 'fail' | 'invalid_shipping_address' = 'fail') => {
      event.paymentFailed({ reason, message });
      setError(message);
    };
    const values = formValuesFromWallet(event);
    const invalid = Object.values(validateShippingStep(values))[0];
    if (invalid) return fail(`Your wallet's details were not accepted: ${invalid}`, 'invalid_shipping_address');
    setPaying(true);
    try {
      const { lines: cart, totals: now } = latest.current;
      const unsigned = toCheckoutBody(values, cart, now, '');
      const refused = await checkBeforePayment(unsigned.items);
      if (refused) return fail(refused.message);
      // A checkout awaits its answer (this tab's or another's): the page checks that one first.
      if (await readPendingCheckout()) return fail(CHECKING_PAYMENT_MESSAGE);
      const submitted = await elements.submit();
      if (submitted.error) return fail(submitted.error.message ?? CHECKOUT_MESSAGES_FLOW.unexpected);
      const created = await stripeJs.createPaymentMethod({ elements, params: { billing_details: event.billingDetails } });
      if (created.error) return fail(created.error.message ?? CHECKOUT_MESSAGES_FLOW.unexpected);
      const body = toCheckoutBody(values, cart, now, created.paymentMethod.id);
      const outcome = await latest.current.send(body, stripeJs);
      if (outcome.kind === 'placed') latest.current.onPlaced(outcome.order, body);
      // Unanswered: the page now shows the check of this checkout, never "Cannot connect".
      else if (outcome.kind === 'failed' && !outcome.settled) fail(CHECKING_PAYMENT_MESSAGE);
      else fail(outcome.kind === 'failed' ? outcome.message || CHECKOUT_MESSAGES_FLOW.formFallback : CHECKOUT_MESSAGES_FLOW.formFallback);
    } catch {
      fail(CHECKOUT_MESSAGES_FLOW.unexpected);
    } finally {
      setPaying(false);
    }
  }

  return (
    <section className={`express-checkout express-checkout--${wallets}`} aria-labelledby="express-heading" aria-busy={paying} hidden={wallets === 'none'}>
      <h2 id="express-heading" className="express-checkout__title">Express checkout</h2>
      <div ref={mountRef} className="express-checkout__buttons" inert={disabled || paying} />
      <p className="checkout-error" role="alert">{error}</p>
      <p className="express-checkout__or"><span>or pay by card below</span></p>
    </section>
  );
}
