import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileFontSource } from '../../../../shared/render/node-font-source';
import { toCachedOrder } from '../../../sync/order-cache';
import { adminOrder } from '../admin-orders.test-support';
import { downloadPrintFile, printFileOf } from './print-file-download';

afterEach(() => vi.restoreAllMocks());

describe('the print file from the admin cache', () => {
  const order = toCachedOrder(adminOrder({ orderNumber: 'VP000777', customText: 'Grafting' }), []);

  it('has a design for every line of the cached order', async () => {
    const twoLines = { ...order, items: [...order.items, { ...order.items[0]!, text: 'Recoupled', device: 'Standard Bottle', productType: 'water-bottle' as const }] };
    const svg = await printFileOf(twoLines, fileFontSource);
    expect([...svg.matchAll(/<g id="(line-\d)"/g)].map((m) => m[1])).toEqual(['line-1', 'line-2']);
    expect(svg).not.toContain('<text');
    expect(svg).toContain('<title>Order VP000777: print file</title>');
  });

  it('downloads as print-{order number}.svg without the server', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (blobs.push(blob as Blob), 'blob:print'));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    expect(await downloadPrintFile(order, fileFontSource)).toBe('print-VP000777.svg');
    expect(clicked).toEqual(['print-VP000777.svg']);
    expect(blobs[0]!.type).toBe('image/svg+xml;charset=utf-8');
    expect(await blobs[0]!.text()).toBe(await printFileOf(order, fileFontSource));
  });
});
