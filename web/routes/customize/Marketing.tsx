import { memo } from 'react';
import { LIST_PRICE_CENTS, MARKETING_PHONE_MODELS, productTypePrice, UNIT_PRICE_CENTS } from '../../../shared/catalog';
import { formatUsd } from '../../../shared/money';
import { freeShippingBadge, freeShippingCopy, useFreeShippingThreshold } from '../../catalog/shop-config';

/**
 * The saving the badge claims: the spec's copy says 25% for its own prices ($5.95 against $7.45);
 * prices the owner sets in the catalogue get their true percentage.
 */
function percentOff(priceCents: number, compareAtCents: number): number {
  if (priceCents === UNIT_PRICE_CENTS && compareAtCents === LIST_PRICE_CENTS) return 25;
  return Math.round(100 * (1 - priceCents / compareAtCents));
}

/** The claims of spec.md §1, at the live catalogue's price of the product type shown. */
export const PriceBlock = memo(function PriceBlock({ productType = 'phone-case' }: { productType?: string }) {
  const threshold = useFreeShippingThreshold();
  const { priceCents, compareAtCents } = productTypePrice(productType);
  return (
    <div className="price-block">
      <p className="price">
        <span className="price__now">{formatUsd(priceCents)}</span>
        {compareAtCents !== null && (
          <>
            <s className="price__was" aria-label={`was ${formatUsd(compareAtCents)}`}>{formatUsd(compareAtCents)}</s>
            <span className="badge badge--hot">{percentOff(priceCents, compareAtCents)}% OFF</span>
          </>
        )}
        <span className="badge badge--teal">{freeShippingBadge(threshold)}</span>
      </p>
      <p className="rating">
        <span className="stars" aria-hidden="true">★★★★★</span> <strong>5.0</strong> rating · 247 reviews
      </p>
    </div>
  );
});

/** "A, B and C". */
function listOf(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The perks. The phone line lists the models of the dropdown (the orderable catalogue, spec.md §3)
 * so the two always agree; the models spec.md §1's copy names beyond it are said to be coming,
 * not offered (docs/decisions.md).
 */
export const Perks = memo(function Perks({ phoneModels }: { phoneModels: readonly string[] }) {
  const threshold = useFreeShippingThreshold();
  const orderable = new Set(phoneModels.map(shortModelName));
  const coming = MARKETING_PHONE_MODELS.filter((model) => !orderable.has(shortModelName(model)));
  return (
    <ul className="perks">
      <li><strong>{freeShippingCopy(threshold)}</strong>, dispatched in 2-3 business days</li>
      <li>Stickers last <strong>3-5 years</strong></li>
      <li><strong>30-day</strong> return policy</li>
      <li><strong>9 colours</strong>, 3 fonts</li>
      {phoneModels.length > 0 && (
        <li className="perks__models" data-testid="perks-models">
          Decals sized for {listOf(phoneModels)}.{coming.length > 0 && ` ${listOf(coming)}: coming soon.`}
        </li>
      )}
    </ul>
  );
});

/** "Samsung Galaxy S23" and the copy's "Samsung S23" name the same phone. */
function shortModelName(model: string): string {
  return model.replace('Samsung Galaxy ', 'Samsung ');
}
