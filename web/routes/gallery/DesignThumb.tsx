import { useEffect, useRef } from 'react';
import { colorHex, DEFAULT_FONT_SIZE, productTypeOfVariant } from '../../../shared/catalog';
import { loadDesignFont } from '../../catalog/fonts';
import { CANVAS_SIZE, drawDesign } from '../customize/draw-mockup';

const THUMB_SIZE = 300;

/** A gallery design drawn by the customizer's own mockup (draw-mockup.ts), at half size. */
export function DesignThumb({ device, text, color, font }: { device: string; text: string; color: string; font: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let alive = true;
    const paint = () => {
      const ctx = canvas.current?.getContext('2d');
      if (!ctx || !alive) return;
      ctx.setTransform(THUMB_SIZE / CANVAS_SIZE, 0, 0, THUMB_SIZE / CANVAS_SIZE, 0, 0);
      const productType = productTypeOfVariant(device)?.id ?? 'phone-case';
      drawDesign(ctx, { productType, variant: device, text, colorHex: colorHex(color), font, fontSize: DEFAULT_FONT_SIZE });
    };
    paint();
    void loadDesignFont(font).then(paint);
    return () => {
      alive = false;
    };
  }, [device, text, color, font]);
  return <canvas ref={canvas} className="thumb" width={THUMB_SIZE} height={THUMB_SIZE} aria-hidden="true" />;
}
