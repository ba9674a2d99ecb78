import { useMemo, useState } from 'react';
import type { CachedOrder } from '../../../db/db';
import { formatDate } from '../shared/format';
import { PendingMark } from '../shared/StatusBadge';
import { linesCount, OrderLineList } from '../shared/OrderLineSummary';

const PAGE = 100;

interface QueueSectionProps {
  id: string;
  title: string;
  empty: string;
  orders: CachedOrder[];
  action: string;
  /** The status word of the action's accessible name: "Mark VP123 printed (3 lines)". */
  verb: string;
  bulk?: boolean;
  onAction(orders: CachedOrder[]): void | Promise<void>;
}

/** One fulfillment list with a per-order action and, where useful, bulk selection. */
export function QueueSection({ id, title, empty, orders, action, verb, bulk, onAction }: QueueSectionProps) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [shown, setShown] = useState(PAGE);
  const selectedOrders = useMemo(() => orders.filter((o) => selected.has(o.id)), [orders, selected]);
  const allSelected = orders.length > 0 && selectedOrders.length === orders.length;

  function toggle(orderId: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(orderId)) next.delete(orderId);
      else next.add(orderId);
      return next;
    });
  }

  async function runBulk() {
    await onAction(selectedOrders);
    setSelected(new Set());
  }

  return (
    <section className="queue" aria-labelledby={`queue-${id}`} data-queue={id}>
      <h2 id={`queue-${id}`} className="queue__title">
        {title} <span className="queue__count">{orders.length}</span>
      </h2>
      {bulk && orders.length > 0 && (
        <div className="queue__bulk">
          <label className="check">
            <input type="checkbox" checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(orders.map((o) => o.id)))} />
            Select all
          </label>
          <button type="button" className="admin-button admin-button--primary" disabled={!selectedOrders.length} onClick={runBulk}>
            {action} ({selectedOrders.length})
          </button>
        </div>
      )}
      {orders.length === 0 ? (
        <p className="admin-muted">{empty}</p>
      ) : (
        <ul className="queue__list">
          {orders.slice(0, shown).map((order) => (
            <li key={order.id} className="queue-card" data-order-number={order.orderNumber}>
              {bulk && (
                <input type="checkbox" className="queue-card__check" aria-label={`Select ${order.orderNumber}`} checked={selected.has(order.id)} onChange={() => toggle(order.id)} />
              )}
              <div className="queue-card__main">
                <div className="queue-card__head">
                  <strong>{order.orderNumber}</strong> <span className="admin-muted">{linesCount(order.items.length)}</span> <PendingMark count={order.pendingCount} />
                </div>
                <OrderLineList items={order.items} />
                <div className="admin-muted">{order.customerName} · {formatDate(order.createdAt)}{order.trackingNumber ? ` · ${order.trackingNumber}` : ''}</div>
              </div>
              <button type="button" className="admin-button" aria-label={`Mark ${order.orderNumber} ${verb} (${linesCount(order.items.length)})`} onClick={() => onAction([order])}>
                {action}
              </button>
            </li>
          ))}
        </ul>
      )}
      {orders.length > shown && (
        <button type="button" className="admin-button admin-button--ghost" onClick={() => setShown(shown + PAGE)}>
          Show {Math.min(PAGE, orders.length - shown)} more of {orders.length - shown}
        </button>
      )}
    </section>
  );
}
