/**
 * The water bottle (white powder-coated steel, brushed-steel lid with a carry loop) and the
 * champagne flute (clear glass, champagne and bubbles), drawn like product photos. Their gloss
 * layers are drawn after the text so the print sits under the reflections.
 */
import { bottleShape, CANVAS_SIZE, FLUTE } from './mockup-geometry';
import { circle, fillWithShadow, floorShadow, roundRectPath, type Ctx } from './mockup-paint';

const CX = CANVAS_SIZE / 2;

function bottleBodyPath(ctx: Ctx, variant: string): void {
  const b = bottleShape(variant);
  const left = CX - b.w / 2;
  const right = CX + b.w / 2;
  const neckTop = b.shoulder - 44;
  ctx.beginPath();
  ctx.moveTo(CX - b.neckW / 2, neckTop);
  ctx.lineTo(CX + b.neckW / 2, neckTop);
  ctx.bezierCurveTo(CX + b.neckW / 2, b.shoulder - 14, right, b.shoulder - 18, right, b.shoulder + 24);
  ctx.lineTo(right, b.base - 26);
  ctx.quadraticCurveTo(right, b.base, right - 26, b.base);
  ctx.lineTo(left + 26, b.base);
  ctx.quadraticCurveTo(left, b.base, left, b.base - 26);
  ctx.lineTo(left, b.shoulder + 24);
  ctx.bezierCurveTo(left, b.shoulder - 18, CX - b.neckW / 2, b.shoulder - 14, CX - b.neckW / 2, neckTop);
  ctx.closePath();
}

/** Light from the left: bright band at a third, deep falloff at the right edge (a cylinder). */
function cylinder(ctx: Ctx, left: number, width: number, light: string, mid: string, dark: string): CanvasGradient {
  const g = ctx.createLinearGradient(left, 0, left + width, 0);
  g.addColorStop(0, mid);
  g.addColorStop(0.28, light);
  g.addColorStop(0.62, mid);
  g.addColorStop(1, dark);
  return g;
}

export function drawWaterBottle(ctx: Ctx, variant: string): void {
  const b = bottleShape(variant);
  const left = CX - b.w / 2;
  floorShadow(ctx, CX + 12, b.base + 6, b.w * 0.78, 18);
  bottleBodyPath(ctx, variant);
  fillWithShadow(ctx, '#f3f1f2');
  ctx.fillStyle = cylinder(ctx, left, b.w, '#ffffff', '#ebe8ea', '#bdb5bb');
  ctx.fill();
  // The steel base ring.
  ctx.save();
  bottleBodyPath(ctx, variant);
  ctx.clip();
  ctx.fillStyle = cylinder(ctx, left, b.w, '#f4f4f6', '#b9bac0', '#7c7d86');
  ctx.fillRect(left, b.base - 16, b.w, 16);
  ctx.restore();
  // Lid: brushed steel with a carry loop.
  const lidW = b.neckW + 8;
  const lidTop = b.capTop + 26;
  const lidBottom = b.shoulder - 40;
  ctx.lineWidth = 12;
  ctx.strokeStyle = '#a7a8b0';
  ctx.beginPath();
  ctx.moveTo(CX - 26, lidTop + 6);
  ctx.bezierCurveTo(CX - 26, b.capTop - 8, CX + 26, b.capTop - 8, CX + 26, lidTop + 6);
  ctx.stroke();
  roundRectPath(ctx, CX - lidW / 2, lidTop, lidW, lidBottom - lidTop, 14);
  ctx.fillStyle = cylinder(ctx, CX - lidW / 2, lidW, '#fbfbfd', '#c9cad1', '#8d8e97');
  ctx.fill();
  ctx.fillStyle = 'rgba(60, 60, 70, 0.18)';
  for (let y = lidTop + 12; y < lidBottom - 8; y += 7) ctx.fillRect(CX - lidW / 2 + 4, y, lidW - 8, 1.5);
}

export function drawBottleGloss(ctx: Ctx, variant: string): void {
  const b = bottleShape(variant);
  const left = CX - b.w / 2;
  ctx.save();
  bottleBodyPath(ctx, variant);
  ctx.clip();
  const streak = ctx.createLinearGradient(left + b.w * 0.16, 0, left + b.w * 0.34, 0);
  streak.addColorStop(0, 'rgba(255, 255, 255, 0)');
  streak.addColorStop(0.5, 'rgba(255, 255, 255, 0.55)');
  streak.addColorStop(1, 'rgba(255, 255, 255, 0)');
  ctx.fillStyle = streak;
  ctx.fillRect(left, b.shoulder - 30, b.w, b.base - b.shoulder);
  const edge = ctx.createLinearGradient(left + b.w * 0.86, 0, left + b.w, 0);
  edge.addColorStop(0, 'rgba(90, 70, 85, 0)');
  edge.addColorStop(1, 'rgba(90, 70, 85, 0.22)');
  ctx.fillStyle = edge;
  ctx.fillRect(left, b.shoulder - 40, b.w, b.base - b.shoulder + 40);
  ctx.restore();
}

