import { useEffect, useRef, useState } from 'react';
import { loadDesignFont } from '../../catalog/fonts';
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

/** The 600x600 preview. Repaints before the browser paints the keystroke. */
export function DesignCanvas({ label, busy, ...design }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [fontReady, setFontReady] = useState(0);

  useEffect(() => {
    let alive = true;
    loadDesignFont(design.font).then(() => alive && setFontReady((n) => n + 1));
    return () => {
      alive = false;
    };
  }, [design.font]);

  // A passive effect: after a keystroke (a discrete event) React runs it before the browser paints;
  // on mount it runs in its own task after the first paint, keeping the page's first render short.
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    drawDesign(ctx, design);
    if (performance.getEntriesByName(INPUT_MARK, 'mark').length) {
      performance.measure(REPAINT_MEASURE, INPUT_MARK);
      performance.clearMarks(INPUT_MARK);
    }
    // The design fields are the inputs; fontReady repaints once the web font has arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [design.productType, design.variant, design.text, design.colorHex, design.font, design.fontSize, fontReady]);

  return (
    <div className="design-canvas">
      <canvas ref={canvas} width={CANVAS_SIZE} height={CANVAS_SIZE} role="img" aria-label={label} />
      {busy && (
        <div className="design-canvas__busy" role="status">
          <span className="spinner" aria-hidden="true" /> {busy}
        </div>
      )}
    </div>
  );
}
