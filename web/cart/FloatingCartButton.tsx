import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useCartDrawer } from './cart-drawer-state';
import { useCart } from './use-cart';

/** Whether the header's cart button is off screen (scrolled away); false where it cannot be watched. */
function useHeaderCartHidden(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const headerCart = document.querySelector('.site-header .cart-button');
    if (!headerCart || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => setHidden(!entry!.isIntersecting));
    observer.observe(headerCart);
    return () => observer.disconnect();
  }, []);
  return hidden;
}

/**
 * Phones only (CSS): the header scrolls away there, so once its cart button is off screen a cart
 * with something in it stays one tap away at the bottom corner. Hidden on the checkout, which
 * shows the cart itself.
 */
export function FloatingCartButton() {
  const { itemCount } = useCart();
  const { open, setOpen } = useCartDrawer();
  const { pathname } = useLocation();
  const headerCartHidden = useHeaderCartHidden();
  if (itemCount === 0 || open || !headerCartHidden || pathname.startsWith('/checkout')) return null;
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
