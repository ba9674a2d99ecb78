import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { TrackedOrder } from '../../../shared/api/types';
import { ORDER_STATUS_LABELS } from '../../../shared/order-status';
import { firstErrorByField } from '../../../shared/schemas/fields';
import { orderLookupSchema } from '../../../shared/schemas/order-lookup';
import { ApiError } from '../../api/client';
import { TextField } from '../checkout/FormField';
import { useFixLineText, useLookupOrder } from '../../api/order-lookup';
import { TrackedOrderCard } from './TrackedOrderCard';
import '../checkout/checkout.css';
import './track.css';

const NOT_FOUND_MESSAGE = 'Order not found. Check the order number and use the e-mail address you ordered with.';

/**
 * /orders/track: a guest finds an order by its number and e-mail address (POST /api/orders/lookup)
 * and sees where it is. The link in the e-mails fills in the order number (`?order=`); the
 * confirmation's "fix your text" link adds `fix=1`, and the lines' text can be fixed until printed.
 */
export default function TrackOrderPage() {
  const [params] = useSearchParams();
  const [orderNumber, setOrderNumber] = useState(params.get('order') ?? '');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const lookupOrder = useLookupOrder();
  const searching = lookupOrder.isPending;
  const fixLineText = useFixLineText();
  const [order, setOrder] = useState<TrackedOrder | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = orderLookupSchema.safeParse({ orderNumber, email });
    if (!parsed.success) {
      setErrors(firstErrorByField(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      setOrder(await lookupOrder.mutateAsync({ orderNumber, email }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setFailure(NOT_FOUND_MESSAGE);
      else setFailure(error instanceof Error ? error.message : String(error));
    }
  }

  if (order) {
    return (
      <section className="account track" aria-labelledby="track-heading">
        <h1 id="track-heading" className="sr-only">Track your order</h1>
        <TrackedOrderCard
          order={order}
          statusLabel={ORDER_STATUS_LABELS[order.status] ?? order.status}
          onAnother={() => setOrder(null)}
          fixInvited={params.get('fix') === '1'}
          onFixText={async (line, text) => setOrder(await fixLineText.mutateAsync({ orderNumber, email, text, baseVersion: order.version, line }))}
        />
      </section>
    );
  }

  return (
    <section className="account track" aria-labelledby="track-heading">
      <h1 id="track-heading">Track your order</h1>
      <p className="lede">Enter your order number and the e-mail address you checked out with. Both are in your order confirmation e-mail.</p>
      <form className="account-card track-form" onSubmit={onSubmit} noValidate aria-describedby={failure ? 'track-failure' : undefined}>
        <TextField
          label="Order number"
          name="orderNumber"
          placeholder="VP-7KQ2M9XA"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          value={orderNumber}
          error={errors.orderNumber}
          onChange={(event) => {
            setOrderNumber(event.target.value);
            setErrors(({ orderNumber: _cleared, ...rest }) => rest);
          }}
        />
        <TextField
          // Arriving from an e-mail's link, the number is filled in: the address is what is left to type.
          autoFocus={params.has('order')}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors(({ email: _cleared, ...rest }) => rest);
          }}
        />
        {failure ? (
          <p id="track-failure" className="field__error track-failure" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={searching}>
          {searching ? 'Looking up...' : 'Find my order'}
        </button>
      </form>
    </section>
  );
}
