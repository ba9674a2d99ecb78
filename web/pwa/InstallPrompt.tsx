import { useEffect, useState, useSyncExternalStore } from 'react';
import { dismissInstall, installOfferCovering, installOfferDue, INSTALL_MOMENT_EVENT, subscribeInstallOfferCovering } from './install-moment';
import { installOffer, isIosSafari, promptInstall, runningInstalled, subscribeInstallOffer } from './install-offer';

/** The offer waits for the 'Added to cart!' notification (4 s) to leave the bottom of the screen. */
export const OFFER_AFTER_MOMENT_MS = 4500;

function useInstallMoment(): boolean {
  const [due, setDue] = useState(() => installOfferDue());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setDue(installOfferDue()), OFFER_AFTER_MOMENT_MS);
    };
    window.addEventListener(INSTALL_MOMENT_EVENT, update);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(INSTALL_MOMENT_EVENT, update);
    };
  }, []);
  return due;
}

/**
 * 'Install the app' where the browser offers it, or the Add-to-Home-Screen hint on iOS Safari;
 * only after a first design or order, and not again for 30 days once dismissed. Never on /admin,
 * and never over the cart drawer, the checkout or the order confirmation (install-moment.ts).
 */
export function InstallPrompt() {
  const due = useInstallMoment();
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer, () => null);
  const covering = useSyncExternalStore(subscribeInstallOfferCovering, installOfferCovering, () => false);
  const [hidden, setHidden] = useState(false);
  const admin = location.pathname.startsWith('/admin');
  const ios = !offer && isIosSafari();
  if (!due || hidden || covering || admin || runningInstalled() || (!offer && !ios)) return null;

  const dismiss = () => {
    dismissInstall();
    setHidden(true);
  };
  return (
    <aside className="install-offer" aria-labelledby="install-offer-title">
      <p className="install-offer__icon" aria-hidden="true">❤</p>
      <div className="install-offer__body">
        <p id="install-offer-title" className="install-offer__title">Keep Villa Prints on your home screen</p>
        {ios ? (
          <p className="install-offer__text">
            Tap <strong>Share</strong>{' '}
            <svg className="install-offer__share" aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
              <path fill="currentColor" d="M12 2 7.5 6.5l1.4 1.4L11 5.8V15h2V5.8l2.1 2.1 1.4-1.4L12 2Zm-7 8v11h14V10h-4v2h2v7H7v-7h2v-2H5Z" />
            </svg>{' '}
            then <strong>Add to Home Screen</strong>: your designs and cart open in one tap, even offline.
          </p>
        ) : (
          <p className="install-offer__text">Your designs and cart in one tap, even offline.</p>
        )}
      </div>
      <div className="install-offer__actions">
        {!ios && (
          <button
            type="button"
            className="install-offer__install"
            onClick={async () => {
              const outcome = await promptInstall();
              if (outcome === 'dismissed') dismiss();
              else setHidden(true);
            }}
          >
            Install the app
          </button>
        )}
        <button type="button" className="install-offer__later" onClick={dismiss}>
          {ios ? 'Got it' : 'Not now'}
        </button>
      </div>
    </aside>
  );
}
