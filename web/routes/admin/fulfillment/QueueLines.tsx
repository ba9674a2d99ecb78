import { useState } from 'react';
import type { OrderItemView } from '../../../../shared/api/types';
import { Dialog } from '../../../components/Dialog';
import { DesignThumbnail } from '../../../components/DesignThumbnail';
import { linesCount } from '../shared/OrderLineSummary';

/**
 * A queue card's lines. Each design is a wide strip cropped to its ink, so the text reads at arm's
 * length on the tablet (letters of 12 px and more); a tap opens it large, with the print area.
 */
export function QueueLines({ orderNumber, items }: { orderNumber: string; items: readonly OrderItemView[] }) {
  const [zoomed, setZoomed] = useState<number | null>(null);
  const item = zoomed === null ? undefined : items[zoomed];
  return (
    <>
      <ol className="queue-lines" aria-label={linesCount(items.length)}>
        {items.map((line, index) => (
          <li key={index} className="queue-lines__line" data-line={index + 1}>
            <button type="button" className="queue-lines__zoom" aria-label={`Zoom ${orderNumber} line ${index + 1} design`} onClick={() => setZoomed(index)}>
              <DesignThumbnail design={line} size={44} width={150} fit="ink" defer />
            </button>
            <span className="queue-lines__facts">
              <span>
                <span className="queue-lines__text">“{line.text}”</span> <strong className="line-list__quantity">×{line.quantity}</strong>
              </span>{' '}
              <span className="line-list__meta">{line.device} · {line.color} · {line.font}</span>
            </span>
          </li>
        ))}
      </ol>
      {item && (
        <Dialog open title={`${orderNumber} line ${zoomed! + 1}`} onClose={() => setZoomed(null)} className="queue-zoom">
          <div className="queue-zoom__pictures">
            <DesignThumbnail design={item} size={140} width={480} fit="ink" />
            <DesignThumbnail design={item} size={260} fit="area" />
          </div>
          <p>
            <strong>“{item.text}”</strong> ×{item.quantity}
            <br />
            {item.device} · {item.color} · {item.font} {item.fontSize}px{item.logo ? ' · with logo' : ''}
          </p>
        </Dialog>
      )}
    </>
  );
}
