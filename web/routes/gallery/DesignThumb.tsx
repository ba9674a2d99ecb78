import { useEffect, useRef } from 'react';
import { colorHex, DEFAULT_FONT_SIZE, productTypeOfVariant } from '../../../shared/catalog';
import { useDesignLayout } from '../../render/use-design';
import { drawDesignText, layoutTextStep } from '../customize/draw-design';
import { CANVAS_SIZE, drawDesign, mockupLayersPending, type DesignToDraw } from '../customize/draw-mockup';
import { useProductArt } from '../customize/use-product-art';
import { galleryOutline } from './gallery-outlines';

const THUMB_SIZE = 300;
/** The customizer's 600 px mockup drawn at half size, straight from its shapes. */
const THUMB_VIEW = { zoom: THUMB_SIZE / CANVAS_SIZE, tx: 0, ty: 0 };

interface ThumbProps {
  id?: string;
  device: string;
  text: string;
  color: string;
  font: string;
}

/** Each card's picture, drawn once per page: a reshuffle, a filter or the list view only copies it. */
const drawn = new Map<string, HTMLCanvasElement>();
/** Pictures still to draw, one per task, so a page of cards never blocks input for long. */
const queue: (() => void)[] = [];

function drawSoon(job: () => void): void {
  queue.push(job);
  if (queue.length === 1) setTimeout(drainOne, 0);
}

function drainOne(): void {
  queue.shift()?.();
  if (queue.length) setTimeout(drainOne, 0);
}

function toDraw(design: ThumbProps): DesignToDraw {
  return { productType: productTypeOfVariant(design.device)?.id ?? 'phone-case', variant: design.device, text: design.text, colorHex: colorHex(design.color), font: design.font, fontSize: DEFAULT_FONT_SIZE };
}

/** Copies the card's picture into its canvas, drawing it first (once) when it is new. */
function useThumbPicture(key: string, design: DesignToDraw, draw: ((ctx: CanvasRenderingContext2D) => void) | null) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The drawing is a new closure each render; the picture only depends on the key and readiness.
  const drawRef = useRef(draw);
  useEffect(() => {
    drawRef.current = draw;
  });
  const ready = draw !== null;
  useEffect(() => {
    const show = (picture: HTMLCanvasElement) => canvas.current?.getContext('2d')?.drawImage(picture, 0, 0);
    const cached = drawn.get(key);
    if (cached) return void show(cached);
    if (!ready) return;
    let live = true;
    const drawPicture = () => drawSoon(() => {
      let picture = drawn.get(key);
      if (!picture) {
        picture = document.createElement('canvas');
        picture.width = THUMB_SIZE;
        picture.height = THUMB_SIZE;
        const ctx = picture.getContext('2d');
        const paint = drawRef.current;
        if (!ctx || !paint) return;
        paint(ctx);
        drawn.set(key, picture);
      }
      if (live) show(picture);
    });
    // The product's layers come from the mockup worker; the queue then only copies and adds the text.
    const pending = mockupLayersPending(design.productType, design.variant, THUMB_VIEW);
    if (pending) void pending.then(drawPicture);
    else drawPicture();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the design's product and variant
  }, [key, ready]);
  return canvas;
}

function ThumbCanvas({ canvas }: { canvas: React.RefObject<HTMLCanvasElement | null> }) {
  return <canvas ref={canvas} className="thumb" width={THUMB_SIZE} height={THUMB_SIZE} aria-hidden="true" />;
}

/** A sample drawn from its outlines laid out ahead of time: no font library, no font files. */
function SampleThumb({ design, outline }: { design: ThumbProps; outline: NonNullable<ReturnType<typeof galleryOutline>> }) {
  const key = [design.device, design.text, design.color, design.font].join('\u0001');
  const artReady = useProductArt(toDraw(design).productType);
  const canvas = useThumbPicture(key, toDraw(design), artReady ? (ctx) => drawDesign(ctx, toDraw(design), (inner) => void drawDesignText(inner, outline, { fill: colorHex(design.color), faint: false }), THUMB_VIEW) : null);
  return <ThumbCanvas canvas={canvas} />;
}

/** Any other design, laid out by the shared renderer in the render worker. */
function LiveThumb({ design }: { design: ThumbProps }) {
  const drawn = toDraw(design);
  const { layout } = useDesignLayout({ productType: drawn.productType, device: design.device, text: design.text, color: '', font: design.font, fontSize: drawn.fontSize });
  const key = [design.device, design.text, design.color, design.font].join('\u0001');
  const artReady = useProductArt(drawn.productType);
  const canvas = useThumbPicture(key, drawn, layout && artReady ? (ctx) => drawDesign(ctx, drawn, layoutTextStep(drawn, layout), THUMB_VIEW) : null);
  return <ThumbCanvas canvas={canvas} />;
}

/** A gallery design drawn by the customizer's own mockup and text step (the shared renderer), at half size. */
export function DesignThumb(design: ThumbProps) {
  const outline = galleryOutline(design);
  return outline ? <SampleThumb design={design} outline={outline} /> : <LiveThumb design={design} />;
}
