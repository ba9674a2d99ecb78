import { useState, type FormEvent } from 'react';
import type { CatalogProductType } from '../../../../shared/catalog';
import { useChangeProductType } from '../../../api/catalog';
import { useNotify } from '../../../components/notifications';
import { AddVariantForm } from './AddVariantForm';
import { VariantRow } from './VariantRow';
import { centsToDollars, dollarsToCents, errorMessage } from './catalog-format';

interface Props {
  type: CatalogProductType;
  online: boolean;
}

/** One product type: its prices, its variants (print areas, retired or sold), and a form to add one. */
export function ProductTypeSection({ type, online }: Props) {
  const active = type.variants.filter((variant) => variant.active).length;
  return (
    <section className="admin-card catalog__type" aria-labelledby={`type-${type.id}`}>
      <div className="catalog__type-head">
        <h2 id={`type-${type.id}`}>{type.name}</h2>
        <span className="admin-muted">
          {active} of {type.variants.length} variants sold
        </span>
      </div>
      <PriceForm type={type} online={online} />
      {type.variants.length === 0 ? (
        <p className="admin-muted">No variants yet.</p>
      ) : (
        <ul className="catalog__variants" aria-label={`${type.name} variants`}>
          {type.variants.map((variant) => (
            <VariantRow key={variant.id} variant={variant} productType={type.id} online={online} />
          ))}
        </ul>
      )}
      <AddVariantForm type={type} online={online} />
    </section>
  );
}

function PriceForm({ type, online }: Props) {
  const { notify, notifyError } = useNotify();
  const [price, setPrice] = useState(centsToDollars(type.priceCents));
  const [compareAt, setCompareAt] = useState(centsToDollars(type.compareAtCents));
  const [error, setError] = useState<string | null>(null);
  const changeProductType = useChangeProductType(type.id);
  const busy = changeProductType.isPending;

  async function save(event: FormEvent) {
    event.preventDefault();
    const priceCents = dollarsToCents(price);
    const compareAtCents = compareAt.trim() === '' ? null : dollarsToCents(compareAt);
    if (priceCents === null) return setError('Enter the price in dollars, e.g. 5.95');
    if (compareAt.trim() !== '' && compareAtCents === null) return setError('Enter the struck-through price in dollars, e.g. 7.45, or leave it empty');
    setError(null);
    try {
      await changeProductType.mutateAsync({ priceCents, compareAtCents });
      notify(`${type.name}: price saved`);
    } catch (caught) {
      const message = errorMessage(caught, 'The price could not be saved.');
      setError(message);
      notifyError(message);
    }
  }

  const errorId = `price-error-${type.id}`;
  return (
    <form className="catalog__price" onSubmit={save} noValidate>
      <label className="admin-field">
        <span>Price ($)</span>
        <input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} aria-label={`${type.name} price in dollars`} aria-describedby={error ? errorId : undefined} />
      </label>
      <label className="admin-field">
        <span>Struck-through price ($)</span>
        <input inputMode="decimal" value={compareAt} placeholder="none" onChange={(e) => setCompareAt(e.target.value)} aria-label={`${type.name} struck-through price in dollars`} />
      </label>
      {/* The visible words start the accessible name (WCAG 2.5.3): "Save prices of Phone Case". */}
      <button type="submit" className="admin-button" disabled={!online || busy}>
        {busy ? 'Saving…' : 'Save prices'}
        <span className="sr-only"> of {type.name}</span>
      </button>
      {error && <p id={errorId} className="admin-error catalog__form-error" role="alert">{error}</p>}
    </form>
  );
}
