import { describe, expect, it } from 'vitest';
import { SAMPLE_DESIGN } from '../../shared/design.test-support';
import type { CachedOrder } from '../db/db';
import { changedSinceDownload, linesSignature, type PrintZipStamp } from './print-zip-stamp';

const order = (id: string, texts: string[], color = 'Hot Pink') =>
  ({ id, orderNumber: `VP-${id}`, items: texts.map((text) => ({ ...SAMPLE_DESIGN, text, color, productType: 'phone-case', price: 5.95, quantity: 1 })) }) as unknown as CachedOrder;

describe('changedSinceDownload', () => {
  const downloaded = [order('A', ['Jonh']), order('B', ['Maya', 'Zed'])];
  const stamp: PrintZipStamp = { at: 1, lines: Object.fromEntries(downloaded.map((o) => [o.id, linesSignature(o)])) };

  it('names the orders whose line text, colour or font changed after the download', () => {
    const now = [order('A', ['John']), order('B', ['Maya', 'Zed'], 'Teal'), order('C', ['New'])];
    expect(changedSinceDownload(stamp, now).map((o) => o.id)).toEqual(['A', 'B']);
  });

  it('names none when nothing changed, nothing was downloaded, or an order joined the queue since', () => {
    expect(changedSinceDownload(stamp, [...downloaded, order('C', ['New'])])).toEqual([]);
    expect(changedSinceDownload(undefined, [order('A', ['John'])])).toEqual([]);
  });
});
