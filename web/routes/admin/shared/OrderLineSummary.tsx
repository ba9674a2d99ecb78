import type { OrderItemView } from '../../../../shared/api/types';
import { DesignThumbnail } from '../../../components/DesignThumbnail';

/** "iPhone 14 Pro (CLASSIC) · “Casa Amor” · Hot Pink · Pecita 24px · ×2": one line as the print room reads it. */
export function lineFacts(item: OrderItemView): string {
  return `${item.device} (${item.caseType}) · “${item.text}” · ${item.color} · ${item.font} ${item.fontSize}px${item.logo ? ' · with logo' : ''} · ×${item.quantity}`;
}

export function linesCount(count: number): string {
  return `${count} ${count === 1 ? 'line' : 'lines'}`;
}

/**
 * Every line of an order, each with its design drawn by the shared renderer: what the queue cards
 * and the order list show, so a three-design order never reads as three copies of the first.
 */
export function OrderLineList({ items, thumbnailSize = 48, className = '' }: { items: readonly OrderItemView[]; thumbnailSize?: number; className?: string }) {
  return (
    <ol className={`line-list ${className}`} aria-label={linesCount(items.length)}>
      {items.map((item, index) => (
        <li key={index} className="line-list__line" data-line={index + 1}>
          <DesignThumbnail design={item} size={thumbnailSize} />
          <span className="line-list__facts">
            <span className="line-list__device">{item.device}</span>{' '}
            <span className="line-list__text">“{item.text}”</span>{' '}
            <span className="line-list__meta">
              {item.color} · {item.font} · <strong>×{item.quantity}</strong>
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
