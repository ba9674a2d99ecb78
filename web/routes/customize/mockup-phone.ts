/**
 * A phone case seen from the back, drawn like a product photo: a glossy white case to the model's
 * real proportions, its side buttons, the cut-out showing the phone's own camera layout, a drop
 * shadow on the floor. The gloss over the text is drawn separately (drawPhoneGloss), after it.
 */
import { phoneBox, phoneSpec, PHONE_PX_PER_MM, type Box, type PhoneSpec } from './mockup-geometry';
import { circle, fillWithShadow, flash, floorShadow, lens, roundRectPath, type Ctx } from './mockup-paint';

const MM = PHONE_PX_PER_MM;

function casePath(ctx: Ctx, box: Box, spec: PhoneSpec, inset = 0): void {
  roundRectPath(ctx, box.x + inset, box.y + inset, box.w - inset * 2, box.h - inset * 2, box.w * spec.corner - inset);
}

function sideButtons(ctx: Ctx, box: Box, samsung: boolean): void {
  ctx.fillStyle = '#e4dde0';
  const button = (x: number, y: number, h: number) => {
    roundRectPath(ctx, x, y, 7, h, 3);
    ctx.fill();
  };
  if (samsung) {
    button(box.x + box.w - 4, box.y + 30 * MM, 22 * MM);
    button(box.x + box.w - 4, box.y + 56 * MM, 9 * MM);
  } else {
    button(box.x + box.w - 4, box.y + 36 * MM, 16 * MM);
    button(box.x - 3, box.y + 24 * MM, 6 * MM);
    button(box.x - 3, box.y + 35 * MM, 10 * MM);
    button(box.x - 3, box.y + 48 * MM, 10 * MM);
  }
}

/** The case body: white polycarbonate with a soft cylindrical falloff towards the edges. */
function caseBody(ctx: Ctx, box: Box, spec: PhoneSpec): void {
  casePath(ctx, box, spec);
  fillWithShadow(ctx, '#f4efee');
  const across = ctx.createLinearGradient(box.x, 0, box.x + box.w, 0);
  across.addColorStop(0, '#ddd5d6');
  across.addColorStop(0.07, '#f6f2f1');
  across.addColorStop(0.45, '#fefcfb');
  across.addColorStop(0.9, '#f1ebea');
  across.addColorStop(1, '#d2c9ca');
  ctx.fillStyle = across;
  ctx.fill();
  const down = ctx.createLinearGradient(0, box.y, 0, box.y + box.h);
  down.addColorStop(0, 'rgba(255, 255, 255, 0.35)');
  down.addColorStop(1, 'rgba(150, 110, 125, 0.10)');
  ctx.fillStyle = down;
  ctx.fill();
  // The raised lip of the case around its edge.
  casePath(ctx, box, spec, 5);
  ctx.strokeStyle = 'rgba(120, 90, 100, 0.22)';
  ctx.lineWidth = 2;
  ctx.stroke();
}

/** The case's camera opening with the phone's dark glass behind it. */
function cameraOpening(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  roundRectPath(ctx, x - 4, y - 4, w + 8, h + 8, r + 4);
  ctx.fillStyle = '#e2dadb';
  ctx.fill();
  roundRectPath(ctx, x, y, w, h, r);
  const glass = ctx.createLinearGradient(x, y, x + w, y + h);
  glass.addColorStop(0, '#3a3640');
  glass.addColorStop(0.5, '#222027');
  glass.addColorStop(1, '#35313b');
  ctx.fillStyle = glass;
  ctx.fill();
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.18)';
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

/** The iPhones' square camera bump in the case's top-left cut-out: its corner and side. */
function cameraBump(ctx: Ctx, box: Box, spec: PhoneSpec, cornerShare: number): { x: number; y: number; size: number } {
  const size = spec.cameraMm * MM;
  const x = box.x + 4 * MM;
  const y = box.y + 4 * MM;
  cameraOpening(ctx, x, y, size, size, size * cornerShare);
  return { x, y, size };
}

