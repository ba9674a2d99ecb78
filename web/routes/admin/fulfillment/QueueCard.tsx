import { useState } from 'react';
import { TRACKING_NUMBER_MAX_LENGTH } from '../../../../shared/schemas/orders-query';
import type { CachedOrder } from '../../../db/db';
import { formatDate } from '../shared/format';
import { linesCount } from '../shared/OrderLineSummary';
import { PendingMark } from '../shared/StatusBadge';
import { CameraScanDialog, cameraScanAvailable } from './CameraScanDialog';
import { QueueLines } from './QueueLines';
import type { HeldMark } from './use-held-marks';

export interface QueueCardProps {
  order: CachedOrder;
  held?: HeldMark;
  canUndo: boolean;
  /** 'Printed', 'Shipped', 'Delivered': the status the card's button marks. */
  markLabel: string;
  /** Ready-to-ship cards take the carrier's tracking number (typed, scanned or from the camera). */
  withTracking?: boolean;
  selectable?: boolean;
  selected?: boolean;
  onToggle?(): void;
  onMark(order: CachedOrder, trackingNumber: string | null): void;
  onUndo(mark: HeldMark): void;
}

/**
 * One order of a fulfillment list. Once marked it stays where it is, dimmed, with an Undo while the
 * window is open; the Undo sits at the other end of the card from the Mark button, so a double tap
 * cannot take the mark back.
 */
export function QueueCard({ order, held, canUndo, markLabel, withTracking, selectable, selected, onToggle, onMark, onUndo }: QueueCardProps) {
  const [tracking, setTracking] = useState('');
  const [scanning, setScanning] = useState(false);
  const number = order.orderNumber;
  const mark = () => onMark(order, tracking.trim() || null);

  return (
    <li className={`queue-card${held ? ' queue-card--marked' : ''}`} data-order-number={number} data-marked={held ? held.status : undefined}>
      {/* A marked card keeps every part, hidden and inert, so it stays exactly as tall and wide. */}
      {selectable && (
        <label className="queue-card__check" inert={!!held}>
          <input type="checkbox" aria-label={`Select ${number}`} checked={!!selected && !held} onChange={onToggle} />
        </label>
      )}
      <div className="queue-card__main">
        <div className="queue-card__head">
          <strong>{number}</strong> <span className="admin-muted">{linesCount(order.items.length)}</span> <PendingMark count={order.pendingCount} />
          <span className="admin-muted queue-card__who">
            <span className="queue-card__customer">{order.customerName} · </span>
            {formatDate(order.createdAt)}
            {order.trackingNumber ? ` · ${order.trackingNumber}` : ''}
          </span>
        </div>
        <QueueLines orderNumber={number} items={order.items} />
      </div>
      <div className="queue-card__slot">
        <div className="queue-card__actions" inert={!!held}>
          {withTracking && (
            <div className="tracking-field">
              <input
                type="text"
                inputMode="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={TRACKING_NUMBER_MAX_LENGTH}
                data-primary
                aria-label={`Tracking number for ${number}`}
                placeholder="Tracking no."
                value={tracking}
                onChange={(event) => setTracking(event.target.value)}
                // A USB or Bluetooth scanner types the code into the focused field and presses Enter.
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  mark();
                }}
              />
              {cameraScanAvailable() && (
                <button type="button" className="admin-button admin-button--ghost" aria-label={`Scan tracking number for ${number} with the camera`} onClick={() => setScanning(true)}>
                  📷
                </button>
              )}
            </div>
          )}
          {/* "Mark VP-123 Printed (3 lines)": the order and its lines added to the visible words. */}
          <button type="button" className="admin-button" data-primary={withTracking ? undefined : true} onClick={mark}>
            <span>
              Mark<span className="sr-only"> {number}</span> {markLabel}
              <span className="sr-only"> ({linesCount(order.items.length)})</span>
            </span>
          </button>
        </div>
        {held && (
          <div className="queue-card__marked">
            {canUndo && (
              <button type="button" className="admin-button admin-button--small" onClick={() => onUndo(held)}>
                Undo<span className="sr-only"> {number} {markLabel}</span>
              </button>
            )}
            {held.undoing && <span className="admin-muted">Undoing…</span>}
            <span>✓ Marked {markLabel}{held.trackingNumber ? ` · ${held.trackingNumber}` : ''}</span>
          </div>
        )}
      </div>
      {scanning && (
        <CameraScanDialog
          orderNumber={number}
          onClose={() => setScanning(false)}
          onScanned={(code) => {
            setScanning(false);
            setTracking(code);
          }}
        />
      )}
    </li>
  );
}
