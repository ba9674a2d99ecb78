import { createHash } from 'node:crypto';
import type { AppContext } from '../app-context';
import { notFound } from '../errors/http-error';
import { isDesignPictureSignature } from '../orders/design-picture-link';
import { designPictureKey } from '../orders/design-picture.repository';
import type { DesignPictureItem } from './design-picture';
import { CUT_DESIGN_VERSION } from './cut-jobs/cut-design';
import { renderDesignPicture } from './png-encoder';
import { loadDesignLine } from './print-file.repository';

/** Pictures kept per process, by design: a few KB each, so a busy week's orders fit in a few MB. */
const CACHED_PICTURES = 2_000;

export interface DesignPicture {
  png: Buffer;
  /** Names the design drawn (its text, colour, font, size, product): a fixed text gives a new one. */
  etag: string;
}

const cache = new Map<string, Promise<Buffer>>();

/**
 * GET /api/design-pictures/:orderId/:line/:file, the picture a mail links to. The link's signature is
 * checked before anything is read: a wrong one is 404, as is a line the order does not have. The
 * picture is drawn on the PNG threads when first asked for and kept in memory, least recently used
 * first out; each process keeps its own (another one draws it again: a few ms, once).
 */
export async function designPictureOf(app: AppContext, orderId: string, lineParam: string, file: string): Promise<DesignPicture> {
  const signature = /^([\w-]+)\.png$/.exec(file)?.[1];
  const line = /^[1-9]\d{0,3}$/.test(lineParam) ? Number(lineParam) : NaN;
  if (!signature || !Number.isInteger(line) || !isDesignPictureSignature(await designPictureKey(app.db), orderId, line, signature)) throw pictureNotFound();
  const item = await loadDesignLine(app.db, orderId, line);
  if (!item) throw pictureNotFound();
  const design = designKey(item);
  return { png: await cachedPicture(design, item), etag: `"${design}"` };
}

const pictureNotFound = () => notFound('Picture not found.');

/** The outline's version is part of it: a renderer that cuts differently must not answer 304 with the old picture. */
function designKey(item: DesignPictureItem): string {
  const { device, product_type, text, color, font, font_size } = item;
  return createHash('sha256').update(JSON.stringify([CUT_DESIGN_VERSION, device, product_type, text, color, font, font_size])).digest('base64url').slice(0, 22);
}

/** The same design asked for twice at once is drawn once; a failed drawing is not kept. */
function cachedPicture(design: string, item: DesignPictureItem): Promise<Buffer> {
  const kept = cache.get(design);
  if (kept) {
    cache.delete(design);
    cache.set(design, kept);
    return kept;
  }
  const drawing = renderDesignPicture(item);
  cache.set(design, drawing);
  drawing.catch(() => {
    if (cache.get(design) === drawing) cache.delete(design);
  });
  if (cache.size > CACHED_PICTURES) cache.delete(cache.keys().next().value!);
  return drawing;
}
