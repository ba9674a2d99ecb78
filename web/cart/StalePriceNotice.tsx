import { priceOf } from '../../shared/catalog';
import { formatUsd } from '../../shared/money';
import type { CartLine } from '../db/db';
import { updateLinePrices } from './cart-store';

/** Lines added at a price the shop no longer charges (an old tab, an old gallery price). */
export function stalePriceLines(lines: readonly CartLine[]): CartLine[] {
  return lines.filter((line) => line.priceCents !== priceOf(line.device).priceCents);
}

/**
 * Says which lines changed price and offers to take the current one, so the shopper is not
 * refused with a generic error at Pay (the server charges the catalogue price only).
 */
export function StalePriceNotice({ lines }: { lines: readonly CartLine[] }) {
  const stale = stalePriceLines(lines);
  if (stale.length === 0) return null;
  return (
    <div className="stale-price" role="alert">
      {stale.map((line) => (
        <p key={line.id}>
          “{line.text}” was {formatUsd(line.priceCents)} when you added it; it is now {formatUsd(priceOf(line.device).priceCents)}.
        </p>
      ))}
      <button type="button" className="btn btn--secondary btn--small" onClick={() => void updateLinePrices(stale.map((line) => line.id))}>
        {stale.length === 1 ? `Update to ${formatUsd(priceOf(stale[0]!.device).priceCents)}` : 'Update to the current prices'}
      </button>
    </div>
  );
}
