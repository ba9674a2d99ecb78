import type { ThinFeatureWarning } from './use-thin-features';

const mm = (value: number) => `${value.toFixed(value < 1 ? 2 : 1)} mm`;

/**
 * A warning, never a refusal: parts of the design come out thinner than the cutter weeds cleanly
 * (MIN_FEATURE_MM). The shopper may still order it; most fix it with a bolder font or fewer letters.
 */
export function ThinFeatureNote({ warning }: { warning: ThinFeatureWarning | null }) {
  const parts: string[] = [];
  if (warning?.thinnestStrokeMm != null) parts.push(`some strokes are only about ${mm(warning.thinnestStrokeMm)} wide`);
  if (warning?.narrowestGapMm != null) parts.push(`some gaps between strokes are only about ${mm(warning.narrowestGapMm)}`);
  return (
    <p id="thin-feature-note" className="design-note" data-testid="thin-feature-note" hidden={!warning} aria-live="polite">
      {warning && (
        <>
          <span aria-hidden="true">⚠ </span>Fine detail: {parts.join(' and ')}, under the {mm(warning.minMm)} our cutter handles cleanly, so they may tear
          when the vinyl is weeded. Fewer letters, a bolder font or a bigger product print them thicker.
        </>
      )}
    </p>
  );
}
