import { useEffect, useMemo, useRef, useState } from 'react';
import type { CachedOrder } from '../../../db/db';
import { QueueCard } from './QueueCard';
import type { HeldMark, ListEntry, QueueId } from './use-held-marks';

const PAGE = 100;
/** A bulk Undo appears where the bulk Mark button was: it ignores the second tap of a double tap. */
const BULK_UNDO_ARMING_MS = 700;

export interface MarkRequest {
  order: CachedOrder;
  trackingNumber: string | null;
}

interface QueueSectionProps {
  id: QueueId;
  title: string;
  empty: string;
  entries: ListEntry[];
  /** The status the list's button marks: 'Printed', 'Shipped', 'Delivered'. */
  markLabel: string;
  withTracking?: boolean;
  bulk?: boolean;
  canUndo(mark: HeldMark): boolean;
  onMark(requests: MarkRequest[]): void | Promise<void>;
  onUndo(marks: HeldMark[]): void;
  /** Tab panels name themselves after their tab. */
  panelProps?: Record<string, string>;
}

/** One fulfillment list: per-order marks, bulk selection where useful, marked cards held in place. */
export function QueueSection({ id, title, empty, entries, markLabel, withTracking, bulk, canUndo, onMark, onUndo, panelProps }: QueueSectionProps) {
  const list = useRef<HTMLUListElement>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [shown, setShown] = useState(PAGE);
  const waiting = useMemo(() => entries.filter((entry) => !entry.held).map((entry) => entry.order), [entries]);
  const marked = entries.flatMap((entry) => (entry.held ? [entry.held] : []));
  const selectedOrders = waiting.filter((order) => selected.has(order.id));
  const allSelected = waiting.length > 0 && selectedOrders.length === waiting.length;
  const lastBatch = marked.filter(canUndo).reduce((latest, mark) => Math.max(latest, mark.batch), 0);
  const undoableBatch = marked.filter((mark) => mark.batch === lastBatch && canUndo(mark));
  const [armedBatch, setArmedBatch] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setArmedBatch(lastBatch), BULK_UNDO_ARMING_MS);
    return () => clearTimeout(timer);
  }, [lastBatch]);
  const bulkUndo = bulk && selectedOrders.length === 0 && undoableBatch.length > 1;

  function toggle(orderId: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(orderId)) next.delete(orderId);
      else next.add(orderId);
      return next;
    });
  }

  /** The next order still waiting takes the focus, so a scanner or keyboard works down the list. */
  function focusNextAfter(orderNumber: string) {
    requestAnimationFrame(() => {
      let card = list.current?.querySelector(`[data-order-number="${CSS.escape(orderNumber)}"]`)?.nextElementSibling;
      while (card && card.hasAttribute('data-marked')) card = card.nextElementSibling;
      // No scroll: the list must not move under the finger that just tapped.
      card?.querySelector<HTMLElement>('[data-primary]')?.focus({ preventScroll: true });
    });
  }

  async function markOne(order: CachedOrder, trackingNumber: string | null) {
    const hadFocus = list.current?.contains(document.activeElement) ?? false;
    await onMark([{ order, trackingNumber }]);
    if (hadFocus) focusNextAfter(order.orderNumber);
  }

  async function markSelected() {
    await onMark(selectedOrders.map((order) => ({ order, trackingNumber: null })));
    setSelected(new Set());
  }

  return (
    <section className="queue" aria-labelledby={`queue-${id}`} data-queue={id} {...panelProps}>
      <h2 id={`queue-${id}`} className="queue__title">
        {title} <span className="queue__count">{waiting.length}</span>
      </h2>
      {bulk && (waiting.length > 0 || bulkUndo) && (
        // One row, always the same: nothing below it moves when a mark changes what it offers.
        <div className="queue__bulk">
          <label className="check">
            {/* "Select all" contains the visible "All", so voice control finds it by what it shows. */}
            <input type="checkbox" aria-label="Select all" checked={allSelected} disabled={!waiting.length} onChange={() => setSelected(allSelected ? new Set() : new Set(waiting.map((o) => o.id)))} />
            All
          </label>
          {bulkUndo ? (
            <button type="button" className="admin-button admin-button--small queue__bulk-mark" aria-disabled={armedBatch !== lastBatch} onClick={() => armedBatch === lastBatch && onUndo(undoableBatch)}>
              Undo {undoableBatch.length} orders {markLabel}
            </button>
          ) : (
            <button type="button" className="admin-button admin-button--primary admin-button--small queue__bulk-mark" disabled={!selectedOrders.length} onClick={markSelected}>
              Mark {markLabel} ({selectedOrders.length})
            </button>
          )}
        </div>
      )}
      {entries.length === 0 ? (
        <p className="admin-muted">{empty}</p>
      ) : (
        <ul ref={list} className="queue__list">
          {entries.slice(0, shown).map(({ order, held }) => (
            <QueueCard
              key={order.id}
              order={order}
              held={held}
              canUndo={!!held && canUndo(held)}
              markLabel={markLabel}
              withTracking={withTracking}
              selectable={bulk}
              selected={selected.has(order.id)}
              onToggle={() => toggle(order.id)}
              onMark={markOne}
              onUndo={(mark) => onUndo([mark])}
            />
          ))}
          {entries.length > shown && (
            <li className="queue__more">
              <button type="button" className="admin-button admin-button--ghost" onClick={() => setShown(shown + PAGE)}>
                Show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown}
              </button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
