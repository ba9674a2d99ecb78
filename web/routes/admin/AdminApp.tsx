/**
 * The whole /admin/* sub-app (spec.md §2): login, overview, orders, fulfillment, and the
 * printable report and analytics details behind the overview's quick actions.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../../api/client';
import { authStore, isAdminUser } from '../../auth/auth-store';
import { getToken } from '../../auth/token';
import { useAuth } from '../../auth/useAuth';
import { NotificationProvider } from '../../components/notifications';
import { AdminLayout, AdminPageErrorBoundary } from './AdminLayout';
import { AdminRangeContext } from './admin-range';
import { LoginPage } from './login/LoginPage';
import { setSyncUnauthorizedHandler } from '../../sync/admin-sync';
import { OverviewPage } from './overview/OverviewPage';
import { OrdersPage } from './orders/OrdersPage';
import { FulfillmentPage } from './fulfillment/FulfillmentPage';
import type { AnalyticsRange } from '../../../shared/order-status';
import './admin.css';

const FulfillmentReportPage = lazy(() => import('./fulfillment/FulfillmentReportPage'));
const AnalyticsDetailsPage = lazy(() => import('./overview/AnalyticsDetailsPage'));
const CatalogPage = lazy(() => import('./catalog/CatalogPage'));
const DiscountCodesPage = lazy(() => import('./discounts/DiscountCodesPage'));
const StaffPage = lazy(() => import('./staff/StaffPage'));
const AcceptInvitePage = lazy(() => import('./invite/AcceptInvitePage'));
const CustomersPage = lazy(() => import('./customers/CustomersPage'));

function RequireAdmin({ children }: { children: React.ReactNode }) {
  const { status, isAdmin } = useAuth();
  const location = useLocation();
  // A tablet whose server is out of reach opens its cache for the admin last verified here; a token
  // the server refuses once it answers still signs them out (auth-store.ts verify).
  const remembered = status === 'checking' && getToken() ? authStore.rememberedUser() : null;
  if (status === 'checking' && isAdminUser(remembered)) return <>{children}</>;
  if (status === 'checking') return <main className="admin-loading"><p role="status">Checking your sign-in…</p></main>;
  if (!isAdmin) return <Navigate to="/admin/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const from = location.pathname + location.search;
  useEffect(() => {
    const handler = () => {
      authStore.signOutLocally();
      navigate('/admin/login', { replace: true, state: { from: from.startsWith('/admin/login') ? '/admin' : from } });
    };
    // Left registered on unmount on purpose: it only does what the shell's own handler does, plus
    // forgetting the user, and the shell has no way to hand its handler back.
    setUnauthorizedHandler(handler);
    setSyncUnauthorizedHandler(handler);
  }, [navigate, from]);
}

export default function AdminApp() {
  useUnauthorizedRedirect();
  const [range, setRange] = useState<AnalyticsRange>('30d');
  return (
    <NotificationProvider>
      <AdminRangeContext.Provider value={{ range, setRange }}>
        <div className="admin">
          <Suspense fallback={<main className="admin-loading"><p role="status">Loading…</p></main>}>
            <Routes>
              <Route path="login" element={<LoginPage />} />
              <Route path="invite" element={<AcceptInvitePage />} />
              <Route
                element={
                  <RequireAdmin>
                    <AdminLayout />
                  </RequireAdmin>
                }
              >
                <Route index element={<OverviewPage />} />
                <Route path="orders" element={<OrdersPage />} />
                <Route path="fulfillment" element={<FulfillmentPage />} />
                <Route path="analytics" element={<AnalyticsDetailsPage />} />
                <Route path="catalog" element={<CatalogPage />} />
                <Route path="discounts" element={<DiscountCodesPage />} />
                <Route path="staff" element={<StaffPage />} />
                <Route path="customers" element={<CustomersPage />} />
              </Route>
              <Route
                path="fulfillment/report"
                element={
                  <RequireAdmin>
                    <main>
                      <AdminPageErrorBoundary>
                        <FulfillmentReportPage />
                      </AdminPageErrorBoundary>
                    </main>
                  </RequireAdmin>
                }
              />
              <Route path="*" element={<Navigate to="/admin" replace />} />
            </Routes>
          </Suspense>
        </div>
      </AdminRangeContext.Provider>
    </NotificationProvider>
  );
}
