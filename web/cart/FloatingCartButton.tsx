import { useLocation } from 'react-router';
import { useCartDrawer } from './cart-drawer-state';
import { useCart } from './use-cart';

/**
 * Phones only (CSS): the header scrolls away there, so a cart with something in it stays one tap
 * away at the bottom corner. Hidden on the checkout, which shows the cart itself.
 */
export function FloatingCartButton() {
  const { itemCount } = useCart();
  const { open, setOpen } = useCartDrawer();
  const { pathname } = useLocation();
  if (itemCount === 0 || open || pathname.startsWith('/checkout')) return null;
  return (
    <button type="button" className="cart-fab" aria-haspopup="dialog" onClick={() => setOpen(true)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
        <path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4H2V2h4.8l.9 2H21l-3.3 8.4A2 2 0 0 1 15.8 14H8.1l-.9 2H19v2H4l2.5-5L5.2 4Z" />
      </svg>
      <span className="sr-only">View cart, </span>
      <span className="cart-fab__count">{itemCount}</span>
      <span className="sr-only"> {itemCount === 1 ? 'item' : 'items'}</span>
    </button>
  );
}
