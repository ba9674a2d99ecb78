import type { LiveCatalog } from '../../shared/catalog';
import { FONTS } from '../../shared/catalog';
import { CATALOG_MESSAGES, areaFits, type ColorChange, type NewColor, type NewVariant, type ProductTypeChange, type VariantChange } from '../../shared/schemas/catalog';
import type { VariantAnswer } from '../../shared/api/answers';
import type { AppContext } from '../app-context';
import { inTransaction, type Trx } from '../db/transaction';
import { HttpError, conflict, notFound } from '../errors/http-error';
import type { CatalogCache } from './catalog.cache';
import * as repo from './catalog.repository';
import { seedVariant } from '../db/catalog.seed';

/**
 * The super_admin's catalogue edits (design.md §9). Each runs in one transaction that first bumps
 * the version stamp, then this process's cache reloads; other processes see it within a second.
 * Nothing is deleted: a variant, colour or font an order may name is retired (active false).
 */
export interface CatalogService {
  adminCatalog(): Promise<LiveCatalog>;
  createVariant(input: NewVariant): Promise<VariantAnswer>;
  changeVariant(id: string, change: VariantChange): Promise<VariantAnswer>;
  changeProductType(id: string, change: ProductTypeChange): Promise<LiveCatalog>;
  createColor(input: NewColor): Promise<LiveCatalog>;
  changeColor(name: string, change: ColorChange): Promise<LiveCatalog>;
  changeFont(name: string, active: boolean): Promise<LiveCatalog>;
}

const variantNotFound = () => notFound('Variant not found', 'NOT_FOUND');

export function createCatalogService(app: AppContext, cache: CatalogCache): CatalogService {
  const transaction = inTransaction(app.db);
  async function edit<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    const result = await transaction(async (trx) => {
      await repo.bumpCatalogVersion(trx);
      return work(trx);
    });
    await cache.reload();
    return result;
  }

  async function variantAnswer(id: number): Promise<VariantAnswer> {
    const row = await repo.findVariantById(app.db, id);
    if (!row) throw variantNotFound();
    return { variant: { ...repo.toVariant(row), productType: row.product_type } };
  }

  return {
    adminCatalog: () => repo.loadCatalog(app.db),

    async createVariant(input) {
      const row = await edit(async (trx) => {
        const existing = await repo.findVariantByName(trx, input.name);
        if (existing) throw conflict(CATALOG_MESSAGES.variantExists(existing.name), 'VARIANT_EXISTS');
        const seeded = seedVariant(input.productType, input.name);
        return repo.insertVariant(trx, { ...seeded, widthMm: input.printArea.widthMm, lengthMm: input.printArea.lengthMm });
      });
      return { variant: { ...repo.toVariant(row), productType: row.product_type } };
    },

    async changeVariant(id, change) {
      const numericId = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
      if (!Number.isSafeInteger(numericId)) throw variantNotFound();
      await edit(async (trx) => {
        const row = await repo.findVariantById(trx, numericId);
        if (!row) throw variantNotFound();
        const area = change.printArea ?? repo.toVariant(row).printArea;
        if (change.placement && !areaFits(change.placement, area)) {
          const message = CATALOG_MESSAGES.areaOutside(area);
          throw new HttpError(422, 'VALIDATION_ERROR', message, [{ path: 'placement.productMm', message }]);
        }
        await repo.updateVariant(trx, numericId, {
          active: change.active,
          widthMm: change.printArea?.widthMm,
          lengthMm: change.printArea?.lengthMm,
          placement: change.placement,
        });
      });
      return variantAnswer(numericId);
    },

    async changeProductType(id, change) {
      await edit(async (trx) => {
        const type = await repo.findProductTypeRow(trx, id);
        if (!type) throw notFound('Product type not found', 'NOT_FOUND');
        const priceCents = change.priceCents ?? Number(type.price_cents);
        const compareAtCents = change.compareAtCents === undefined ? type.compare_at_cents : change.compareAtCents;
        if (compareAtCents !== null && Number(compareAtCents) <= priceCents) {
          throw new HttpError(422, 'VALIDATION_ERROR', CATALOG_MESSAGES.compareAtTooLow, [{ path: 'compareAtCents', message: CATALOG_MESSAGES.compareAtTooLow }]);
        }
        await repo.updateProductType(trx, id, { priceCents, compareAtCents: compareAtCents === null ? null : Number(compareAtCents) });
      });
      return cache.current();
    },

    async createColor(input) {
      await edit(async (trx) => {
        const existing = await repo.findColor(trx, input.name);
        if (existing) throw conflict(CATALOG_MESSAGES.colorExists(existing.name), 'COLOR_EXISTS');
        await repo.insertColor(trx, input);
      });
      return cache.current();
    },

    async changeColor(name, change) {
      await edit(async (trx) => {
        const color = await repo.findColor(trx, name);
        if (!color) throw notFound('Colour not found', 'NOT_FOUND');
        await repo.updateColor(trx, color.name, change);
      });
      return cache.current();
    },

    async changeFont(name, active) {
      // Only the bundled font files can be drawn: the renderer has no other (docs/decisions.md).
      if (!(FONTS as readonly string[]).includes(name)) throw notFound(CATALOG_MESSAGES.font, 'NOT_FOUND');
      await edit(async (trx) => {
        if (!(await repo.findFont(trx, name))) throw notFound(CATALOG_MESSAGES.font, 'NOT_FOUND');
        await repo.updateFont(trx, name, active);
      });
      return cache.current();
    },
  };
}
