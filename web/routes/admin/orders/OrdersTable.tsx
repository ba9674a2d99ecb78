import { memo, useEffect, useRef, useState } from 'react';
import type { CachedOrder } from '../../../db/db';
import { formatDate, formatDollars } from '../shared/format';
import { DesignThumbnail, designDescription } from '../../../components/DesignThumbnail';
import { linesCount } from '../shared/OrderLineSummary';
import { PendingMark, StatusBadge } from '../shared/StatusBadge';

/**
 * One height for every row, whatever its number of lines: eight orders and more fit the tablet's
 * first screen, and the virtualizer never re-measures. Every line's design is drawn, so a
 * three-design order never reads as three copies of the first; the first line's words are shown,
 * the others' are read out (and are in the order window).
 */
export const ROW_HEIGHT = 52;

const THUMB_HEIGHT = 40;

/**
 * `holdPictures`: each line shows a still box of the design's size instead of the design. Not the
 * thumbnail's own placeholder: a plain box, with none of its hooks and effects and none of an svg's
 * own layout and painting, for rows that are all redrawn on every keystroke.
 */
function OrderLinesCell({ items, holdPictures }: { items: CachedOrder['items']; holdPictures: boolean }) {
  const several = items.length > 1;
  const thumbWidth = several ? 44 : 72;
  return (
    <ol className={`orders-lines${several ? ' orders-lines--several' : ''}`} aria-label={linesCount(items.length)}>
      {items.map((item, index) => (
        <li key={index} className="orders-lines__line">
          {holdPictures ? (
            <span className="design-thumb design-thumb--loading design-thumb--still" role="img" aria-label={designDescription(item)} style={{ width: thumbWidth, height: THUMB_HEIGHT }} />
          ) : (
            <DesignThumbnail design={item} size={THUMB_HEIGHT} width={thumbWidth} fit="ink" defer />
          )}
          {/* Each text one string (one text node): every keystroke rewrites them, and fewer nodes lay
              out faster. A single copy is said in the words; only more than one gets the badge that
              stands out in the print room. */}
          <span className={index === 0 ? 'orders-lines__facts' : 'sr-only'}>
            <span className="orders-lines__text">
              {item.quantity === 1 ? `“${item.text}” ×1 ` : <>{`“${item.text}” `}<strong className="line-list__quantity">{`×${item.quantity}`}</strong>{' '}</>}
            </span>
            <small>{`${item.device} · ${item.color} · ${item.font}`}</small>
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Rows drawn beyond the visible ones, above and below, so a scroll shows drawn rows at once. None
 * while the search is typed: every drawn row is redrawn on each keystroke, and hidden ones only
 * hold up the frame the admin waits for.
 */
const OVERSCAN = 2;

/**
 * The rows in view of the scroller. Every row has the same height, so the window follows from the
 * scroll position alone: a search that changes the list costs the visible rows, not a pass over
 * all 10,000 (a measuring virtualizer's per-list cost; docs/benchmarks.md).
 */
function useRowWindow(scroller: React.RefObject<HTMLDivElement | null>, count: number, overscan: number): { first: number; last: number } {
  const [view, setView] = useState({ top: 0, height: 800 });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView((current) => (current.top === element.scrollTop && current.height === element.clientHeight ? current : { top: element.scrollTop, height: element.clientHeight }));
    };
    const onScroll = () => (frame ||= requestAnimationFrame(read));
    const resize = new ResizeObserver(read);
    resize.observe(element);
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      element.removeEventListener('scroll', onScroll);
    };
  }, [scroller]);
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - overscan);
  const last = Math.min(count, Math.ceil((view.top + view.height) / ROW_HEIGHT) + overscan);
  return { first, last };
}

/**
 * One row. Memoised: a keystroke that leaves an order at its place (narrowing a search, going
 * back) does not draw that row again.
 */
const OrderRow = memo(function OrderRow({ order, index, timeZone, holdPictures, onOpen }: { order: CachedOrder; index: number; timeZone: string; holdPictures: boolean; onOpen(order: CachedOrder): void }) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`orders-row${order.pendingCount > 0 ? ' orders-row--pending' : ''}`}
      data-order-number={order.orderNumber}
      style={{ height: ROW_HEIGHT, transform: `translateY(${index * ROW_HEIGHT}px)` }}
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
        <OrderLinesCell items={order.items} holdPictures={holdPictures} />
      </span>
      {/* The cell is the badge: one element fewer in every row a keystroke redraws. */}
      <StatusBadge status={order.status} role="cell" className="orders-row__status" />
      <span role="cell" className="num">{formatDollars(order.total)}</span>
      <span role="cell">{formatDate(order.createdAt, timeZone)}</span>
    </div>
  );
});

/**
 * The order table, windowed so 10,000 cached orders scroll and filter smoothly. `timeZone`: the
 * shop's, so each row's day is the day the date filter means. `holdPictures`: the search is being
 * typed; the rows follow each keystroke, their designs are drawn once the typing pauses.
 * `emptyText`: said in the table's body when there are no orders to show.
 */
export function OrdersTable({ orders, timeZone, holdPictures = false, emptyText, onOpen }: { orders: CachedOrder[]; timeZone: string; holdPictures?: boolean; emptyText?: string; onOpen(order: CachedOrder): void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const { first, last } = useRowWindow(scroller, orders.length, holdPictures ? 0 : OVERSCAN);
  const rows = [];
  // Rows are keyed by position, not order id: a new search then updates the mounted rows in place
  // instead of unmounting and rebuilding them.
  for (let index = first; index < last; index++) rows.push({ index, key: index - first });

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
        {/* The list's scroll height beside the rows, not around them: the rows are placed in the
            scroller, whose box a search never changes, so a new count does not lay out every row again. */}
        <div className="orders-table__extent" style={{ height: orders.length * ROW_HEIGHT }} />
        {orders.length === 0 && emptyText && (
          <div role="row" className="orders-table__empty">
            <span role="cell" aria-colspan={6}>{emptyText}</span>
          </div>
        )}
        {rows.map((row) => (
          <OrderRow key={row.key} order={orders[row.index]!} index={row.index} timeZone={timeZone} holdPictures={holdPictures} onOpen={onOpen} />
        ))}
      </div>
    </div>
  );
}
