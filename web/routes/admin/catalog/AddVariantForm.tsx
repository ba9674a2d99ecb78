import { useState, type FormEvent } from 'react';
import type { CatalogProductType } from '../../../../shared/catalog';
import { useNotify } from '../../../components/notifications';
import { useCreateVariant } from '../../../api/catalog';
import { errorMessage } from './catalog-format';
import { areaText } from './VariantRow';

/** Adds a variant to a product type, at the type's usual print area unless the owner changes it. */
export function AddVariantForm({ type, online }: { type: CatalogProductType; online: boolean }) {
  const { notify } = useNotify();
  const usual = type.variants[0]?.printArea ?? { widthMm: 68, lengthMm: 140 };
  const [name, setName] = useState('');
  const [width, setWidth] = useState(String(usual.widthMm));
  const [length, setLength] = useState(String(usual.lengthMm));
  const [error, setError] = useState<string | null>(null);
  const createVariant = useCreateVariant();
  const busy = createVariant.isPending;

  async function add(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const { variant } = await createVariant.mutateAsync({ productType: type.id, name, printArea: { widthMm: Number(width), lengthMm: Number(length) } });
      notify(`${variant.name} added (${areaText(variant.printArea)}): on sale now`);
      setName('');
    } catch (caught) {
      setError(errorMessage(caught, 'The variant could not be added.'));
    }
  }

  const errorId = `add-variant-error-${type.id}`;
  return (
    <form className="catalog__add" onSubmit={add} noValidate aria-label={`Add a ${type.name} variant`}>
      <h3>Add a variant</h3>
      <div className="catalog__add-fields">
        <label className="admin-field admin-field--grow">
          <span>Name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} aria-label={`New ${type.name} variant name`} aria-describedby={error ? errorId : undefined} aria-invalid={!!error} />
        </label>
        <label className="admin-field">
          <span>Width (mm)</span>
          <input type="number" inputMode="decimal" step="0.1" min="10" max="400" value={width} onChange={(e) => setWidth(e.target.value)} aria-label={`New ${type.name} variant print width in mm`} />
        </label>
        <label className="admin-field">
          <span>Length (mm)</span>
          <input type="number" inputMode="decimal" step="0.1" min="10" max="400" value={length} onChange={(e) => setLength(e.target.value)} aria-label={`New ${type.name} variant print length in mm`} />
        </label>
        <button type="submit" className="admin-button admin-button--primary" disabled={!online || busy} aria-label={`Add ${type.name} variant`}>
          {busy ? 'Adding…' : 'Add'}
        </button>
      </div>
      {error && <p id={errorId} className="admin-error catalog__form-error" role="alert">{error}</p>}
    </form>
  );
}
