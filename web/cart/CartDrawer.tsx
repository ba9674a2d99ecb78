import { useNavigate } from 'react-router';
import { DesignThumbnail } from '../components/DesignThumbnail';
import { Dialog } from '../components/Dialog';
import { useNotify } from '../components/notifications';
import { colorHex } from '../../shared/catalog';
import { backdropFor } from '../catalog/contrast';
import { formatUsd } from '../../shared/money';
import { adjustQuantity, cartLineTitle, removeFromCart } from './cart-store';
import { useCartDrawer } from './cart-drawer-state';
import { useCart } from './use-cart';

/** spec.md §2 "Cart drawer": slides in from the right; the cart always ships free here. */
export function CartDrawer() {
  const { open, setOpen } = useCartDrawer();
  const { lines, subtotalCents, itemCount } = useCart();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const close = () => setOpen(false);

  async function changeQuantity(id: string, delta: number) {
    const message = await adjustQuantity(id, delta);
    if (message) notify(message);
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
                  <p className="cart-line__meta">
                    {line.caseType} case · {line.color} · {line.font}
                  </p>
                  <p className="cart-line__meta">{line.logo ? 'With show logo' : 'No logo'}</p>
                  <div className="cart-line__controls">
                    <button type="button" className="qty-btn" aria-label={`Decrease quantity of ${line.text}`} onClick={() => changeQuantity(line.id, -1)}>−</button>
                    <span className="qty" aria-label={`Quantity ${line.quantity}`}>{line.quantity}</span>
                    <button type="button" className="qty-btn" aria-label={`Increase quantity of ${line.text}`} onClick={() => changeQuantity(line.id, 1)}>+</button>
                    <button type="button" className="link-button" onClick={async () => notify(await removeFromCart(line.id))}>
                      Remove<span className="sr-only"> {line.text}</span>
                    </button>
                  </div>
                </div>
                <p className="cart-line__price">{formatUsd(line.priceCents * line.quantity)}</p>
              </li>
            ))}
          </ul>
          <dl className="cart-totals">
            <div><dt>Subtotal ({itemCount} {itemCount === 1 ? 'item' : 'items'})</dt><dd>{formatUsd(subtotalCents)}</dd></div>
            <div><dt>Shipping</dt><dd className="free">FREE</dd></div>
            <div className="cart-totals__total"><dt>Total</dt><dd>{formatUsd(subtotalCents)}</dd></div>
          </dl>
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
