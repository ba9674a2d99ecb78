import { useEffect, useRef } from 'react';
import { useDesignFonts } from '../../render/use-design';
import { rendererTextStep } from './draw-design';
import { CANVAS_SIZE, drawDesign, type DesignToDraw } from './draw-mockup';

/** Performance marks around a keystroke's repaint, read by bench/canvas.bench.ts. */
export const INPUT_MARK = 'design-input';
export const REPAINT_MEASURE = 'canvas-repaint';

export function markDesignInput(): void {
  performance.mark(INPUT_MARK);
}

interface Props extends DesignToDraw {
  label: string;
  busy?: string | null;
}

/**
 * The 600x600 preview. The text is drawn from the shared renderer (draw-design.ts), whose font
 * arrives lazily: until then the product shows with a note, never with a stand-in font.
 * Repaints before the browser paints the keystroke.
 */
export function DesignCanvas({ label, busy, ...design }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { renderer, fonts, error } = useDesignFonts([design.font]);

  // A passive effect: after a keystroke (a discrete event) React runs it before the browser paints;
  // on mount it runs in its own task after the first paint, keeping the page's first render short.
  useEffect(() => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx) return;
    drawDesign(
      ctx,
      design,
      rendererTextStep(design, { renderer, fonts }, (at, layout) => {
        // Where the print area lies on the preview, in canvas px: the preview-versus-print test reads it.
        element.dataset.printArea = [at.x, at.y, layout.area.width * at.pxPerMm, layout.area.length * at.pxPerMm].map((n) => n.toFixed(2)).join(' ');
      }),
    );
    if (performance.getEntriesByName(INPUT_MARK, 'mark').length) {
      performance.measure(REPAINT_MEASURE, INPUT_MARK);
      performance.clearMarks(INPUT_MARK);
    }
    // The design fields are the inputs; renderer and fonts repaint once the font has arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the design's fields, not the object: a new object each render must not repaint
  }, [design.productType, design.variant, design.text, design.colorHex, design.font, design.fontSize, renderer, fonts]);

  const fontNote = error ?? (!fonts ? `Loading the ${design.font} font…` : null);
  return (
    <div className="design-canvas">
      <canvas ref={canvas} width={CANVAS_SIZE} height={CANVAS_SIZE} role="img" aria-label={label} aria-busy={!fonts} />
      {busy ? (
        <div className="design-canvas__busy" role="status">
          <span className="spinner" aria-hidden="true" /> {busy}
        </div>
      ) : fontNote ? (
        <div className={`design-canvas__note${error ? ' design-canvas__note--error' : ''}`} role="status">
          {error ? null : <span className="spinner" aria-hidden="true" />} {fontNote}
        </div>
      ) : null}
    </div>
  );
}
