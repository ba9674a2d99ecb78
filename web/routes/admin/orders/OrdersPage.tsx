import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '../../../../shared/order-status';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { useCachedOrders } from '../../../sync/use-cached-orders';
import { useShopTimeZone } from '../../../sync/shop-time-zone';
import { downloadOrdersCsv } from './csv-export';
import { createOrderFilter, dateFilterError, EMPTY_FILTER, prepareSearchTexts, type OrderFilter } from './order-filter';
import { SHOP_DAY_RANGE } from '../../../../shared/orders/shop-days';
import { OrderDetailModal } from './OrderDetailModal';
import { FailedMailsNotice } from './FailedMailsNotice';
import { FailedRefundsNotice } from './FailedRefundsNotice';
import { OrdersTable } from './OrdersTable';
import './orders.css';

const EMPTY: CachedOrder[] = [];
/**
 * How long the search must rest before the rows draw their designs: each keystroke shows other
 * orders, and laying out their texts would hold up the rows the admin is reading.
 */
const PICTURES_AFTER_TYPING_MS = 200;

/** The search as it was once it stopped changing for PICTURES_AFTER_TYPING_MS. */
function useRestingSearch(search: string): string {
  const [resting, setResting] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setResting(search), PICTURES_AFTER_TYPING_MS);
    return () => clearTimeout(timer);
  }, [search]);
  return resting;
}

/** Orders: search, status and date filters, the virtualised table, CSV export; all from the cache. */
export function OrdersPage() {
  const orders = useCachedOrders();
  const { notify } = useNotify();
  // ?search= opens the list filtered (the customers list links a customer's orders so).
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<OrderFilter>(() => ({ ...EMPTY_FILTER, search: params.get('search') ?? '' }));
  const [openId, setOpenId] = useState<string | null>(null);
  // Remembers recent searches, so typing narrows the last result instead of scanning every order.
  const [filterWithMemory] = useState(createOrderFilter);
  const timeZone = useShopTimeZone();
  const restingSearch = useRestingSearch(filter.search);
  useEffect(() => (orders ? prepareSearchTexts(orders) : undefined), [orders]);
  const visible = useMemo(() => filterWithMemory(orders ?? EMPTY, filter, timeZone), [filterWithMemory, orders, filter, timeZone]);
  const onOpen = useCallback((order: CachedOrder) => setOpenId(order.id), []);
  const open = openId ? (orders ?? []).find((order) => order.id === openId) : undefined;
  const dateError = dateFilterError(filter);
  const set = <K extends keyof OrderFilter>(key: K, value: OrderFilter[K]) => setFilter((current) => ({ ...current, [key]: value }));

  return (
    <section className="admin-page orders-page" aria-labelledby="orders-title">
      <div className="admin-page__head">
        <h1 id="orders-title">Orders</h1>
        <p className="admin-muted orders-count" data-testid="orders-count">
          {orders === undefined ? 'Loading orders…' : `${visible.length} of ${orders.length} orders`}
        </p>
        <div className="admin-page__actions">
          <button
            type="button"
            className="admin-button"
            disabled={!visible.length}
            onClick={() => notify(`Exported ${visible.length} orders to ${downloadOrdersCsv(visible)}`)}
          >
            Export CSV
          </button>
        </div>
      </div>
      <div className="orders-filters">
        {/* Labels beside, not above, the fields: one row of filters leaves the tablet's screen to orders. */}
        <label className="admin-field admin-field--grow">
          <span className="sr-only">Search</span>
          <input
            type="search"
            placeholder="Order number, customer, email or text"
            value={filter.search}
            onChange={(e) => set('search', e.target.value)}
            aria-label="Search orders"
          />
        </label>
        <label className="admin-field">
          <span className="sr-only">Status</span>
          <select value={filter.status} onChange={(e) => set('status', e.target.value as OrderStatus | '')} aria-label="Filter by status">
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => <option key={status} value={status}>{ORDER_STATUS_LABELS[status]}</option>)}
          </select>
        </label>
        <label className="admin-field admin-field--inline">
          <span>From</span>
          <input type="date" min={SHOP_DAY_RANGE.first} max={SHOP_DAY_RANGE.last} value={filter.dateFrom} onChange={(e) => set('dateFrom', e.target.value)} />
        </label>
        <label className="admin-field admin-field--inline">
          <span>To</span>
          <input type="date" min={SHOP_DAY_RANGE.first} max={SHOP_DAY_RANGE.last} value={filter.dateTo} onChange={(e) => set('dateTo', e.target.value)} />
        </label>
        {(filter.search || filter.status || filter.dateFrom || filter.dateTo) && (
          <button type="button" className="admin-button admin-button--ghost" onClick={() => setFilter(EMPTY_FILTER)}>Clear</button>
        )}
      </div>
      {dateError && <p className="admin-error" role="alert">{dateError}</p>}
      <FailedRefundsNotice orders={orders} onOpen={setOpenId} />
      <FailedMailsNotice onOpen={setOpenId} />
      {/* Mounted even when nothing matches: the next keystroke then fills the rows it has instead of building the table again. */}
      <OrdersTable
        orders={visible}
        timeZone={timeZone}
        holdPictures={restingSearch !== filter.search}
        emptyText={orders === undefined ? undefined : 'No orders found matching your criteria.'}
        onOpen={onOpen}
      />
      {open && <OrderDetailModal order={open} onClose={() => setOpenId(null)} />}
    </section>
  );
}
