import { useEffect, useRef } from 'react';
import { colorHex, DEFAULT_FONT_SIZE, productTypeOfVariant } from '../../../shared/catalog';
import { useDesignFonts } from '../../render/use-design';
import { rendererTextStep } from '../customize/draw-design';
import { CANVAS_SIZE, drawDesign, type DesignToDraw } from '../customize/draw-mockup';

const THUMB_SIZE = 300;

/** A gallery design drawn by the customizer's own mockup and text step (the shared renderer), at half size. */
export function DesignThumb({ device, text, color, font }: { device: string; text: string; color: string; font: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { renderer, fonts } = useDesignFonts([font]);
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(THUMB_SIZE / CANVAS_SIZE, 0, 0, THUMB_SIZE / CANVAS_SIZE, 0, 0);
    const design: DesignToDraw = { productType: productTypeOfVariant(device)?.id ?? 'phone-case', variant: device, text, colorHex: colorHex(color), font, fontSize: DEFAULT_FONT_SIZE };
    drawDesign(ctx, design, rendererTextStep(design, { renderer, fonts }));
  }, [device, text, color, font, renderer, fonts]);
  return <canvas ref={canvas} className="thumb" width={THUMB_SIZE} height={THUMB_SIZE} aria-hidden="true" />;
}
