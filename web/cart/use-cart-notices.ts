import { useCallback } from 'react';
import { useNotify } from '../components/notifications';
import { CART_MESSAGES } from './cart-store';
import { useCartDrawer } from './cart-drawer-state';

/**
 * The notice after Add to cart. When the line went in, it carries "View cart": on a phone the
 * header's cart has scrolled away, and the shopper's next step is the drawer.
 */
export function useAddedToCartNotice(): (message: string) => void {
  const { notify } = useNotify();
  const { setOpen } = useCartDrawer();
  return useCallback(
    (message: string) => {
      const added = message === CART_MESSAGES.added || message === CART_MESSAGES.quantityUpdated;
      notify(message, added ? { label: 'View cart', run: () => setOpen(true) } : undefined);
    },
    [notify, setOpen],
  );
}
