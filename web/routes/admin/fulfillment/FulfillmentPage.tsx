import { useMemo, useState, useSyncExternalStore } from 'react';
import { generateTrackingNumber, type OrderStatus } from '../../../../shared/order-status';
import { useNotify } from '../../../components/notifications';
import { changeStatusesForUndo, undoMarks } from '../../../sync/status-change';
import { useCachedOrdersOrEmpty } from '../../../sync/use-cached-orders';
import { fulfillmentLists } from './fulfillment-lists';
import { QueuePrintFiles } from './QueuePrintFiles';
import { QueueSection, type MarkRequest } from './QueueSection';
import { RecentlyShipped } from './RecentlyShipped';
import './fulfillment.css';
import { useHeldMarks, withHeldMarks, type HeldMark, type QueueId } from './use-held-marks';
import { CutJobs } from './CutJobs';

/** From this width the three lists stand side by side (the 1024 px tablet); narrower, they are tabs. */
const COLUMNS_QUERY = '(min-width: 960px)';

function subscribeToWidth(onChange: () => void) {
  if (typeof matchMedia !== 'function') return () => undefined;
  const query = matchMedia(COLUMNS_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const columnsFit = () => typeof matchMedia !== 'function' || matchMedia(COLUMNS_QUERY).matches;

const QUEUES: { id: QueueId; title: string; tab: string; empty: string; status: OrderStatus; markLabel: string; bulk: boolean }[] = [
  { id: 'production', title: 'Production queue', tab: 'To print', empty: 'Nothing to print.', status: 'printed', markLabel: 'Printed', bulk: true },
  { id: 'ready', title: 'Ready for shipping', tab: 'To ship', empty: 'Nothing waiting to ship.', status: 'shipped', markLabel: 'Shipped', bulk: true },
  { id: 'transit', title: 'In transit', tab: 'In transit', empty: 'Nothing in transit.', status: 'delivered', markLabel: 'Delivered', bulk: false },
];

/** Production queue, ready to ship and in transit, from the local cache; marks can be undone for 10 s. */
export function FulfillmentPage() {
  const orders = useCachedOrdersOrEmpty();
  const lists = useMemo(() => fulfillmentLists(orders), [orders]);
  const { notify, notifyError } = useNotify();
  const marks = useHeldMarks();
  const columns = useSyncExternalStore(subscribeToWidth, columnsFit, () => true);
  const [tab, setTab] = useState<QueueId>('production');
  const byQueue: Record<QueueId, typeof lists.production> = { production: lists.production, ready: lists.readyToShip, transit: lists.inTransit };

  async function mark(queue: QueueId, status: OrderStatus, requests: MarkRequest[]) {
    const changes = requests.map(({ order, trackingNumber }) => ({
      orderId: order.id,
      status,
      trackingNumber: status === 'shipped' ? (trackingNumber ?? generateTrackingNumber()) : null,
      // The card's own view: a card whose order moved on elsewhere is refused, never sent over it.
      seen: { status: order.status, version: order.version },
    }));
    const held = (mutationIds: string[]) =>
      requests.map(({ order }, i) => ({ queue, before: order, status, trackingNumber: changes[i]!.trackingNumber, mutationId: mutationIds[i] ?? '' }));
    // Held before the cache changes, so the card never leaves its place, not even for a frame.
    marks.hold(held([]));
    try {
      const { message, mutationIds } = await changeStatusesForUndo(changes);
      marks.hold(held(mutationIds));
      if (message) notify(message);
    } catch (error) {
      marks.release(requests.map(({ order }) => order.id));
      notifyError(error instanceof Error ? error.message : 'Could not update the orders');
    }
  }

  async function undo(held: HeldMark[]) {
    const ids = held.map((mark) => mark.before.id);
    marks.setUndoing(ids, true);
    try {
      notify(await undoMarks(held.map(({ mutationId, before }) => ({ mutationId, before }))));
      marks.release(ids);
    } catch (error) {
      marks.setUndoing(ids, false);
      notifyError(error instanceof Error ? error.message : 'Could not undo the change');
    }
  }

  /**
   * Working in another list is moving on: the marked cards of the other lists whose Undo has
   * closed leave them. A list's own cards stay while the admin works in it.
   */
  function workIn(queue: QueueId) {
    const done = marks.held.filter((held) => held.queue !== queue && held.undoUntil <= Date.now() && !held.undoing);
    if (done.length) marks.release(done.map((held) => held.before.id));
  }

  function moveTo(next: QueueId) {
    workIn(next);
    setTab(next);
  }

  /** Arrow keys move between the tabs, as in any tab list. */
  function onTabKey(event: React.KeyboardEvent) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = QUEUES[(QUEUES.findIndex((queue) => queue.id === tab) + step + QUEUES.length) % QUEUES.length]!.id;
    moveTo(next);
    document.getElementById(`tab-${next}`)?.focus();
  }

  // One tap from anywhere on the page: the production list opens and scrolls to its cut jobs.
  function showCutJobs() {
    if (!columns) moveTo('production');
    requestAnimationFrame(() => {
      const heading = document.getElementById('cut-jobs-title');
      heading?.scrollIntoView({ block: 'start' });
      heading?.focus({ preventScroll: true });
    });
  }

  const sections = QUEUES.filter((queue) => columns || queue.id === tab).map((queue) => (
    <div key={queue.id} className="fulfillment-column" onPointerDownCapture={() => workIn(queue.id)} onFocusCapture={() => workIn(queue.id)}>
      <QueueSection
        id={queue.id}
        title={queue.title}
        empty={queue.empty}
        entries={withHeldMarks(byQueue[queue.id], marks.held.filter((held) => held.queue === queue.id))}
        markLabel={queue.markLabel}
        withTracking={queue.id === 'ready'}
        bulk={queue.bulk}
        canUndo={marks.canUndo}
        onMark={(requests) => mark(queue.id, queue.status, requests)}
        onUndo={undo}
        panelProps={columns ? undefined : { role: 'tabpanel', id: `panel-${queue.id}`, 'aria-labelledby': `tab-${queue.id}` }}
      />
      {queue.id === 'transit' && <RecentlyShipped orders={lists.recentlyShipped} />}
      {queue.id === 'production' && (
        <CutJobs queue={lists.production} onMarkPrinted={(selected) => mark('production', 'printed', selected.map((order) => ({ order, trackingNumber: null })))} />
      )}
    </div>
  ));

  return (
    <section className="admin-page fulfillment-page" aria-labelledby="fulfillment-title">
      <div className="admin-page__head">
        <h1 id="fulfillment-title">Fulfillment</h1>
        <button type="button" className="admin-button admin-button--ghost fulfillment-page__cut-jobs" onClick={showCutJobs}>
          Cut jobs
        </button>
        <QueuePrintFiles queue={lists.production} />
      </div>
      {!columns && (
        <div className="fulfillment-tabs" role="tablist" aria-label="Fulfillment lists" onKeyDown={onTabKey}>
          {QUEUES.map((queue) => (
            <button
              key={queue.id}
              type="button"
              role="tab"
              id={`tab-${queue.id}`}
              aria-controls={tab === queue.id ? `panel-${queue.id}` : undefined}
              aria-selected={tab === queue.id}
              tabIndex={tab === queue.id ? 0 : -1}
              className="fulfillment-tab"
              onClick={() => moveTo(queue.id)}
            >
              {queue.tab} <span className="queue__count">{byQueue[queue.id].length}</span>
            </button>
          ))}
        </div>
      )}
      <div className={columns ? 'fulfillment-board fulfillment-board--columns' : 'fulfillment-board'}>{sections}</div>
    </section>
  );
}
