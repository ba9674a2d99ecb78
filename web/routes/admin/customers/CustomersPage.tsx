import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useOnline } from '../../../pwa/online';
import { formatDateTime, formatDollars } from '../shared/format';
import { CUSTOMERS_PAGE_SIZE, useCustomers } from '../../../api/customers';
import { fixFailure } from '../shared/server-needed';
import './customers.css';

/** How long typing pauses before the search is sent. */
const SEARCH_PAUSE_MS = 300;

/**
 * Customers by the e-mail address they ordered with: orders, total spent (less refunds), last
 * order, and a link to their orders. The list is the server's (it sums every order, not just the
 * tablet's cache), so it needs the network.
 */
export default function CustomersPage() {
  const online = useOnline();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const { data: answer, error: failure, isFetching, refetch } = useCustomers(query, page, online);
  // "Try again" clears the sentence at once, as the new request goes out.
  const error = failure && !isFetching ? fixFailure(failure, 'The customer list') : '';

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const pages = answer ? Math.max(1, Math.ceil(answer.total / CUSTOMERS_PAGE_SIZE)) : 1;
  return (
    <section className="admin-page customers-page" aria-labelledby="customers-title">
      <div className="admin-page__head">
        <h1 id="customers-title">Customers</h1>
        <p className="admin-muted" data-testid="customers-count">{answer ? `${answer.total} ${answer.total === 1 ? 'customer' : 'customers'}` : ''}</p>
      </div>
      <label className="admin-field customers-search">
        <span>Search by e-mail or name</span>
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="maya@example.com" />
      </label>
      {!online ? (
        <p className="admin-muted" role="status">The customer list needs the server: it shows again when the tablet is back online.</p>
      ) : error ? (
        <div role="alert">
          <p className="admin-error">{error}</p>
          <button type="button" className="admin-button admin-button--small" onClick={() => void refetch()}>Try again</button>
        </div>
      ) : !answer ? (
        <p className="admin-muted" role="status">Loading customers…</p>
      ) : answer.customers.length === 0 ? (
        <p className="admin-muted">{query ? `No customer matches “${query}”.` : 'No customers yet: they appear with their first paid order.'}</p>
      ) : (
        <div className="admin-table-scroll">
          <table className="admin-table customers-table">
            <thead>
              <tr><th scope="col">Customer</th><th scope="col">Orders</th><th scope="col">Total spent</th><th scope="col">Last order</th><th scope="col"><span className="sr-only">Links</span></th></tr>
            </thead>
            <tbody>
              {answer.customers.map((customer) => (
                <tr key={customer.email}>
                  <td><strong>{customer.name || '—'}</strong><br /><span className="customers-table__email">{customer.email}</span></td>
                  <td>{customer.orderCount}</td>
                  <td>{formatDollars(customer.totalSpent)}</td>
                  <td>{formatDateTime(customer.lastOrderAt)}</td>
                  <td>
                    <Link className="admin-button admin-button--small" to={`/admin/orders?search=${encodeURIComponent(customer.email)}`} aria-label={`Orders of ${customer.email}`}>
                      Orders
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {answer && pages > 1 && (
        <nav className="customers-pages" aria-label="Customer pages">
          <button type="button" className="admin-button admin-button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous page</button>
          <span>Page {page} of {pages}</span>
          <button type="button" className="admin-button admin-button--small" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next page</button>
        </nav>
      )}
    </section>
  );
}
