import { catalogColorName, colorHex, COLORS } from '../../../../shared/catalog';
import type { CachedOrder } from '../../../db/db';

/** One vinyl colour's share of the production queue, as the tablet's cache has it (works offline). */
export interface CutJobGroup {
  color: string;
  hex: string;
  /** Every decal of the colour (quantities summed). */
  decals: number;
  lines: { orderNumber: string; line: number; quantity: number }[];
  orders: CachedOrder[];
  /** Orders of this job that also have lines in other colours, with those colours. */
  mixed: { orderNumber: string; otherColors: string[] }[];
}

/** The colour a line is cut from, as the server groups it (server/print-files/cut-jobs/cut-sheet.ts). */
export function vinylOf(color: string): string {
  return catalogColorName(color) ?? color.trim();
}

/** The production queue grouped by vinyl colour, catalogue colours first in catalogue order, each in queue order. */
export function cutJobGroups(production: readonly CachedOrder[]): CutJobGroup[] {
  const byColor = new Map<string, CutJobGroup>(COLORS.map((c) => [c.name, { color: c.name, hex: c.hex, decals: 0, lines: [], orders: [], mixed: [] }]));
  for (const order of production) {
    const colors = [...new Set(order.items.map((item) => vinylOf(item.color)))];
    order.items.forEach((item, index) => {
      const color = vinylOf(item.color);
      let group = byColor.get(color);
      if (!group) byColor.set(color, (group = { color, hex: colorHex(color), decals: 0, lines: [], orders: [], mixed: [] }));
      group.decals += item.quantity;
      group.lines.push({ orderNumber: order.orderNumber, line: index + 1, quantity: item.quantity });
      if (group.orders[group.orders.length - 1] !== order) {
        group.orders.push(order);
        if (colors.length > 1) group.mixed.push({ orderNumber: order.orderNumber, otherColors: colors.filter((other) => other !== color) });
      }
    });
  }
  return [...byColor.values()].filter((group) => group.lines.length > 0);
}
