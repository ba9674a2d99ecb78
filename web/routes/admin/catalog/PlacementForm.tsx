import { useState, type FormEvent } from 'react';
import type { CatalogPlacement, CatalogVariant } from '../../../../shared/catalog';
import { builtInPlacement } from '../../../../shared/decal';
import { placementFor } from '../../../../shared/schemas/catalog';
import { UsableAreaDiagram } from './UsableAreaDiagram';

interface Props {
  variant: CatalogVariant;
  productType: string;
  online: boolean;
  busy: boolean;
  /** Saves; true once stored. */
  save: (placement: CatalogPlacement) => Promise<boolean>;
  invalid: (message: string) => void;
  cancel: () => void;
}

const field = (mm: number) => String(mm);
const millimetres = (value: string) => (value.trim() === '' ? NaN : Number(value));

/**
 * Where the decal goes on the product (design.md §9): the product's outline, the print area's centre
 * from the outline's top-left corner, and the sentence for whoever applies it. Prefilled with the
 * stored placement (or the product type's rule), checked by the API's own schema before it is sent.
 */
export function PlacementForm({ variant, productType, online, busy, save, invalid, cancel }: Props) {
  const current = variant.placement ?? builtInPlacement({ device: variant.name, productType });
  const [width, setWidth] = useState(field(current.productMm.width));
  const [height, setHeight] = useState(field(current.productMm.height));
  const [x, setX] = useState(field(current.centreMm.x));
  const [y, setY] = useState(field(current.centreMm.y));
  const [guide, setGuide] = useState(current.guide);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = placementFor(variant.printArea).safeParse({
      productMm: { width: millimetres(width), height: millimetres(height) },
      centreMm: { x: millimetres(x), y: millimetres(y) },
      guide,
    });
    if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? 'Check the placement');
    await save(parsed.data);
  }

  const number = (label: string, value: string, set: (value: string) => void, name: string) => (
    <label className="admin-field">
      <span>{label}</span>
      <input type="number" inputMode="decimal" step="0.1" min="0" value={value} onChange={(e) => set(e.target.value)} aria-label={`${variant.name} ${name} in mm`} />
    </label>
  );

  return (
    <form className="catalog__area-form catalog__placement-form" onSubmit={submit} noValidate aria-label={`Placement of ${variant.name}`}>
      <UsableAreaDiagram
        name={variant.name}
        productType={productType}
        placement={{ productMm: { width: millimetres(width), height: millimetres(height) }, centreMm: { x: millimetres(x), y: millimetres(y) } }}
        area={variant.printArea}
      />
      <fieldset className="catalog__placement-group">
        <legend>Product outline</legend>
        {number('Width (mm)', width, setWidth, 'product width')}
        {number('Height (mm)', height, setHeight, 'product height')}
      </fieldset>
      <fieldset className="catalog__placement-group">
        <legend>Usable area centre, from top left</legend>
        {number('Across (mm)', x, setX, 'centre across')}
        {number('Down (mm)', y, setY, 'centre down')}
      </fieldset>
      <label className="admin-field admin-field--grow catalog__guide">
        <span>Guide for whoever applies it</span>
        <input type="text" value={guide} onChange={(e) => setGuide(e.target.value)} aria-label={`${variant.name} placement guide`} />
      </label>
      <button type="submit" className="admin-button admin-button--primary admin-button--small" disabled={!online || busy} aria-label={`Save placement of ${variant.name}`}>
        {busy ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={cancel} aria-label={`Cancel placement of ${variant.name}`}>
        Cancel
      </button>
    </form>
  );
}
