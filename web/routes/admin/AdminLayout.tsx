import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { PageErrorBoundary } from '../../shell/PageErrorBoundary';
import { ANALYTICS_RANGES } from '../../../shared/order-status';
import { useAuth } from '../../auth/useAuth';
import { authStore } from '../../auth/auth-store';
import { db } from '../../db/db';
import { clearAdminCacheIfSynced } from '../../sync/cache-reset';
import { useAdminRange } from './admin-range';
import { startSyncLoop } from '../../sync/admin-sync';
import { SyncPanel } from './sync-panel/SyncPanel';
import { useChangeNoticeSink } from '../../sync/status-change';

const RANGE_LABELS: Record<(typeof ANALYTICS_RANGES)[number], string> = { '7d': '7 days', '30d': '30 days', '90d': '90 days', '1y': '1 year' };

export function AdminLayout() {
  const { user: verified, logout } = useAuth();
  // While the server is slow to confirm the session, the tablet shows who it last confirmed: the
  // sections and the name stay put instead of vanishing.
  const user = verified ?? authStore.rememberedUser();
  const { range, setRange } = useAdminRange();
  const navigate = useNavigate();
  const location = useLocation();

  // The range only changes the Overview and its analytics details; elsewhere it would do nothing.
  const rangeApplies = /^\/admin(\/analytics)?\/?$/.test(location.pathname);

  useEffect(() => startSyncLoop(), []);
  // On a phone the sections scroll sideways: the one open stays in view.
  useEffect(() => {
    document.querySelector('.admin-tabs .admin-tab.active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [location.pathname]);
  useChangeNoticeSink();

  async function onLogout() {
    await logout();
    await clearAdminCacheIfSynced(db).catch(() => false);
    navigate('/', { replace: true });
  }

  return (
    <div className="admin-shell">
      <header className="admin-header">
        <div className="admin-header__brand">Villa Prints<span className="admin-header__brand-suffix"> · Admin</span></div>
        <nav className="admin-tabs" aria-label="Dashboard sections">
          <NavLink end to="/admin" className="admin-tab">Overview</NavLink>
          <NavLink to="/admin/orders" className="admin-tab">Orders</NavLink>
          <NavLink to="/admin/fulfillment" className="admin-tab">Fulfillment</NavLink>
          <NavLink to="/admin/customers" className="admin-tab">Customers</NavLink>
          <NavLink to="/admin/discounts" className="admin-tab">Discounts</NavLink>
          {user?.role === 'super_admin' && <NavLink to="/admin/catalog" className="admin-tab">Catalogue</NavLink>}
          {user?.role === 'super_admin' && <NavLink to="/admin/staff" className="admin-tab">Staff</NavLink>}
        </nav>
        {rangeApplies && (
          <div className="admin-range" role="group" aria-label="Date range">
            {ANALYTICS_RANGES.map((value) => (
              <button
                key={value}
                type="button"
                className="admin-range__option"
                aria-pressed={range === value}
                title={RANGE_LABELS[value]}
                onClick={() => setRange(value)}
              >
                {value}
              </button>
            ))}
          </div>
        )}
        <div className="admin-user">
          <span className="admin-user__name">{user ? `${user.firstName} ${user.lastName}` : ''}</span>
          <button type="button" className="admin-button admin-button--ghost" onClick={onLogout}>Logout</button>
        </div>
      </header>
      <SyncPanel />
      <main className="admin-main">
        <AdminPageErrorBoundary key={location.pathname}>
          <Outlet />
        </AdminPageErrorBoundary>
      </main>
    </div>
  );
}

/** spec.md §4's page-level error screen inside the dashboard: the header and sync bar stay usable. */
export function AdminPageErrorBoundary({ children }: { children: React.ReactNode }) {
  return (
    <PageErrorBoundary note="This screen hit a snag. Changes saved on this tablet are safe and will still sync." homeHref="/admin">
      {children}
    </PageErrorBoundary>
  );
}
