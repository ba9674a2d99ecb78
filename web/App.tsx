import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from './api/client';
import { NotificationProvider } from './components/notifications';
import { AppErrorBoundary } from './shell/AppErrorBoundary';
import { PageFallback, ShopLayout } from './shell/ShopLayout';
import { Startup } from './shell/Startup';
import { CustomizePage } from './routes/customize/CustomizePage';

const HowItWorksPage = lazy(() => import('./routes/how-it-works/HowItWorksPage'));
const FaqPage = lazy(() => import('./routes/faq/FaqPage'));
const GalleryPage = lazy(() => import('./routes/gallery/GalleryPage'));
const CheckoutPage = lazy(() => import('./routes/checkout/CheckoutPage'));
const AccountPage = lazy(() => import('./routes/account/AccountPage'));
const TrackOrderPage = lazy(() => import('./routes/track/TrackOrderPage'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password/ResetPasswordPage'));
const AdminApp = lazy(() => import('./routes/admin/AdminApp'));

/** spec.md §6: a 401 anywhere removes the token (api/client does) and opens the admin sign-in. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => void navigate('/admin/login', { replace: true }));
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
  return null;
}

/** The routes of spec.md §2; admin paths render without the public header, footer and drawer. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={<PageFallback />}>
            <AdminApp />
          </Suspense>
        }
      />
      <Route element={<ShopLayout />}>
        <Route index element={<CustomizePage />} />
        <Route path="customize" element={<CustomizePage />} />
        <Route path="how-it-works" element={<HowItWorksPage />} />
        <Route path="faq" element={<FaqPage />} />
        <Route path="gallery" element={<GalleryPage />} />
        <Route path="checkout" element={<CheckoutPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="orders/track" element={<TrackOrderPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <AppErrorBoundary>
      <BrowserRouter>
        <NotificationProvider>
          <UnauthorizedRedirect />
          <Startup>
            <AppRoutes />
          </Startup>
        </NotificationProvider>
      </BrowserRouter>
    </AppErrorBoundary>
  );
}
