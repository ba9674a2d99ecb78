import { useMemo } from 'react';
import { Link } from 'react-router';
import { decalTitle } from '../../../../shared/decal';
import { letterSizeLabel } from '../../../../shared/decal-size';
import { useCachedOrdersOrEmpty } from '../../../sync/use-cached-orders';
import { formatDate } from '../shared/format';
import { fulfillmentLists } from './fulfillment-lists';

/** The "generate fulfillment report" quick action: the production queue as a printable sheet. */
export default function FulfillmentReportPage() {
  const orders = useCachedOrdersOrEmpty();
  const queue = useMemo(() => fulfillmentLists(orders).production, [orders]);
  return (
    <section className="admin-report">
      <div className="admin-report__actions no-print">
        <Link to="/admin" className="admin-button admin-button--ghost">Back to dashboard</Link>
        <button type="button" className="admin-button admin-button--primary" onClick={() => window.print()}>Print</button>
      </div>
      <h1>Fulfillment report: production queue</h1>
      <p>{queue.length} order{queue.length === 1 ? '' : 's'} to print · generated {new Date().toLocaleString('en-US')}</p>
      <table className="admin-table admin-table--report">
        <thead>
          <tr><th>Order</th><th>Placed</th><th>Customer</th><th>Product</th><th>Text</th><th>Colour</th><th>Font</th><th>Qty</th><th>Notes</th><th>Done</th></tr>
        </thead>
        <tbody>
          {queue.flatMap((order) =>
            order.items.map((item, i) => (
              <tr key={`${order.id}-${i}`}>
                <td>{i === 0 ? order.orderNumber : ''}</td>
                <td>{i === 0 ? formatDate(order.createdAt) : ''}</td>
                <td>{i === 0 ? order.customerName : ''}</td>
                <td>{decalTitle(item)}</td>
                <td className="report-text">{item.text}</td>
                <td>{item.color}</td>
                <td>{letterSizeLabel(item)}{item.logo ? ' + logo' : ''}</td>
                <td>{item.quantity}</td>
                <td>{i === 0 ? order.notes ?? '' : ''}</td>
                <td>☐</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </section>
  );
}
