import { useOnline } from '../../pwa/online';
import { useClaimOfflineNotice } from '../../pwa/offline-notice-claim';
import { OFFLINE_CHECKOUT_MESSAGE } from '../../pwa/OfflineNotice';

export const UNREACHABLE_CHECKOUT_MESSAGE =
  "We can't reach our servers right now. Payment needs a connection: your cart is saved on this device and checkout will continue by itself once we're connected.";
const SHIPPING_NOW = ' You can fill in your shipping details meanwhile.';

/**
 * The checkout's one connection message (the app banner stands aside while it is mounted): offline,
 * or online with the server out of reach while the payment system waits. It goes away by itself
 * once the payment system has loaded.
 */
export function CheckoutConnectionNotice({ waiting, id }: { waiting: boolean; id?: string }) {
  useClaimOfflineNotice();
  const online = useOnline();
  if (online && !waiting) return null;
  return (
    <p className="pwa-offline-notice" role="status" data-testid="offline-notice" id={id} tabIndex={-1}>
      {(online ? UNREACHABLE_CHECKOUT_MESSAGE : OFFLINE_CHECKOUT_MESSAGE) + SHIPPING_NOW}
    </p>
  );
}
