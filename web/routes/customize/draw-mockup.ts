import type { ProductTypeId } from '../../../shared/catalog';

export const CANVAS_SIZE = 600;

/** Where the text goes: centre, the length it may run along and the room across it. */
export interface TextRegion {
  cx: number;
  cy: number;
  length: number;
  thickness: number;
}

interface Layers {
  base: HTMLCanvasElement;
  gloss: HTMLCanvasElement;
  region: TextRegion;
}

type Ctx = CanvasRenderingContext2D;

function layer(draw: (ctx: Ctx) => void): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = CANVAS_SIZE;
  canvas.height = CANVAS_SIZE;
  const ctx = canvas.getContext('2d');
  if (ctx) draw(ctx);
  return canvas;
}

function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** A summer-villa backdrop: sunset gradient, sun and a strip of pool water. */
function drawBackdrop(ctx: Ctx) {
  const sky = ctx.createLinearGradient(0, 0, 0, CANVAS_SIZE);
  sky.addColorStop(0, '#FFE3EF');
  sky.addColorStop(0.55, '#FFD1B3');
  sky.addColorStop(1, '#FFB38A');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
  ctx.fillStyle = 'rgba(255, 122, 0, 0.18)';
  ctx.beginPath();
  ctx.arc(470, 140, 90, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgba(64, 196, 214, 0.55)';
  ctx.beginPath();
  ctx.moveTo(0, 500);
  for (let x = 0; x <= CANVAS_SIZE; x += 50) ctx.quadraticCurveTo(x + 25, 488 + ((x / 50) % 2) * 18, x + 50, 500);
  ctx.lineTo(CANVAS_SIZE, CANVAS_SIZE);
  ctx.lineTo(0, CANVAS_SIZE);
  ctx.closePath();
  ctx.fill();
}

function shadow(ctx: Ctx, blur = 24) {
  ctx.shadowColor = 'rgba(120, 20, 60, 0.28)';
  ctx.shadowBlur = blur;
  ctx.shadowOffsetY = 10;
}

function noShadow(ctx: Ctx) {
  ctx.shadowColor = 'transparent';
  ctx.shadowBlur = 0;
  ctx.shadowOffsetY = 0;
}

function lens(ctx: Ctx, x: number, y: number, r: number) {
  ctx.fillStyle = '#2B2B35';
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#4A4A63';
  ctx.beginPath();
  ctx.arc(x, y, r * 0.55, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.55)';
  ctx.beginPath();
  ctx.arc(x - r * 0.25, y - r * 0.25, r * 0.18, 0, Math.PI * 2);
  ctx.fill();
}

function drawPhoneCase(ctx: Ctx, variant: string): TextRegion {
  const samsung = variant.startsWith('Samsung');
  const big = variant.includes('Max');
  const pro = variant.includes('Pro');
  const w = big ? 290 : 270;
  const h = big ? 550 : 530;
  const x = (CANVAS_SIZE - w) / 2;
  const y = (CANVAS_SIZE - h) / 2;
  const r = samsung ? 34 : 48;
  shadow(ctx);
  ctx.fillStyle = '#FFFFFF';
  roundRect(ctx, x, y, w, h, r);
  ctx.fill();
  noShadow(ctx);
  const tint = ctx.createLinearGradient(x, y, x + w, y + h);
  tint.addColorStop(0, 'rgba(255, 228, 240, 0.9)');
  tint.addColorStop(1, 'rgba(255, 245, 236, 0.9)');
  ctx.fillStyle = tint;
  roundRect(ctx, x + 8, y + 8, w - 16, h - 16, r - 8);
  ctx.fill();
  ctx.strokeStyle = '#E9C9D8';
  ctx.lineWidth = 3;
  roundRect(ctx, x, y, w, h, r);
  ctx.stroke();
  ctx.fillStyle = '#E9C9D8';
  roundRect(ctx, x + w - 1, y + 120, 6, 70, 3);
  ctx.fill();
  roundRect(ctx, x - 5, y + 110, 6, 40, 3);
  ctx.fill();
  if (samsung) {
    for (let i = 0; i < 3; i++) lens(ctx, x + 46, y + 52 + i * 48, 18);
  } else {
    const size = pro ? 128 : 110;
    ctx.fillStyle = 'rgba(60, 40, 60, 0.12)';
    roundRect(ctx, x + 18, y + 18, size, size, 30);
    ctx.fill();
    if (pro) {
      lens(ctx, x + 52, y + 52, 24);
      lens(ctx, x + 52, y + 112, 24);
      lens(ctx, x + 108, y + 82, 24);
    } else {
      lens(ctx, x + 50, y + 50, 22);
      lens(ctx, x + 96, y + 96, 22);
    }
  }
  return { cx: CANVAS_SIZE / 2 + 10, cy: y + h * 0.6, length: h * 0.62, thickness: w * 0.55 };
}

function drawWaterBottle(ctx: Ctx, variant: string): TextRegion {
  const large = variant.startsWith('Large');
  const w = large ? 230 : 200;
  const top = large ? 135 : 160;
  const bottom = 570;
  const x = (CANVAS_SIZE - w) / 2;
  shadow(ctx);
  const body = ctx.createLinearGradient(x, 0, x + w, 0);
  body.addColorStop(0, '#F4F6FA');
  body.addColorStop(0.35, '#FFFFFF');
  body.addColorStop(1, '#D8DEE8');
  ctx.fillStyle = body;
  roundRect(ctx, x, top, w, bottom - top, 64);
  ctx.fill();
  noShadow(ctx);
  ctx.fillStyle = '#E3E8F0';
  roundRect(ctx, x + 40, top - 38, w - 80, 50, 16);
  ctx.fill();
  ctx.fillStyle = '#FF1493';
  roundRect(ctx, x + 30, top - 100, w - 60, 70, 18);
  ctx.fill();
  ctx.strokeStyle = 'rgba(255,255,255,0.5)';
  ctx.lineWidth = 4;
  for (let i = 1; i < 5; i++) {
    ctx.beginPath();
    ctx.moveTo(x + 30 + ((w - 60) / 5) * i, top - 92);
    ctx.lineTo(x + 30 + ((w - 60) / 5) * i, top - 38);
    ctx.stroke();
  }
  const length = (bottom - top) * 0.72;
  return { cx: CANVAS_SIZE / 2, cy: top + (bottom - top) * 0.52, length, thickness: w * 0.6 };
}

function drawChampagneFlute(ctx: Ctx): TextRegion {
  const cx = CANVAS_SIZE / 2;
  const bowl = (c: Ctx) => {
    c.beginPath();
    c.moveTo(cx - 72, 40);
    c.bezierCurveTo(cx - 78, 200, cx - 58, 330, cx - 14, 392);
    c.lineTo(cx + 14, 392);
    c.bezierCurveTo(cx + 58, 330, cx + 78, 200, cx + 72, 40);
    c.closePath();
  };
  shadow(ctx, 18);
  ctx.fillStyle = 'rgba(255,255,255,0.75)';
  bowl(ctx);
  ctx.fill();
  noShadow(ctx);
  ctx.save();
  bowl(ctx);
  ctx.clip();
  const fizz = ctx.createLinearGradient(0, 110, 0, 392);
  fizz.addColorStop(0, '#FFE9A8');
  fizz.addColorStop(1, '#F7C948');
  ctx.fillStyle = fizz;
  ctx.fillRect(cx - 90, 110, 180, 290);
  ctx.fillStyle = 'rgba(255,255,255,0.7)';
  for (let i = 0; i < 14; i++) {
    ctx.beginPath();
    ctx.arc(cx - 40 + ((i * 37) % 80), 130 + ((i * 53) % 240), 2 + (i % 3), 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
  ctx.strokeStyle = 'rgba(150, 120, 140, 0.55)';
  ctx.lineWidth = 3;
  bowl(ctx);
  ctx.stroke();
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.strokeStyle = 'rgba(150, 120, 140, 0.55)';
  ctx.fillRect(cx - 6, 392, 12, 150);
  ctx.strokeRect(cx - 6, 392, 12, 150);
  ctx.beginPath();
  ctx.ellipse(cx, 548, 92, 18, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  return { cx, cy: 225, length: 260, thickness: 96 };
}

function drawGloss(ctx: Ctx, productType: ProductTypeId) {
  const gloss = ctx.createLinearGradient(0, 0, CANVAS_SIZE, 0);
  gloss.addColorStop(0, 'rgba(255,255,255,0)');
  gloss.addColorStop(0.5, 'rgba(255,255,255,0.28)');
  gloss.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = gloss;
  if (productType === 'champagne-glass') ctx.fillRect(CANVAS_SIZE / 2 - 52, 60, 16, 300);
  else ctx.fillRect(CANVAS_SIZE / 2 - 95, 90, 26, 430);
}

const cache = new Map<string, Layers>();

/** The static parts of a mockup are drawn once per product and variant; keystrokes only blit them. */
export function mockupLayers(productType: ProductTypeId, variant: string): Layers {
  const key = `${productType}|${variant}`;
  let layers = cache.get(key);
  if (!layers) {
    let region: TextRegion = { cx: 300, cy: 300, length: 300, thickness: 100 };
    const base = layer((ctx) => {
      drawBackdrop(ctx);
      if (productType === 'water-bottle') region = drawWaterBottle(ctx, variant);
      else if (productType === 'champagne-glass') region = drawChampagneFlute(ctx);
      else region = drawPhoneCase(ctx, variant);
    });
    const gloss = layer((ctx) => drawGloss(ctx, productType));
    layers = { base, gloss, region };
    cache.set(key, layers);
  }
  return layers;
}

export interface DesignToDraw {
  productType: ProductTypeId;
  variant: string;
  text: string;
  colorHex: string | null;
  font: string;
  fontSize: number;
}

/**
 * Draws the whole preview: the mockup, then the design's text (drawText, from the shared renderer:
 * draw-design.ts) into the product's print region, then the gloss over it.
 */
export function drawDesign(ctx: Ctx, design: DesignToDraw, drawText: (ctx: Ctx, region: TextRegion) => void): void {
  const { base, gloss, region } = mockupLayers(design.productType, design.variant);
  ctx.clearRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
  ctx.drawImage(base, 0, 0);
  drawText(ctx, region);
  ctx.drawImage(gloss, 0, 0);
}
