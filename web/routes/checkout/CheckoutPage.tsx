import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CHECKOUT_MESSAGES_FLOW } from '../../../shared/checkout-errors';
import { formatUsd, toDollars } from '../../../shared/money';
import { DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS, type Discount } from '../../../shared/pricing';
import { useAuth } from '../../auth/useAuth';
import { useCart } from '../../cart/use-cart';
import { useNotify } from '../../components/notifications';
import { useShopLiveQuery } from '../../db/lazy-db';
import type { CardFieldState, CreatePaymentMethod } from '../../payments/card-field';
import type { CheckoutBody, PlacedOrder } from '../../payments/place-order';
import { trackPurchase } from '../../payments/purchase-analytics';
import { refreshCustomerOrders } from '../account/customer-orders';
import { INITIAL_VALUES, totalsFor, validateShippingStep, type CheckoutFormValues, type FieldErrors } from './checkout-form';
import { clearLastOrder, confirmedLines, isConfirmationRecent, readLastOrder, recordPlacedOrder, type ConfirmedOrder } from './last-order';
import { OrderComplete } from './OrderComplete';
import { OrderSummary } from './OrderSummary';
import { PaymentStep } from './PaymentStep';
import { ShippingStep } from './ShippingStep';
import { StepIndicator } from './StepIndicator';
import { CheckingPayment, CheckoutUnavailable, PaymentLoading } from './PaymentStatusScreens';
import { usePendingCheckout } from './use-pending-checkout';
import { usePaymentSystem } from './use-payment-system';
import { useOrderSubmission } from './use-order-submission';
import { CheckoutConnectionNotice } from './CheckoutConnectionNotice';
import type { SavedShippingAddress } from '../../../shared/api/answers';
import { StalePriceNotice } from '../../cart/StalePriceNotice';
import { ExpressCheckout } from './ExpressCheckout';
import { useCheckoutPrefill, withSavedAddress } from './use-checkout-prefill';
import { needsCardPayment } from '../../../shared/payments';
import './checkout.css';

/** Keyboard and screen-reader users land on the first field to fix. */
function focusFirstInvalidField(): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('.checkout [aria-invalid="true"]')?.focus());
}

function afterPaint(task: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(task, 0));
  else setTimeout(task, 0);
}

const CONNECTION_NOTICE_ID = 'checkout-connection-notice';

