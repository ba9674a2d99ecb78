/** Small painting helpers shared by the product drawings: paths, soft shadows, lenses. */
/** The page's canvas or an OffscreenCanvas in the mockup worker (mockup-worker.ts). */
export type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export function roundRectPath(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  const radius = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}

export function circle(ctx: Ctx, x: number, y: number, r: number, fill: string | CanvasGradient): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

/** A soft contact shadow on the floor under a product, as a studio photo has. */
export function floorShadow(ctx: Ctx, cx: number, cy: number, rx: number, ry: number, alpha = 0.28): void {
  const shadow = ctx.createRadialGradient(cx, cy, 0, cx, cy, rx);
  shadow.addColorStop(0, `rgba(70, 20, 45, ${alpha})`);
  shadow.addColorStop(1, 'rgba(70, 20, 45, 0)');
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(1, ry / rx);
  ctx.translate(-cx, -cy);
  ctx.fillStyle = shadow;
  ctx.beginPath();
  ctx.arc(cx, cy, rx, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** Fills the current path with a blurred drop shadow, then clears the shadow settings. */
export function fillWithShadow(ctx: Ctx, fill: string | CanvasGradient, blur = 34, offsetY = 18): void {
  ctx.save();
  ctx.shadowColor = 'rgba(80, 20, 50, 0.30)';
  ctx.shadowBlur = blur;
  ctx.shadowOffsetX = 6;
  ctx.shadowOffsetY = offsetY;
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.restore();
}

/** A camera lens: brushed ring, black glass, a violet coating reflection and a catch-light. */
export function lens(ctx: Ctx, x: number, y: number, r: number): void {
  const ring = ctx.createLinearGradient(x - r, y - r, x + r, y + r);
  ring.addColorStop(0, '#d9d6dd');
  ring.addColorStop(0.5, '#7d7985');
  ring.addColorStop(1, '#c7c3cc');
  circle(ctx, x, y, r, ring);
  circle(ctx, x, y, r * 0.84, '#0d0c12');
  const glass = ctx.createRadialGradient(x - r * 0.2, y - r * 0.25, r * 0.05, x, y, r * 0.62);
  glass.addColorStop(0, '#5b4f8f');
  glass.addColorStop(0.55, '#1d1a33');
  glass.addColorStop(1, '#07060c');
  circle(ctx, x, y, r * 0.62, glass);
  circle(ctx, x, y, r * 0.22, '#020204');
  circle(ctx, x - r * 0.28, y - r * 0.3, r * 0.12, 'rgba(255, 255, 255, 0.85)');
  circle(ctx, x + r * 0.22, y + r * 0.26, r * 0.06, 'rgba(170, 200, 255, 0.6)');
}

/** The True Tone flash: a warm, frosted disc. */
export function flash(ctx: Ctx, x: number, y: number, r: number): void {
  const disc = ctx.createRadialGradient(x - r * 0.3, y - r * 0.3, 0, x, y, r);
  disc.addColorStop(0, '#fffdf3');
  disc.addColorStop(1, '#e8d9a8');
  circle(ctx, x, y, r, '#bdb8c2');
  circle(ctx, x, y, r * 0.8, disc);
}
