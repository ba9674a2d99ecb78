import { BRAND } from './contact';

/** The branded start screen; index.html carries the same markup so it paints before any script. */
export function LoadingScreen({ label = 'Getting the villa ready…' }: { label?: string }) {
  return (
    <div className="splash" role="status" aria-live="polite">
      <p className="splash__logo" aria-hidden="true">❤</p>
      <p className="splash__brand">{BRAND}</p>
      <p className="splash__tagline">Your catchphrase from the villa as a vinyl decal for your phone case, water bottle or champagne flute.</p>
      <p className="splash__label">{label}</p>
      <span className="splash__bar" aria-hidden="true" />
    </div>
  );
}
