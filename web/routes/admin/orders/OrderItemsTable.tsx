import type { CachedOrder } from '../../../db/db';
import { formatDollars } from '../shared/format';
import { downloadPrintFile } from './print-file-download';

/**
 * The order's lines: what the print room makes, each with its text, colour, font and quantity,
 * and the order's print file. One block of the order window (OrderDetailModal), so a richer
 * lines view (proofs per line) can take its place whole.
 */
export function OrderItemsTable({ order }: { order: CachedOrder }) {
  return (
    <section className="admin-detail__section order-lines" aria-labelledby={`lines-${order.id}`}>
      <div className="admin-detail__section-head">
        <h3 id={`lines-${order.id}`}>
          {order.items.length === 1 ? '1 line' : `${order.items.length} lines`}
        </h3>
        <button type="button" className="admin-button admin-button--small" onClick={() => downloadPrintFile(order)}>
          Download print file (SVG)
        </button>
      </div>
      <div className="admin-table-scroll" tabIndex={0} role="group" aria-labelledby={`lines-${order.id}`}>
        <table className="admin-table">
          <thead>
            <tr><th>Product</th><th>Text</th><th>Colour</th><th>Font</th><th className="num">Qty</th><th className="num">Price</th></tr>
          </thead>
          <tbody>
            {order.items.map((item, i) => (
              <tr key={i}>
                <td>{item.device}{item.caseType && item.caseType !== 'CLASSIC' ? ` · ${item.caseType}` : ''}{item.logo ? ' · logo' : ''}</td>
                <td className="order-lines__text">{item.text}</td>
                <td>{item.color}</td>
                <td>{`${item.font}, ${item.fontSize}px`}</td>
                <td className="num">{item.quantity}</td>
                <td className="num">{formatDollars(item.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
