import { useState } from 'react';
import { decalTitle } from '../../../../shared/decal';
import { letterSizeLabel } from '../../../../shared/decal-size';
import { DesignThumbnail } from '../../../components/DesignThumbnail';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { formatDollars } from '../shared/format';
import { linesCount } from '../shared/OrderLineSummary';
import { useOnline } from '../../../pwa/online';
import { saveSvgPrintFile } from './print-file-download';
import { probeServer } from '../../../api/probe';
import type { PrintFormat } from '../../../../shared/schemas/print-file';
import { saveOrderPrintFile } from '../../../api/print-files';
import { isLineEditable } from '../../../../shared/schemas/order-edits';
import { LineEditForm } from './LineEditForm';
import './order-fix.css';

/**
 * The lines of the order window: each line's proof (drawn by the shared renderer, as printed),
 * its fields and a 'Print file' button; below them the whole order's print files. SVG files come
 * from the server, and are made here from the cache when offline or when the server does not
 * answer within 2 s; PNG and PDF need the server.
 */
export function OrderLines({ order }: { order: CachedOrder }) {
  const online = useOnline();
  const { notify, notifyError } = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const editable = isLineEditable(order.status);

  async function save(key: string, format: PrintFormat, line?: number) {
    setBusy(key);
    try {
      if (format === 'svg') {
        const { name, local } = await saveSvgPrintFile(order, line, online);
        notify(local && online ? `Saved ${name}, made on this tablet: the server did not answer` : `Saved ${name}`);
        return;
      }
      // PNG and PDF come only from the server: a short health check first, not a two-minute wait.
      if ((await probeServer({ timeoutMs: 2_000 })) === 'no-answer') {
        notifyError(`The server does not answer: ${format.toUpperCase()} needs it. The SVG print file is made on this tablet.`);
        return;
      }
      const name = await saveOrderPrintFile(order.id, format, line, `${order.orderNumber}${line ? `-${line}` : ''}.${format}`);
      notify(`Saved ${name}`);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Could not make the print file');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="admin-detail__section order-lines" aria-labelledby={`lines-${order.id}`}>
      <h3 id={`lines-${order.id}`}>Items: {linesCount(order.items.length)}</h3>
      <ol className="order-lines__list">
        {order.items.map((item, index) => {
          const line = index + 1;
          return (
            <li key={index} className="order-line" data-line={line}>
              <DesignThumbnail design={item} size={220} className="order-line__proof" />
              <dl className="order-line__facts">
                <div><dt>Line</dt><dd>{line} of {order.items.length}</dd></div>
                <div><dt>Product</dt><dd>{decalTitle(item)}</dd></div>
                <div className="order-line__text"><dt>Text</dt><dd>{item.text}</dd></div>
                <div><dt>Colour</dt><dd>{item.color}</dd></div>
                <div><dt>Font</dt><dd>{letterSizeLabel(item)}</dd></div>
                <div><dt>Logo</dt><dd>{item.logo ? 'Yes' : 'No'}</dd></div>
                <div><dt>Quantity</dt><dd><strong>×{item.quantity}</strong></dd></div>
                <div><dt>Unit price</dt><dd>{formatDollars(item.price)}</dd></div>
              </dl>
              <button
                type="button"
                className="admin-button admin-button--small"
                disabled={busy !== null}
                aria-label={`Print file for line ${line} of ${order.orderNumber}`}
                onClick={() => save(`line-${line}`, 'svg', line)}
              >
                {busy === `line-${line}` ? 'Preparing…' : 'Print file'}
              </button>
              {editable && editing !== line && (
                <button
                  type="button"
                  className="admin-button admin-button--small"
                  disabled={!online}
                  aria-label={`Edit line ${line} of ${order.orderNumber}`}
                  onClick={() => setEditing(line)}
                >
                  Edit line
                </button>
              )}
              {editable && editing === line && <LineEditForm order={order} item={item} line={line} onDone={() => setEditing(null)} />}
            </li>
          );
        })}
      </ol>
      <div className="order-lines__downloads" role="group" aria-label={`Print files of the whole order ${order.orderNumber}`}>
        <span className="admin-muted">Whole order:</span>
        <button type="button" className="admin-button admin-button--small" disabled={busy !== null} onClick={() => save('svg', 'svg')}>
          SVG<span className="sr-only"> print file of {order.orderNumber}</span>
        </button>
        <button type="button" className="admin-button admin-button--small" disabled={!online || busy !== null} onClick={() => save('png', 'png')}>
          PNG 300 dpi<span className="sr-only"> print file of {order.orderNumber}</span>
        </button>
        <button type="button" className="admin-button admin-button--small" disabled={!online || busy !== null} onClick={() => save('pdf', 'pdf')}>
          PDF<span className="sr-only"> print file of {order.orderNumber}</span>
        </button>
        {!online && <span className="admin-muted">Offline: the SVG is made on this tablet; PNG and PDF{editable ? ', and line edits,' : ''} need the network.</span>}
      </div>
    </section>
  );
}
