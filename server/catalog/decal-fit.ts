import { decalFitProblem, printAreaOf } from '../../shared/decal';
import { fontSizeRange } from '../../shared/decal-size';
import { layoutDesign, type RenderableDesign } from '../../shared/render';
import type { CartItem } from '../../shared/schemas/cart';
import { HttpError } from '../errors/http-error';
import { printFonts } from './print-fonts';

export const DECAL_DOES_NOT_FIT = 'DECAL_DOES_NOT_FIT';


/** Why a decal, laid out from the real glyphs as the designer and the print file lay it out, runs past its usable area; null when it fits. */
async function fitProblem(design: RenderableDesign): Promise<{ message: string; limit: { device: string; lengthMm: number; widthMm: number } } | null> {
  const layout = layoutDesign(design, await printFonts());
  const message = decalFitProblem(design, layout.fit, fontSizeRange(design.font).min);
  if (!message) return null;
  const area = printAreaOf(design);
  return { message, limit: { device: design.device, lengthMm: area.length, widthMm: area.width } };
}

/**
 * Every line's decal, at the letter size the shopper chose, lies inside its variant's usable area;
 * otherwise 422 naming the line, the area and the way out, and nothing is priced, charged or written.
 */
export async function refuseDecalsThatDoNotFit(items: readonly CartItem[]): Promise<void> {
  const errors: { path: string; message: string }[] = [];
  const limits: { line: number; device: string; lengthMm: number; widthMm: number }[] = [];
  for (const [index, item] of items.entries()) {
    const problem = await fitProblem(item);
    if (!problem) continue;
    errors.push({ path: `items.${index}.text`, message: `Item ${index + 1}: ${problem.message}` });
    limits.push({ line: index + 1, ...problem.limit });
  }
  // `details` too: the checkout shows the server's details text as it is (spec.md §8), not the 422 table's words.
  if (errors.length) throw new HttpError(422, DECAL_DOES_NOT_FIT, errors[0]!.message, errors, { details: errors[0]!.message, limits });
}

/** An order line as an edit leaves it must still fit the area it was placed with: 422 as at checkout, naming the line. */
export async function refuseEditedLineThatDoesNotFit(line: number, design: RenderableDesign): Promise<void> {
  const problem = await fitProblem(design);
  if (problem) throw new HttpError(422, DECAL_DOES_NOT_FIT, problem.message, [{ path: 'text', message: problem.message }], { details: problem.message, limits: [{ line, ...problem.limit }] });
}
