import { useState } from 'react';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { formatDollars } from '../shared/format';
import { useRefund } from '../../../api/orders';

/** Refund through the payment provider (online only); an empty amount refunds what is left. */
export function RefundForm({ order, online }: { order: CachedOrder; online: boolean }) {
  const { notify, notifyError } = useNotify();
  const [amount, setAmount] = useState('');
  const refundPayment = useRefund();
  const busy = refundPayment.isPending;
  const remaining = Math.round((order.total - order.refundedAmount) * 100) / 100;
  if (!order.paymentIntentId) return null;

  async function refund() {
    const value = amount.trim() === '' ? null : Number(amount);
    if (value !== null && (!Number.isFinite(value) || value <= 0 || value > remaining)) {
      notifyError(`Enter an amount between 0.01 and ${remaining.toFixed(2)}`);
      return;
    }
    if (!window.confirm(`Refund ${formatDollars(value ?? remaining)} to ${order.customerName}?`)) return;
    try {
      const { refund } = await refundPayment.mutateAsync({ paymentIntentId: order.paymentIntentId!, amount: value });
      notify(`Refund of ${formatDollars(refund.amount)} ${refund.status}`);
      setAmount('');
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Refund failed');
    }
  }

  return (
    <div className="refund-form">
      <h4>Refund</h4>
      {remaining <= 0 ? (
        <p className="admin-muted">This order has been refunded in full.</p>
      ) : (
        <div className="status-form">
          <label className="admin-field">
            <span>Amount in dollars (empty: {formatDollars(remaining)})</span>
            <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder={remaining.toFixed(2)} />
          </label>
          <button type="button" className="admin-button admin-button--danger" onClick={refund} disabled={!online || busy}>
            {busy ? 'Refunding…' : online ? 'Refund' : 'Refund (online only)'}
          </button>
        </div>
      )}
    </div>
  );
}
