import { useState, type FormEvent } from 'react';
import type { CatalogVariant } from '../../../../shared/catalog';
import { useNotify } from '../../../components/notifications';
import { useChangeVariant } from '../../../api/catalog';
import { errorMessage } from './catalog-format';
import { PlacementForm } from './PlacementForm';
import { UsableAreaDiagram } from './UsableAreaDiagram';
import { builtInPlacement } from '../../../../shared/decal';

/** "62.6 × 82 mm": across the text × along it. */
export const areaText = (area: CatalogVariant['printArea']) => `${area.widthMm} × ${area.lengthMm} mm`;

interface Props {
  variant: CatalogVariant;
  productType: string;
  online: boolean;
}

/** One variant: its print area and placement (editable) and whether it is sold; retiring keeps it for the orders that name it. */
export function VariantRow({ variant, productType, online }: Props) {
  const { notify, notifyError } = useNotify();
  const [editing, setEditing] = useState<'area' | 'placement' | null>(null);
  const [width, setWidth] = useState(String(variant.printArea.widthMm));
  const [length, setLength] = useState(String(variant.printArea.lengthMm));
  const [error, setError] = useState<string | null>(null);
  const changeVariant = useChangeVariant(variant.id);
  const busy = changeVariant.isPending;

  async function run(change: Parameters<typeof changeVariant.mutateAsync>[0], done: string): Promise<boolean> {
    setError(null);
    try {
      await changeVariant.mutateAsync(change);
      notify(done);
      return true;
    } catch (caught) {
      const message = errorMessage(caught, 'The change could not be saved.');
      setError(message);
      notifyError(message);
      return false;
    }
  }

  async function saveArea(event: FormEvent) {
    event.preventDefault();
    const printArea = { widthMm: Number(width), lengthMm: Number(length) };
    if (await run({ printArea }, `${variant.name}: usable area ${areaText(printArea)}`)) setEditing(null);
  }

  const toggle = () => run({ active: !variant.active }, variant.active ? `${variant.name} retired: no longer sold` : `${variant.name} is sold again`);

  return (
    <li className={`catalog__variant${variant.active ? '' : ' catalog__variant--retired'}`}>
      <div className="catalog__variant-main">
        <strong>{variant.name}</strong>
        <span className="admin-muted">
          {areaText(variant.printArea)}
          {variant.active ? '' : ' · retired'}
        </span>
      </div>
      {editing === 'placement' && (
        <PlacementForm
          variant={variant}
          productType={productType}
          online={online}
          busy={busy}
          save={async (placement) => {
            const saved = await run({ placement }, `${variant.name}: placement saved`);
            if (saved) setEditing(null);
            return saved;
          }}
          invalid={setError}
          cancel={() => {
            setError(null);
            setEditing(null);
          }}
        />
      )}
      {editing === 'area' && (
        <form className="catalog__area-form" onSubmit={saveArea} noValidate aria-label={`Usable area of ${variant.name}`}>
          <UsableAreaDiagram
            name={variant.name}
            productType={productType}
            placement={variant.placement ?? builtInPlacement({ device: variant.name, productType })}
            area={{ widthMm: Number(width), lengthMm: Number(length) }}
          />
          <label className="admin-field">
            <span>Width across (mm)</span>
            <input type="number" inputMode="decimal" step="0.1" min="10" max="400" value={width} onChange={(e) => setWidth(e.target.value)} aria-label={`${variant.name} usable width in mm`} />
          </label>
          <label className="admin-field">
            <span>Length along the text (mm)</span>
            <input type="number" inputMode="decimal" step="0.1" min="10" max="400" value={length} onChange={(e) => setLength(e.target.value)} aria-label={`${variant.name} usable length in mm`} />
          </label>
          <button type="submit" className="admin-button admin-button--primary admin-button--small" disabled={!online || busy} aria-label={`Save usable area of ${variant.name}`}>
            Save
          </button>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => setEditing(null)} aria-label={`Cancel editing ${variant.name}`}>
            Cancel
          </button>
        </form>
      )}
      {editing === null && (
        <div className="catalog__variant-actions">
          <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => setEditing('area')} disabled={!online} aria-label={`Edit usable area of ${variant.name}`}>
            Usable area
          </button>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => setEditing('placement')} disabled={!online} aria-label={`Placement of ${variant.name}`}>
            Placement
          </button>
          <button
            type="button"
            className={`admin-button admin-button--small${variant.active ? ' admin-button--danger' : ''}`}
            onClick={() => void toggle()}
            disabled={!online || busy}
            aria-label={variant.active ? `Retire ${variant.name}` : `Sell ${variant.name} again`}
          >
            {variant.active ? 'Retire' : 'Sell again'}
          </button>
        </div>
      )}
      {error && <p className="admin-error catalog__form-error" role="alert">{error}</p>}
    </li>
  );
}
