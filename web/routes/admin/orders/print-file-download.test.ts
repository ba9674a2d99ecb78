import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCachedOrder } from '../../../sync/order-cache';
import { adminOrder } from '../test-orders';
import { downloadPrintFile, printFileOf } from './print-file-download';

afterEach(() => vi.restoreAllMocks());

describe('the print file from the admin cache', () => {
  const order = toCachedOrder(adminOrder({ orderNumber: 'VP000777', customText: 'Grafting' }), []);

  it('has a design for every line of the cached order', () => {
    const twoLines = { ...order, items: [...order.items, { ...order.items[0]!, text: 'Recoupled', device: 'Standard Bottle', productType: 'water-bottle' as const }] };
    const svg = printFileOf(twoLines);
    expect([...svg.matchAll(/<text id="line-\d"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(['Grafting', 'Recoupled']);
    expect(svg).toContain('<title>Order VP000777: print file</title>');
  });

  it('downloads as print-{order number}.svg without the server', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (blobs.push(blob as Blob), 'blob:print'));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    expect(downloadPrintFile(order)).toBe('print-VP000777.svg');
    expect(clicked).toEqual(['print-VP000777.svg']);
    expect(blobs[0]!.type).toBe('image/svg+xml;charset=utf-8');
    expect(await blobs[0]!.text()).toBe(printFileOf(order));
  });
});
