import { useCallback, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CachedOrder } from '../../../db/db';
import { formatDate, formatDollars } from '../shared/format';
import { OrderLineList } from '../shared/OrderLineSummary';
import { PendingMark, StatusBadge } from '../shared/StatusBadge';

const ROW_HEIGHT = 64;
const LINE_HEIGHT = 42;

/** Every line of an order is listed in its row, so a row is as tall as its lines need. */
export function rowHeight(order: CachedOrder): number {
  return Math.max(ROW_HEIGHT, 16 + order.items.length * LINE_HEIGHT);
}

/** The order table, virtualised so 10,000 cached orders scroll and filter smoothly. */
/** `timeZone`: the shop's, so each row's day is the day the date filter means. */
export function OrdersTable({ orders, timeZone, onOpen }: { orders: CachedOrder[]; timeZone: string; onOpen(order: CachedOrder): void }) {
  const scroller = useRef<HTMLDivElement>(null);
  // Rows are keyed by position, not order id: a new search then updates the ~30 mounted rows in
  // place instead of unmounting and rebuilding them. Heights follow from the line count, unmeasured.
  const virtualizer = useVirtualizer({
    count: orders.length,
    getScrollElement: useCallback(() => scroller.current, []),
    estimateSize: useCallback((index: number) => rowHeight(orders[index]!), [orders]),
    // Positional keys, but a new function per list: the virtualizer recomputes the row offsets
    // only when its key function changes, and a filtered list has other heights.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `orders` is the trigger (above), not an input
    getItemKey: useCallback((index: number) => index, [orders]),
    // A few rows beyond the viewport are enough at 64 px each; every one is redrawn on a search.
    overscan: 4,
  });

  return (
    <div className="orders-table" role="table" aria-label="Orders" aria-rowcount={orders.length + 1}>
      <div className="orders-row orders-row--head" role="row">
        <span role="columnheader">Order</span>
        <span role="columnheader">Customer</span>
        <span role="columnheader">Item</span>
        <span role="columnheader">Status</span>
        <span role="columnheader" className="num">Total</span>
        <span role="columnheader">Date</span>
      </div>
      <div ref={scroller} className="orders-table__body" data-testid="orders-scroller">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const order = orders[row.index];
            return (
              <div
                key={row.key}
                role="row"
                aria-rowindex={row.index + 2}
                className={`orders-row${order.pendingCount > 0 ? ' orders-row--pending' : ''}`}
                data-order-number={order.orderNumber}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: row.size, transform: `translateY(${row.start}px)` }}
                onClick={() => onOpen(order)}
              >
                <span role="cell" className="orders-row__number">
                  <button type="button" className="link-button" onClick={(e) => { e.stopPropagation(); onOpen(order); }}>
                    {order.orderNumber}
                  </button>
                  <PendingMark count={order.pendingCount} />
                </span>
                <span role="cell" className="orders-row__customer">
                  {order.customerName}
                  <small>{order.customerEmail}</small>
                </span>
                <span role="cell" className="orders-row__item">
                  <OrderLineList items={order.items} thumbnailSize={36} className="line-list--compact" />
                </span>
                <span role="cell"><StatusBadge status={order.status} /></span>
                <span role="cell" className="num">{formatDollars(order.total)}</span>
                <span role="cell">{formatDate(order.createdAt, timeZone)}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
