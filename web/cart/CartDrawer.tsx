import { useNavigate } from 'react-router';
import { DesignThumbnail } from '../components/DesignThumbnail';
import { Dialog } from '../components/Dialog';
import { useNotify } from '../components/notifications';
import { colorHex } from '../../shared/catalog';
import { backdropFor } from '../catalog/contrast';
import { formatUsd } from '../../shared/money';
import { computeTotals } from '../../shared/pricing';
import { shipsEveryOrderFree, useFreeShippingThreshold } from '../catalog/shop-config';
import { adjustQuantity, CART_MESSAGES, cartLineDetails, cartLineTitle, clearCart, MAX_QUANTITY_PER_LINE, removeFromCart, restoreCart } from './cart-store';
import { StalePriceNotice } from './StalePriceNotice';
import './cart.css';
import { useCartDrawer } from './cart-drawer-state';
import { useCart } from './use-cart';

/**
 * spec.md §2 "Cart drawer": slides in from the right. Its totals are the checkout's (shipping by
 * the configured threshold, tax 8.5 %), so the number never jumps between cart and payment.
 */
export function CartDrawer() {
  const { open, setOpen } = useCartDrawer();
  const { lines, itemCount } = useCart();
  const threshold = useFreeShippingThreshold();
  const totals = computeTotals(lines, { freeShippingThresholdCents: threshold });
  const { notify } = useNotify();
  const navigate = useNavigate();
  const close = () => setOpen(false);

  async function changeQuantity(id: string, delta: number) {
    const message = await adjustQuantity(id, delta);
    if (message) notify(message);
  }

  async function emptyCart() {
    const removed = await clearCart();
    // Undo instead of a confirm dialog: one tap to clear, one tap to change one's mind.
    notify(CART_MESSAGES.cleared, { label: 'Undo', run: () => void restoreCart(removed) });
  }

  return (
    <Dialog open={open} title="Your Cart" onClose={close} variant="drawer">
      {lines.length === 0 ? (
        <div className="cart-empty">
          <p className="cart-empty__icon" aria-hidden="true">🌴</p>
          <p>Your cart is empty.</p>
          <p className="muted">Design something villa-worthy and it will wait for you here.</p>
        </div>
      ) : (
        <>
          <StalePriceNotice lines={lines} />
          <ul className="cart-lines" aria-label="Cart items">
            {lines.map((line) => (
              <li key={line.id} className="cart-line">
                <DesignThumbnail design={line} size={88} fit="ink" className="cart-line__thumb" />
                <div className="cart-line__body">
                  <p className="cart-line__title">
                    {cartLineTitle(line)}
                  </p>
                  <p className="cart-line__text">
                    <span style={{ color: colorHex(line.color), background: backdropFor(colorHex(line.color)) }}>“{line.text}”</span>
                  </p>
                  <p className="cart-line__meta">{cartLineDetails(line)}</p>
                  <div className="cart-line__controls">
                    <button type="button" className="qty-btn" aria-label={`Decrease quantity of ${line.text}`} onClick={() => changeQuantity(line.id, -1)}>−</button>
                    <span className="qty" aria-label={`Quantity ${line.quantity}`}>{line.quantity}</span>
                    <button
                      type="button"
                      className="qty-btn"
                      aria-label={`Increase quantity of ${line.text}`}
                      disabled={line.quantity >= MAX_QUANTITY_PER_LINE}
                      title={line.quantity >= MAX_QUANTITY_PER_LINE ? `Up to ${MAX_QUANTITY_PER_LINE} of one design` : undefined}
                      onClick={() => changeQuantity(line.id, 1)}
                    >
                      +
                    </button>
                    <button type="button" className="link-button" onClick={async () => notify(await removeFromCart(line.id))}>
                      Remove<span className="sr-only"> {line.text}</span>
                    </button>
                  </div>
                </div>
                <p className="cart-line__price">{formatUsd(line.priceCents * line.quantity)}</p>
              </li>
            ))}
          </ul>
          <p className="cart-drawer__actions">
            <button type="button" className="link-button" onClick={() => void emptyCart()}>Clear cart</button>
          </p>
          <dl className="cart-totals">
            <div><dt>Subtotal ({itemCount} {itemCount === 1 ? 'item' : 'items'})</dt><dd>{formatUsd(totals.subtotal)}</dd></div>
            <div><dt>Shipping</dt><dd className={totals.shipping === 0 ? 'free' : undefined}>{totals.shipping === 0 ? 'FREE' : formatUsd(totals.shipping)}</dd></div>
            <div><dt>Tax (8.5%)</dt><dd>{formatUsd(totals.tax)}</dd></div>
            <div className="cart-totals__total"><dt>Total</dt><dd data-testid="cart-total">{formatUsd(totals.total)}</dd></div>
          </dl>
          {totals.shipping > 0 && !shipsEveryOrderFree(threshold) && (
            <p className="cart-totals__hint">Add {formatUsd(threshold - totals.subtotal)} more for free shipping.</p>
          )}
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => {
              close();
              navigate('/checkout');
            }}
          >
            Proceed to Checkout
          </button>
        </>
      )}
    </Dialog>
  );
}
