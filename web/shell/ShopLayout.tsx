import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CartDrawerProvider, useCartDrawer } from '../cart/cart-drawer-state';
import { FloatingCartButton } from '../cart/FloatingCartButton';
import { setInstallOfferCovering } from '../pwa/install-moment';
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

const loadCartDrawer = () => import('../cart/CartDrawer');
const CartDrawer = lazy(() => loadCartDrawer().then((module) => ({ default: module.CartDrawer })));

/**
 * The drawer is closed on a first visit, so its code is not part of the first load: it is fetched
 * once the page has loaded (so a tap on the cart opens it at once) or on the first open.
 */
function DeferredCartDrawer() {
  const { open } = useCartDrawer();
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) return setWanted(true);
    const fetchSoon = () => setTimeout(() => void loadCartDrawer().then(() => setWanted(true)), 0);
    if (document.readyState === 'complete') {
      const timer = fetchSoon();
      return () => clearTimeout(timer);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onLoad = () => { timer = fetchSoon(); };
    window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.removeEventListener('load', onLoad);
      clearTimeout(timer);
    };
  }, [open]);
  if (!wanted && !open) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}

/** The install offer stays away while the cart drawer is open and on the checkout and its confirmation. */
function InstallOfferGuard({ pathname }: { pathname: string }) {
  const { open } = useCartDrawer();
  const covering = open || pathname.startsWith('/checkout');
  useEffect(() => setInstallOfferCovering(covering), [covering]);
  useEffect(() => () => setInstallOfferCovering(false), []);
  return null;
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
      <DeferredCartDrawer />
      <FloatingCartButton />
      <InstallOfferGuard pathname={location.pathname} />
    </CartDrawerProvider>
  );
}