/** /checkout (spec.md §2-§5, §7, §8): two steps, order summary, placement flow and confirmation. */
export default function CheckoutPage() {
  const system = usePaymentSystem();
  const { lines, loaded } = useCart();
  const { user } = useAuth();
  const { notify, notifyError } = useNotify();
  const navigate = useNavigate();
  const storedLastOrder = useShopLiveQuery(readLastOrder, [], null);

  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState<CheckoutFormValues>(INITIAL_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [discount, setDiscount] = useState<Discount | null>(null);
  const [placed, setPlaced] = useState<ConfirmedOrder | null>(null);
  const [card, setCard] = useState<CardFieldState & { version: number }>({ complete: false, error: null, version: 0 });
  const createPaymentMethod = useRef<CreatePaymentMethod | null>(null);
  const [cardBound, setCardBound] = useState(false);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [paymentWanted, setPaymentWanted] = useState(false);
  const [savedAddresses, setSavedAddresses] = useState<SavedShippingAddress[]>([]);
  useCheckoutPrefill(user, setValues, setSavedAddresses);

  const ready = system.status === 'ready' ? system : null;
  if (paymentWanted && ready) {
    // The shopper asked for payment while the connection was away: it opens as soon as it is back.
    setPaymentWanted(false);
    setStep(2);
  }
  const totals = useMemo(() => totalsFor(lines, discount, ready?.freeShippingThresholdCents), [lines, discount, ready?.freeShippingThresholdCents]);

  const onPlaced = useCallback(
    (placedOrder: PlacedOrder, body: CheckoutBody) => {
      const order: ConfirmedOrder = { ...placedOrder, lines: confirmedLines(body.items) };
      setPlaced(order);
      notify(CHECKOUT_MESSAGES_FLOW.success);
      // The confirmation paints first; storage, history and analytics follow a frame later.
      afterPaint(() => {
        void recordPlacedOrder(order);
        if (user) void refreshCustomerOrders(user.id).catch(() => undefined);
        void trackPurchase({
          orderNumber: order.orderNumber,
          value: order.total,
          items: body.items.map((item) => ({
            item_name: String(item.text),
            item_variant: String(item.device),
            color: String(item.color),
            price: Number(item.price),
            quantity: Number(item.quantity),
          })),
        });
      });
    },
    [notify, user],
  );

  const submission = useOrderSubmission({
    values,
    lines,
    totals,
    card,
    createPaymentMethod: cardBound ? createPaymentMethod.current : null,
    stripe: ready?.stripe ?? null,
    paymentReady: !!ready,
    onInvalidShipping: (found) => {
      setErrors(found);
      setStep(1);
      focusFirstInvalidField();
    },
    onDiscountRefused: () => setDiscount(null),
    onPlaced,
  });

  // A checkout sent from this tab before a reload, or from another tab, whose answer is unknown.
  const pendingCheck = usePendingCheckout(submission.submitting || submission.sending, onPlaced, submission.isAnswered);
  const { refusal, clearRefusal } = pendingCheck;
  useEffect(() => {
    if (!refusal) return;
    notifyError(refusal);
    clearRefusal();
  }, [refusal, clearRefusal, notifyError]);

  const setField = useCallback(<K extends keyof CheckoutFormValues>(name: K, value: CheckoutFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const { setCardError } = submission;
  const onCardChange = useCallback(
    (state: CardFieldState) => {
      setCard((current) => ({ ...state, version: current.version + 1 }));
      setCardError(null);
    },
    [setCardError],
  );
  const bindCard = useCallback((create: CreatePaymentMethod | null) => {
    createPaymentMethod.current = create;
    setCardBound(!!create);
  }, []);

  function continueToPayment() {
    const found = validateShippingStep(values);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalidField();
    // Payment waits for the connection: the notice says so, and the step opens once it is back.
    if (!ready) {
      setPaymentWanted(true);
      return document.getElementById(CONNECTION_NOTICE_ID)?.focus();
    }
    setStep(2);
  }

  async function continueShopping() {
    setPlaced(null);
    await clearLastOrder();
    navigate('/');
  }

  const confirmation =
    placed ?? (loaded && lines.length === 0 && storedLastOrder && isConfirmationRecent(storedLastOrder) ? storedLastOrder : null);
  if (confirmation) return <OrderComplete order={confirmation} onContinue={continueShopping} />;
  if (pendingCheck.pending) return <CheckingPayment onCheckNow={pendingCheck.checkNow} />;
  if (system.status === 'loading' || !loaded || storedLastOrder === null || !pendingCheck.known) return <PaymentLoading />;
  if (system.status === 'unavailable') {
    return <CheckoutUnavailable reason={system.reason} />;
  }

  if (lines.length === 0) {
    return (
      <section className="checkout checkout--empty">
        <h1>Checkout</h1>
        <p>Your cart is empty.</p>
        <Link to="/" className="btn btn--primary">Back to Shop</Link>
      </section>
    );
  }

  return (
    <section className="checkout" aria-labelledby="checkout-heading">
      <div className="checkout__head">
        <Link to="/" className="checkout__back">← Back to Shop</Link>
        <h1 id="checkout-heading">Secure Checkout</h1>
        <StepIndicator step={step} />
      </div>
      <CheckoutConnectionNotice waiting={system.status === 'waiting'} id={CONNECTION_NOTICE_ID} />
      <StalePriceNotice lines={lines} />
      <div className="checkout__body">
        <div className="checkout__main">
          {step === 1 ? (
            <>
              {ready?.stripe && needsCardPayment(totals.total) && <ExpressCheckout stripe={ready.stripe} lines={lines} totals={totals} disabled={submission.submitting || submission.sending} send={submission.send} onPlaced={onPlaced} />}
              <ShippingStep
                values={values}
                errors={errors}
                setField={setField}
                onContinue={continueToPayment}
                savedAddresses={savedAddresses}
                onUseAddress={(address) => setValues((current) => withSavedAddress(current, address))}
              />
            </>
          ) : (
            <PaymentStep
              values={values}
              errors={errors}
              setField={setField}
              stripe={ready?.stripe ?? null}
              submitting={submission.submitting}
              cardError={submission.cardError}
              submitError={submission.submitError}
              onCardChange={onCardChange}
              bindCard={bindCard}
              onBack={() => setStep(1)}
              onSubmit={submission.submit}
              totalCents={totals.total}
            />
          )}
        </div>
        <div className={`checkout__summary${summaryOpen ? ' is-open' : ''}`}>
          {/* Phones: the summary sits at the top behind this bar, closed (Shopify's pattern). */}
          <button type="button" className="summary-toggle" aria-expanded={summaryOpen} aria-controls="order-summary" onClick={() => setSummaryOpen((open) => !open)}>
            <span>{summaryOpen ? 'Hide order summary' : 'Show order summary'}</span>
            <strong data-testid="summary-toggle-total">{formatUsd(totals.total)}</strong>
          </button>
          <OrderSummary
            id="order-summary"
            lines={lines}
            totals={totals}
            onDiscountChange={setDiscount}
            email={values.email}
            disabled={submission.submitting}
            freeShippingThresholdCents={ready?.freeShippingThresholdCents ?? DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS}
          />
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {`Total ${toDollars(totals.total).toFixed(2)} dollars`}
      </p>
    </section>
  );
}