function proCamera(ctx: Ctx, box: Box, spec: PhoneSpec): void {
  const { x, y, size } = cameraBump(ctx, box, spec, 0.26);
  const r = size * 0.21;
  lens(ctx, x + size * 0.28, y + size * 0.27, r);
  lens(ctx, x + size * 0.28, y + size * 0.73, r);
  lens(ctx, x + size * 0.72, y + size * 0.5, r);
  flash(ctx, x + size * 0.76, y + size * 0.17, size * 0.075);
  circle(ctx, x + size * 0.76, y + size * 0.83, size * 0.07, '#16141b');
}

function dualCamera(ctx: Ctx, box: Box, spec: PhoneSpec): void {
  const { x, y, size } = cameraBump(ctx, box, spec, 0.28);
  const r = size * 0.22;
  lens(ctx, x + size * 0.29, y + size * 0.29, r);
  lens(ctx, x + size * 0.71, y + size * 0.71, r);
  flash(ctx, x + size * 0.75, y + size * 0.24, size * 0.09);
  circle(ctx, x + size * 0.25, y + size * 0.76, size * 0.04, '#16141b');
}

function samsungCamera(ctx: Ctx, box: Box, spec: PhoneSpec, contour: boolean): void {
  const r = (spec.cameraMm * MM) / 2;
  const cx = box.x + 10 * MM;
  const top = box.y + 10 * MM;
  const gap = r * 2 + 2.4 * MM;
  if (contour) {
    // The S22's island flows into the top and side of the frame.
    roundRectPath(ctx, box.x - 2, box.y - 2, cx - box.x + r + 3 * MM, top - box.y + gap * 2 + r + 3 * MM, box.w * spec.corner);
    const island = ctx.createLinearGradient(box.x, 0, cx + r, 0);
    island.addColorStop(0, '#bdb3b7');
    island.addColorStop(1, '#dcd3d5');
    ctx.fillStyle = island;
    ctx.fill();
  }
  for (let i = 0; i < 3; i++) {
    cameraOpening(ctx, cx - r - 2, top + gap * i - r - 2, r * 2 + 4, r * 2 + 4, r + 2);
    lens(ctx, cx, top + gap * i, r);
  }
  flash(ctx, cx + r + 5 * MM, top - r * 0.2, 2.2 * MM);
}

export function drawPhoneCase(ctx: Ctx, variant: string): void {
  const spec = phoneSpec(variant);
  const box = phoneBox(variant);
  const samsung = spec.camera === 'floating' || spec.camera === 'contour';
  floorShadow(ctx, box.x + box.w / 2 + 10, box.y + box.h + 14, box.w * 0.62, 16);
  sideButtons(ctx, box, samsung);
  caseBody(ctx, box, spec);
  if (spec.camera === 'pro') proCamera(ctx, box, spec);
  else if (spec.camera === 'dual') dualCamera(ctx, box, spec);
  else samsungCamera(ctx, box, spec, spec.camera === 'contour');
}

/** The gloss over case and print: a soft diagonal reflection and a bright rim on the lit side. */
export function drawPhoneGloss(ctx: Ctx, variant: string): void {
  const spec = phoneSpec(variant);
  const box = phoneBox(variant);
  ctx.save();
  casePath(ctx, box, spec);
  ctx.clip();
  const sheen = ctx.createLinearGradient(box.x, box.y, box.x + box.w, box.y + box.h * 0.6);
  sheen.addColorStop(0, 'rgba(255, 255, 255, 0)');
  sheen.addColorStop(0.38, 'rgba(255, 255, 255, 0)');
  sheen.addColorStop(0.46, 'rgba(255, 255, 255, 0.32)');
  sheen.addColorStop(0.56, 'rgba(255, 255, 255, 0)');
  ctx.fillStyle = sheen;
  ctx.fillRect(box.x, box.y, box.w, box.h);
  ctx.restore();
  casePath(ctx, box, spec, 1.5);
  const rim = ctx.createLinearGradient(box.x, 0, box.x + box.w, 0);
  rim.addColorStop(0, 'rgba(255, 255, 255, 0.9)');
  rim.addColorStop(0.3, 'rgba(255, 255, 255, 0.1)');
  rim.addColorStop(1, 'rgba(255, 255, 255, 0.35)');
  ctx.strokeStyle = rim;
  ctx.lineWidth = 2;
  ctx.stroke();
}
