import { COLORS, FONTS, LIST_PRICE_CENTS, PRODUCT_TYPES, UNIT_PRICE_CENTS, type ProductTypeId } from '../../shared/catalog';
import { builtInPlacement, builtInPrintArea } from '../../shared/decal';

/**
 * The catalogue the database starts with: shared/catalog.ts's lists as they were, plus the two phone
 * models the spec's copy names (iPhone 15 Pro Max, iPhone 16 Pro) at the phone cases' print area
 * (migration 2026-12-08T1000 moves those two after the spec's list).
 */
const NEW_PHONES = ['iPhone 15 Pro Max', 'iPhone 16 Pro'];

export interface SeedVariant {
  productType: ProductTypeId;
  name: string;
  widthMm: number;
  lengthMm: number;
  placement: string;
}

export function seedVariant(productType: ProductTypeId, name: string): SeedVariant {
  const area = builtInPrintArea(productType, name);
  const placement = builtInPlacement({ device: name, productType });
  return { productType, name, widthMm: area.width, lengthMm: area.length, placement: JSON.stringify(placement) };
}

export function catalogSeed() {
  return {
    productTypes: PRODUCT_TYPES.map((type, position) => ({
      id: type.id,
      name: type.name,
      price_cents: UNIT_PRICE_CENTS,
      compare_at_cents: LIST_PRICE_CENTS,
      position,
    })),
    variants: PRODUCT_TYPES.flatMap((type) => {
      const names = type.id === 'phone-case' ? [...NEW_PHONES, ...type.variants] : type.variants;
      return names.map((name) => seedVariant(type.id, name));
    }),
    colors: COLORS.map((color, position) => ({ name: color.name, hex: color.hex, active: 1, position })),
    fonts: FONTS.map((name, position) => ({ name, active: 1, position })),
  };
}
