import { Link, NavLink, useLocation } from 'react-router';
import { useCartDrawer } from '../cart/cart-drawer-state';
import { useCart } from '../cart/use-cart';
import { BRAND } from './contact';

/** The designer answers on both paths; its link is the current page on either. */
const DESIGNER_PATHS = ['/', '/customize'];

const LINKS = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/faq', label: 'FAQ' },
  { to: '/gallery', label: 'Gallery' },
];

export function Header() {
  const { itemCount } = useCart();
  const { setOpen } = useCartDrawer();
  const onDesigner = DESIGNER_PATHS.includes(useLocation().pathname);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={`${BRAND} home`}>
          <span className="brand__heart" aria-hidden="true">❤</span>
          <span className="brand__name">{BRAND}</span>
        </Link>
        <nav aria-label="Main" className="main-nav">
          <Link to="/" className={onDesigner ? 'main-nav__link active' : 'main-nav__link'} aria-current={onDesigner ? 'page' : undefined}>
            Customize
          </Link>
          {LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className="main-nav__link">
              {link.label}
            </NavLink>
          ))}
        </nav>
        <NavLink to="/account" className="account-link">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path fill="currentColor" d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
          </svg>
          <span className="account-link__label">Account</span>
        </NavLink>
        <button type="button" className="cart-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4H2V2h4.8l.9 2H21l-3.3 8.4A2 2 0 0 1 15.8 14H8.1l-.9 2H19v2H4l2.5-5L5.2 4Z" />
          </svg>
          <span className="cart-button__label">Cart</span>{' '}
          <span className="cart-badge" data-testid="cart-count">{itemCount}</span>
          <span className="sr-only"> {itemCount === 1 ? 'item' : 'items'}</span>
        </button>
      </div>
    </header>
  );
}
