import { letterMm, measuredSize } from '../../../shared/decal-size';
import type { DecalFit } from '../../../shared/render/layout';

interface Props {
  fontSize: number;
  min: number;
  max: number;
  onChange(fontSize: number): void;
  /** The decal at this size; null while there is no text or the renderer loads. */
  fit: DecalFit | null;
  /** There is a text and its measure is on its way (fit still null). */
  measuring: boolean;
  /** Why it does not fit the product, in the shopper's words; null when it fits. */
  problem: string | null;
  disabled?: boolean;
}

/**
 * The letter size, in whole millimetres from the font's smallest clean size up to what fits across
 * the product, and the decal's real size at it, live: what the print room will cut.
 */
export function SizeControl({ fontSize, min, max, onChange, fit, measuring, problem, disabled }: Props) {
  const value = Math.min(Math.max(fontSize, min), Math.max(min, max));
  return (
    <div className="field size-control">
      <label className="field__label" htmlFor="letter-size">
        6. Letter size<span className="muted">: {letterMm(value)} mm</span>
      </label>
      <div className="size-control__row">
        <span className="size-control__end" aria-hidden="true">{letterMm(min)}</span>
        <input
          id="letter-size"
          type="range"
          min={min}
          max={Math.max(min, max)}
          step={2}
          value={value}
          disabled={disabled || max <= min}
          aria-valuetext={`${letterMm(value)} mm letters`}
          aria-describedby="decal-size fit-problem"
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <span className="size-control__end" aria-hidden="true">{letterMm(Math.max(min, max))}</span>
      </div>
      <p id="decal-size" className="size-control__size" data-testid="decal-size" aria-live="polite">
        {fit ? (
          <>
            Your decal: <strong>{measuredSize(fit)}</strong> ({letterMm(value)} mm letters)
          </>
        ) : measuring ? (
          'Measuring your decal…'
        ) : (
          'Type your text to see the decal’s size.'
        )}
      </p>
      <p id="fit-problem" className="field__error" data-testid="fit-problem" role="alert" hidden={!problem}>
        {problem}
      </p>
    </div>
  );
}
