import { decalFitProblem, printAreaOf } from '../../shared/decal';
import { fontSizeRange } from '../../shared/decal-size';
import { layoutDesign } from '../../shared/render';
import type { CartItem } from '../../shared/schemas/cart';
import { HttpError } from '../errors/http-error';
import { printFonts } from '../print-files/print-fonts';

/**
 * Every line's decal, at the letter size the shopper chose, lies inside its variant's usable area
 * (laid out from the real glyphs, as the designer and the print file lay it out); otherwise 422
 * naming the line, the area and the way out, and nothing is priced, charged or written.
 */
export async function refuseDecalsThatDoNotFit(items: readonly CartItem[]): Promise<void> {
  const fonts = await printFonts();
  const errors: { path: string; message: string }[] = [];
  const limits: { line: number; device: string; lengthMm: number; widthMm: number }[] = [];
  items.forEach((item, index) => {
    const layout = layoutDesign(item, fonts);
    const problem = decalFitProblem(item, layout.fit, fontSizeRange(item.font).min);
    if (!problem) return;
    const area = printAreaOf(item);
    errors.push({ path: `items.${index}.text`, message: `Item ${index + 1}: ${problem}` });
    limits.push({ line: index + 1, device: item.device, lengthMm: area.length, widthMm: area.width });
  });
  if (errors.length) throw new HttpError(422, 'DECAL_DOES_NOT_FIT', errors[0]!.message, errors, { limits });
}
