import { useOnline } from './online';

export const OFFLINE_CHECKOUT_MESSAGE =
  "You're offline. Payment needs a connection: your cart is saved on this device and checkout will work again once you're back online.";

/** For the checkout: explains why paying is not possible offline, and that the cart is kept. */
export function OfflineNotice({ message = OFFLINE_CHECKOUT_MESSAGE }: { message?: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="pwa-offline-notice" role="status" data-testid="offline-notice">
      {message}
    </p>
  );
}
