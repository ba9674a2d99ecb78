import { useEffect, useState, useSyncExternalStore } from 'react';
import { startPwa } from './start';
import { getUpdateState, subscribeUpdateState } from './update-store';
import './pwa.css';

/**
 * 'A new version is available' with Reload. Mounted once at the root, outside the router, so it
 * shows on the shop, the admin and the start-up screens alike. Also starts the service worker.
 */
export function UpdatePrompt() {
  const { needRefresh, applyUpdate } = useSyncExternalStore(subscribeUpdateState, getUpdateState, getUpdateState);
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);

  useEffect(() => startPwa(), []);

  if (!needRefresh || dismissed) return null;
  return (
    <div className="pwa-update" role="alert" aria-live="assertive">
      <p className="pwa-update__text">A new version is available</p>
      <div className="pwa-update__actions">
        <button
          type="button"
          className="pwa-update__reload"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            applyUpdate?.();
          }}
        >
          {reloading ? 'Reloading…' : 'Reload'}
        </button>
        <button type="button" className="pwa-update__later" onClick={() => setDismissed(true)}>
          Later
        </button>
      </div>
    </div>
  );
}
