import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CartDrawer } from '../cart/CartDrawer';
import { CartDrawerProvider } from '../cart/cart-drawer-state';
import { FloatingCartButton } from '../cart/FloatingCartButton';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageErrorBoundary } from './PageErrorBoundary';
import { usePageTitle } from './page-titles';

export function PageFallback() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" /> Loading…
    </div>
  );
}

/** The public frame: header, page (behind its own error boundary), footer and the cart drawer. */
export function ShopLayout() {
  const location = useLocation();
  usePageTitle(location.pathname);
  return (
    <CartDrawerProvider>
      <a className="skip-link" href="#main">Skip to content</a>
      <Header />
      <main id="main" className="page">
        <PageErrorBoundary key={location.pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <CartDrawer />
      <FloatingCartButton />
    </CartDrawerProvider>
  );
}
