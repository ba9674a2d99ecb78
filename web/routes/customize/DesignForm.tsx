import { memo } from 'react';
import type { ColorSwatch, ProductType } from '../../../shared/catalog';
import { MAX_TEXT_LENGTH } from '../../../shared/catalog';
import { backdropFor } from '../../catalog/contrast';
import { fontStack } from '../../catalog/fonts';
import type { TextCheck } from './use-text-check';
import { loadProductArt } from './draw-mockup';

export const LOW_CHARACTERS = 5;

export function CharacterCounter({ length, check }: { length: number; check?: TextCheck | null }) {
  const left = MAX_TEXT_LENGTH - length;
  return (
    <p className="counter-row">
      <span id="text-counter" className={`counter${left < LOW_CHARACTERS ? ' counter--low' : ''}`} aria-live="polite">
        {left} {left === 1 ? 'character' : 'characters'} left
      </span>
      <span id="text-check" className={`text-check${check && !check.valid ? ' text-check--bad' : ''}`}>
        {check ? `${check.valid ? '✓ ' : ''}${check.message}` : ''}
      </span>
    </p>
  );
}

/** A gentle note under the swatches when the colour is hard to read on the product. */
export function ContrastNote({ warning }: { warning: string | null }) {
  return (
    <div className="design-notes" aria-live="polite">
      {warning && <p className="design-note" data-testid="contrast-warning"><span aria-hidden="true">◐ </span>{warning}</p>}
    </div>
  );
}

interface ProductPickerProps {
  productTypes: readonly ProductType[];
  value: string;
  onChange(id: string): void;
}

const preloadProductArt = () => void loadProductArt().catch(() => undefined);

export const ProductPicker = memo(function ProductPicker({ productTypes, value, onChange }: ProductPickerProps) {
  return (
    <fieldset className="field">
      <legend className="field__label">1. Choose your product</legend>
      {/* The bottle and flute drawings load as the shopper reaches for them (draw-mockup.ts). */}
      <div className="segmented" onPointerEnter={preloadProductArt} onFocus={preloadProductArt}>
        {productTypes.map((type) => (
          <label key={type.id} className={`segmented__option${type.id === value ? ' is-selected' : ''}`}>
            <input type="radio" name="productType" value={type.id} checked={type.id === value} onChange={() => onChange(type.id)} />
            {type.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
});

interface ColorPickerProps {
  colors: readonly ColorSwatch[];
  value: string;
  onChange(name: string): void;
}

export const ColorPicker = memo(function ColorPicker({ colors, value, onChange }: ColorPickerProps) {
  return (
    <fieldset className="field">
      <legend className="field__label">
        4. Text colour{value ? <span className="muted">: {value}</span> : <span className="muted">: pick one</span>}
      </legend>
      <div className="swatches">
        {colors.map((color) => (
          <label key={color.name} className="swatch" title={color.name}>
            <input type="radio" name="color" value={color.name} checked={color.name === value} onChange={() => onChange(color.name)} />
            <span className="swatch__dot" style={{ background: color.hex }} aria-hidden="true" />
            <span className="sr-only">{color.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
});

export function TextPreview({ text, colorHex, font }: { text: string; colorHex: string | null; font: string }) {
  const { family, weight } = fontStack(font);
  return (
    <div className="text-preview" aria-label="Text preview">
      <span className="text-preview__label">Preview</span>
      <span className="text-preview__text" style={{ color: colorHex ?? '#6b4a5e', background: colorHex ? backdropFor(colorHex) : '#ffffff', fontFamily: family, fontWeight: weight }}>
        {text || 'Your text here'}
      </span>
    </div>
  );
}
