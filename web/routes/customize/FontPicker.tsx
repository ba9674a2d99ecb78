import { memo } from 'react';
import { fontStack } from '../../catalog/fonts';
import { PLACEHOLDER_TEXT } from './draw-design';

interface FontPickerProps {
  fonts: readonly string[];
  value: string;
  /** The shopper's own text: each option shows it in its font, so the choice is made by eye. */
  text: string;
  onChange(font: string): void;
}

/**
 * The font choice as a radio group of samples. Each radio is named by its font alone (the sample
 * repeats the text field for a screen reader, so it is hidden from it); the samples are set with
 * the renderer's own font files (web/styles/fonts.css), in the page's ink: the chosen colour, which
 * may be a light one, is shown on its own backdrop by the text preview below.
 */
export const FontPicker = memo(function FontPicker({ fonts, value, text, onChange }: FontPickerProps) {
  const sample = text.trim() ? text : PLACEHOLDER_TEXT;
  return (
    <fieldset className="field">
      <legend className="field__label">5. Font</legend>
      <div className="font-options">
        {fonts.map((font) => {
          const { family, weight } = fontStack(font);
          return (
            <label key={font} className={`font-option${font === value ? ' is-selected' : ''}`}>
              <input type="radio" name="font" value={font} checked={font === value} onChange={() => onChange(font)} />
              <span className="font-option__name">{font}</span>
              <span className="font-option__sample" aria-hidden="true" data-testid="font-sample" style={{ fontFamily: family, fontWeight: weight }}>
                {sample}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
});
