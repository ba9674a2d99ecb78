import { Link } from 'react-router';
import { trackOrderHref } from '../routes/track/track-link';
import { BRAND, CONTACT_EMAIL, SUPPORT_EMAIL } from './contact';

export function Footer() {
  return (
    <footer className="site-footer">
      <p>© {new Date().getFullYear()} {BRAND}. Made with love by the pool. Not affiliated with any TV network.</p>
      <p className="site-footer__links">
        <Link to="/account">Your account</Link>
        <a href={`mailto:${CONTACT_EMAIL}`}>Contact</a>
        <a href={`mailto:${SUPPORT_EMAIL}`}>Support</a>
        <Link to={trackOrderHref()}>Track your order</Link>
      </p>
    </footer>
  );
}
