import type { OrderItemView } from '../../../../shared/api/types';
import { DesignThumbnail } from '../../../components/DesignThumbnail';

export function linesCount(count: number): string {
  return `${count} ${count === 1 ? 'line' : 'lines'}`;
}

/**
 * Every line of an order, each with its design drawn by the shared renderer: what the queue cards
 * and the order list show, so a three-design order never reads as three copies of the first.
 */
export function OrderLineList({ items, thumbnailSize = 52, className = '' }: { items: readonly OrderItemView[]; thumbnailSize?: number; className?: string }) {
  return (
    <ol className={`line-list ${className}`} aria-label={linesCount(items.length)}>
      {items.map((item, index) => (
        <li key={index} className="line-list__line" data-line={index + 1}>
          <DesignThumbnail design={item} size={thumbnailSize} fit="ink" defer />
          <span className="line-list__facts">
            <span className="line-list__first">
              <span className="line-list__text">“{item.text}”</span> <strong className="line-list__quantity">×{item.quantity}</strong>
            </span>{' '}
            <span className="line-list__meta">{item.device} · {item.color} · {item.font}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
