import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { loadCart } from '../cart/cart-store';
import { authStore } from '../auth/auth-store';
import { getToken } from '../api/client';
import { recordVisit } from '../analytics/visit';
import { whenShopDbWanted } from '../db/lazy-db';
import { LoadingScreen } from './LoadingScreen';
import { useOfflineNoticeClaimed } from '../pwa/offline-notice-claim';
import { MAX_HEALTH_RETRIES, hasCachedApp, useHealthGate } from './use-health';

/** Start-up: branded loading screen (~1 s), the API health gate, then the app. */
export function Startup({ children, delayMs }: { children: ReactNode; delayMs?: number }) {
  // The admin dashboard is local-first with its own online/offline panel (design.md §4).
  const adminPath = typeof location !== 'undefined' && location.pathname.startsWith('/admin');
  // When the browser already knows it is offline there is nothing to check: the cached shop (and
  // the admin's local cache) opens at once with the offline banner. A cached app also opens when
  // the server does not answer while the browser is online (lie-fi), with the Connection Issue as
  // a banner; the spec's full-screen Retry ×3 flow stays for a first visit with nothing cached.
  const [openCached] = useState(hasCachedApp);
  const gate = useHealthGate(delayMs, { skipWhenOffline: true, openCached });
  // A page with its own connection notice (the checkout) keeps the screen to one message.
  const noticeClaimed = useOfflineNoticeClaimed();
  const banner = !adminPath && !noticeClaimed;

  useEffect(() => {
    // spec.md §4 "Auth": at start a stored token is verified; valid sets the user, otherwise it is removed.
    if (getToken()) void authStore.verify();
  }, []);

  useEffect(() => {
    // spec.md §4: only valid cart lines survive a reload.
    void whenShopDbWanted().then(loadCart).catch(() => {});
  }, []);

  useEffect(() => {
    if (gate.state === 'healthy' && !gate.offline) void whenShopDbWanted().then(() => recordVisit());
  }, [gate.state, gate.offline]);

  const firstCheck = gate.state === 'checking' && gate.retries === 0;
  useLayoutEffect(() => {
    // index.html paints the splash before any script runs; it stays until the first check is done
    // and leaves in the same frame as the app appears.
    if (!firstCheck) document.getElementById('splash')?.remove();
  }, [firstCheck]);

  if (firstCheck && document.getElementById('splash')) return null;
  if (gate.state === 'checking') return <LoadingScreen label={gate.retries ? 'Checking the connection…' : undefined} />;
  if (gate.state === 'unhealthy') {
    return (
      <main className="connection-screen" aria-labelledby="connection-title">
        <p className="error-screen__icon" aria-hidden="true">📡</p>
        <h1 id="connection-title">Connection Issue</h1>
        <p>We're having trouble connecting to our servers. This might be a temporary issue.</p>
        <div className="error-screen__actions">
          {gate.canRetry ? (
            <button type="button" className="btn btn--primary" onClick={gate.retry}>
              Retry ({gate.retries}/{MAX_HEALTH_RETRIES})
            </button>
          ) : (
            <button type="button" className="btn btn--primary" onClick={gate.continueOffline}>
              Continue in Offline Mode
            </button>
          )}
        </div>
      </main>
    );
  }
  return (
    <>
      {/* The admin's sync bar is its connection banner (web/routes/admin/sync-panel). */}
      {gate.unreachable && !gate.offline && banner && (
        <div className="offline-banner connection-banner" role="status">
          <span>
            <strong>Connection Issue.</strong> We're having trouble connecting to our servers. This might be a temporary issue. You can keep
            designing and filling your cart.
          </span>{' '}
          <button type="button" className="connection-banner__retry" onClick={gate.retry}>
            Retry
          </button>
        </div>
      )}
      {gate.offline && banner && (
        <p className="offline-banner" role="status">
          Offline mode: you can design and fill your cart; checkout needs a connection.
        </p>
      )}
      {children}
    </>
  );
}
