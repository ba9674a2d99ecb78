import { useState } from 'react';
import { CANCELLABLE_STATUSES } from '../../../../shared/schemas/order-edits';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { formatDollars } from '../shared/format';
import { useCancelOrder } from '../../../api/orders';
import { fixFailure, unanswered } from '../shared/server-needed';

type RefundChoice = 'full' | 'partial' | 'none';

/**
 * Cancel and refund in one action. The refund goes through the payment provider first; if it is
 * refused the order stays as it was and the provider's reason is shown. A cancel whose answer was
 * lost is sent again with the version it first named, which the server answers without refunding
 * twice.
 */
export function CancelOrderForm({ order, online }: { order: CachedOrder; online: boolean }) {
  const { notify } = useNotify();
  const paid = !!order.paymentIntentId && ['succeeded', 'partially_refunded', 'refunded'].includes(order.paymentStatus ?? '');
  const remaining = Math.round((order.total - order.refundedAmount) * 100) / 100;
  const [choice, setChoice] = useState<RefundChoice>(paid && remaining > 0 ? 'full' : 'none');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const cancelOrder = useCancelOrder(order.id);
  const busy = cancelOrder.isPending;
  /** The version of a cancel already sent whose answer never came: a retry names the same cancel. */
  const [pendingVersion, setPendingVersion] = useState<number | null>(null);
  if (!CANCELLABLE_STATUSES.includes(order.status)) return null;
  const id = `cancel-${order.id}`;

  async function submit() {
    const partial = choice === 'partial' ? Number(amount) : null;
    if (choice === 'partial' && (!Number.isFinite(partial) || partial! <= 0 || partial! > remaining || Math.round(partial! * 100) !== partial! * 100)) {
      return setError(`Enter an amount between 0.01 and ${remaining.toFixed(2)}`);
    }
    const refunded = choice === 'none' ? 0 : (partial ?? remaining);
    const question = choice === 'none' ? `Cancel ${order.orderNumber} without a refund?` : `Cancel ${order.orderNumber} and refund ${formatDollars(refunded)} to ${order.customerName}?`;
    if (!window.confirm(question)) return;
    const baseVersion = pendingVersion ?? order.version;
    setError('');
    try {
      const { refund } = await cancelOrder.mutateAsync({ baseVersion, refund: choice === 'none' ? null : { amount: partial } });
      setPendingVersion(null);
      notify(refund ? `${order.orderNumber} cancelled; ${formatDollars(refund.amount)} refunded` : `${order.orderNumber} cancelled`);
    } catch (failure) {
      if (unanswered(failure) && pendingVersion === null) setPendingVersion(baseVersion);
      setError(
        unanswered(failure)
          ? 'No answer from the server: the cancel may not have gone through. Send it again when the tablet is back online; it will not refund twice.'
          : fixFailure(failure, 'Cancelling'),
      );
    }
  }

  return (
    <fieldset className="cancel-order" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Cancel order</legend>
      {paid && remaining > 0 ? (
        <div className="cancel-order__choices" role="radiogroup" aria-label={`Refund when cancelling ${order.orderNumber}`}>
          <label><input type="radio" name={`${id}-refund`} checked={choice === 'full'} onChange={() => setChoice('full')} /> Refund all that is left ({formatDollars(remaining)})</label>
          <label><input type="radio" name={`${id}-refund`} checked={choice === 'partial'} onChange={() => setChoice('partial')} /> Refund part</label>
          {choice === 'partial' && (
            <label className="admin-field">
              <span>Amount to refund, in dollars</span>
              <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder={remaining.toFixed(2)} />
            </label>
          )}
          <label><input type="radio" name={`${id}-refund`} checked={choice === 'none'} onChange={() => setChoice('none')} /> No refund</label>
        </div>
      ) : (
        <p className="admin-muted">{paid ? 'The payment has been refunded in full already.' : 'Nothing was paid: there is nothing to refund.'}</p>
      )}
      {error && <p id={`${id}-error`} className="admin-error" role="alert">{error}</p>}
      <button type="button" className="admin-button admin-button--danger" onClick={submit} disabled={!online || busy}>
        {busy ? 'Cancelling…' : online ? `Cancel ${order.orderNumber}${choice === 'none' ? '' : ' and refund'}` : 'Cancel (online only)'}
      </button>
      {!online && <p className="admin-muted">Cancelling moves money, so it needs the server: it is not queued while the tablet is offline.</p>}
    </fieldset>
  );
}
