import './card-marks.css';

/**
 * The card brands the shop takes and where the card goes, shown at payment: shoppers look for
 * both before typing a card number into an unfamiliar shop. Drawn inline (no image requests).
 */
export function CardMarks({ provider }: { provider: 'stripe' | 'test' }) {
  return (
    <div className="card-marks">
      <ul className="card-marks__brands" aria-label="Cards accepted: Visa, Mastercard, American Express, Discover">
        <li aria-hidden="true">
          <svg viewBox="0 0 48 30" width="48" height="30"><rect width="48" height="30" rx="4" fill="#1a1f71" /><text x="24" y="20" textAnchor="middle" fill="#fff" fontSize="12" fontWeight="800" fontStyle="italic" fontFamily="Arial, sans-serif">VISA</text></svg>
        </li>
        <li aria-hidden="true">
          <svg viewBox="0 0 48 30" width="48" height="30"><rect width="48" height="30" rx="4" fill="#222" /><circle cx="19" cy="15" r="8" fill="#eb001b" /><circle cx="29" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" /></svg>
        </li>
        <li aria-hidden="true">
          <svg viewBox="0 0 48 30" width="48" height="30"><rect width="48" height="30" rx="4" fill="#2e77bc" /><text x="24" y="19" textAnchor="middle" fill="#fff" fontSize="10" fontWeight="800" fontFamily="Arial, sans-serif">AMEX</text></svg>
        </li>
        <li aria-hidden="true">
          <svg viewBox="0 0 48 30" width="48" height="30"><rect width="48" height="30" rx="4" fill="#fff" stroke="#ccc" /><text x="20" y="19" textAnchor="middle" fill="#231f20" fontSize="8" fontWeight="700" fontFamily="Arial, sans-serif">DISCOVER</text><circle cx="40" cy="15" r="4" fill="#f58220" /></svg>
        </li>
      </ul>
      <p className="card-marks__secure">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16"><path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z" /></svg>
        {provider === 'stripe'
          ? 'Secure payment by Stripe: your card number goes straight to Stripe, never to us.'
          : 'Secure checkout: your card number never leaves this page.'}
      </p>
    </div>
  );
}
