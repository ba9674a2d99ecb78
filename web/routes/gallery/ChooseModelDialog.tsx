import { useEffect, useState, type FormEvent } from 'react';
import { productTypeOfVariant } from '../../../shared/catalog';
import { Dialog } from '../../components/Dialog';
import type { GalleryDesign } from './gallery-logic';

interface Props {
  design: GalleryDesign | null;
  onCancel(): void;
  onChoose(design: GalleryDesign, variant: string): void;
}

/**
 * Adding a gallery design asks for the shopper's own phone model (or bottle size): the sample's
 * model is only what it was photographed on. It starts on the sample's model.
 */
export function ChooseModelDialog({ design, onCancel, onChoose }: Props) {
  const type = design ? productTypeOfVariant(design.device) : undefined;
  const [variant, setVariant] = useState('');
  useEffect(() => setVariant(design?.device ?? ''), [design]);
  const phone = type?.id === 'phone-case';
  function submit(event: FormEvent) {
    event.preventDefault();
    if (design && variant) onChoose(design, variant);
  }
  return (
    <Dialog open={!!design} title={phone ? 'Which phone is it for?' : 'Which size?'} onClose={onCancel}>
      {design && type && (
        <form className="choose-model" onSubmit={submit}>
          <p>
            “{design.text}” in {design.color} on a {type.name.toLowerCase()}.
          </p>
          <div className="field">
            <label className="field__label" htmlFor="gallery-model">{phone ? 'Your phone model' : 'Size'}</label>
            <select id="gallery-model" value={variant} onChange={(event) => setVariant(event.target.value)}>
              {type.variants.map((v) => (
                <option key={v} value={v}>{v}</option>
              ))}
            </select>
          </div>
          <div className="choose-model__actions">
            <button type="button" className="btn btn--secondary" onClick={onCancel}>Cancel</button>
            <button type="submit" className="btn btn--primary">Add to cart</button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
