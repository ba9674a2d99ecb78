import { memo } from 'react';
import { LIST_PRICE_CENTS, MARKETING_PHONE_MODELS, UNIT_PRICE_CENTS } from '../../../shared/catalog';
import { formatUsd } from '../../../shared/money';

/** The claims of spec.md §1, as written in the copy. */
export const PriceBlock = memo(function PriceBlock() {
  return (
    <div className="price-block">
      <p className="price">
        <span className="price__now">{formatUsd(UNIT_PRICE_CENTS)}</span>
        <s className="price__was" aria-label={`was ${formatUsd(LIST_PRICE_CENTS)}`}>{formatUsd(LIST_PRICE_CENTS)}</s>
        <span className="badge badge--hot">25% OFF</span>
        <span className="badge badge--teal">FREE Shipping</span>
      </p>
      <p className="rating">
        <span className="stars" aria-hidden="true">★★★★★</span> <strong>5.0</strong> rating · 247 reviews
      </p>
    </div>
  );
});

export const Perks = memo(function Perks() {
  return (
    <ul className="perks">
      <li><strong>Free shipping</strong>, dispatched in 2-3 business days</li>
      <li>Stickers last <strong>3-5 years</strong></li>
      <li><strong>30-day</strong> return policy</li>
      <li><strong>9 colours</strong>, 3 fonts</li>
      <li className="perks__models">Fits {MARKETING_PHONE_MODELS.slice(0, -1).join(', ')} and {MARKETING_PHONE_MODELS.at(-1)}</li>
    </ul>
  );
});