function bowlPath(ctx: Ctx): void {
  const f = FLUTE;
  ctx.beginPath();
  ctx.moveTo(CX - f.rimHalf, f.rimY);
  ctx.bezierCurveTo(CX - f.bellyHalf - 6, f.bellyY, CX - f.bellyHalf + 10, f.bowlBottom - 70, CX - 10, f.bowlBottom);
  ctx.lineTo(CX + 10, f.bowlBottom);
  ctx.bezierCurveTo(CX + f.bellyHalf - 10, f.bowlBottom - 70, CX + f.bellyHalf + 6, f.bellyY, CX + f.rimHalf, f.rimY);
  ctx.closePath();
}

export function drawChampagneFlute(ctx: Ctx): void {
  const f = FLUTE;
  floorShadow(ctx, CX + 10, f.footY + 8, f.footRx * 1.2, 16, 0.22);
  // Foot and stem: clear glass, seen by its edges and reflections.
  ctx.beginPath();
  ctx.ellipse(CX, f.footY, f.footRx, f.footRy, 0, 0, Math.PI * 2);
  const foot = ctx.createLinearGradient(CX - f.footRx, 0, CX + f.footRx, 0);
  foot.addColorStop(0, 'rgba(255, 255, 255, 0.85)');
  foot.addColorStop(0.5, 'rgba(235, 225, 232, 0.55)');
  foot.addColorStop(1, 'rgba(200, 185, 195, 0.8)');
  ctx.fillStyle = foot;
  ctx.fill();
  ctx.strokeStyle = 'rgba(140, 110, 130, 0.45)';
  ctx.lineWidth = 1.5;
  ctx.stroke();
  const stem = ctx.createLinearGradient(CX - 6, 0, CX + 6, 0);
  stem.addColorStop(0, 'rgba(170, 150, 165, 0.7)');
  stem.addColorStop(0.4, 'rgba(255, 255, 255, 0.95)');
  stem.addColorStop(1, 'rgba(160, 140, 155, 0.75)');
  ctx.fillStyle = stem;
  ctx.beginPath();
  ctx.moveTo(CX - 9, f.bowlBottom);
  ctx.quadraticCurveTo(CX - 4, f.bowlBottom + 30, CX - 4, f.footY - 20);
  ctx.quadraticCurveTo(CX - 6, f.footY - 4, CX - 22, f.footY - 2);
  ctx.lineTo(CX + 22, f.footY - 2);
  ctx.quadraticCurveTo(CX + 6, f.footY - 4, CX + 4, f.footY - 20);
  ctx.quadraticCurveTo(CX + 4, f.bowlBottom + 30, CX + 9, f.bowlBottom);
  ctx.closePath();
  ctx.fill();
  // Bowl: glass, then the champagne inside with its meniscus and bubbles.
  bowlPath(ctx);
  fillWithShadow(ctx, 'rgba(255, 255, 255, 0.55)', 26, 14);
  ctx.save();
  bowlPath(ctx);
  ctx.clip();
  const wine = ctx.createLinearGradient(CX - f.bellyHalf, 0, CX + f.bellyHalf, 0);
  wine.addColorStop(0, '#f1d27c');
  wine.addColorStop(0.35, '#fff0bf');
  wine.addColorStop(0.7, '#f4d98a');
  wine.addColorStop(1, '#d9ad45');
  ctx.fillStyle = wine;
  ctx.fillRect(CX - 90, f.liquidTop, 180, f.bowlBottom - f.liquidTop);
  ctx.beginPath();
  ctx.ellipse(CX, f.liquidTop, 72, 7, 0, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(255, 250, 225, 0.95)';
  ctx.fill();
  for (let i = 0; i < 26; i++) {
    const x = CX - 46 + ((i * 37) % 92);
    const y = f.liquidTop + 16 + ((i * 71) % (f.bowlBottom - f.liquidTop - 40));
    circle(ctx, x, y, 1.2 + (i % 3) * 0.8, 'rgba(255, 255, 255, 0.75)');
  }
  ctx.restore();
  bowlPath(ctx);
  ctx.strokeStyle = 'rgba(140, 110, 130, 0.5)';
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(CX, f.rimY, f.rimHalf, 6, 0, 0, Math.PI * 2);
  ctx.strokeStyle = 'rgba(140, 110, 130, 0.45)';
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

export function drawFluteGloss(ctx: Ctx): void {
  const f = FLUTE;
  ctx.save();
  bowlPath(ctx);
  ctx.clip();
  const reflection = ctx.createLinearGradient(CX - f.bellyHalf + 8, 0, CX - f.bellyHalf + 30, 0);
  reflection.addColorStop(0, 'rgba(255, 255, 255, 0)');
  reflection.addColorStop(0.5, 'rgba(255, 255, 255, 0.8)');
  reflection.addColorStop(1, 'rgba(255, 255, 255, 0)');
  ctx.fillStyle = reflection;
  ctx.fillRect(CX - f.bellyHalf, f.rimY + 14, 44, f.bowlBottom - f.rimY - 90);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.35)';
  ctx.fillRect(CX + f.bellyHalf - 22, f.rimY + 40, 6, 180);
  ctx.restore();
}
