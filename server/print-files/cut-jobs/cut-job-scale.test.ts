import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CutJobsAnswer } from '../../../shared/api/answers';
import { createUserWithToken } from '../../auth/auth.test-support';
import { insertOrder } from '../../orders/order.repository';
import { newTestOrder } from '../../orders/order.test-support';
import { startTestApp, type TestApp } from '../../test/test-app';

/** A production-size queue of one colour: 2,000 decals (100 lines of 20), every product and font. */
const DEVICES = ['iPhone 14 Pro', 'Standard Bottle', 'Standard Glass', 'Large Bottle', 'Samsung Galaxy S22'];
const FONTS = ['Pecita', 'Inter', 'Poppins'];
const TEXTS = ['Bombshell', 'Mugged off', 'Can I pull you?', 'Loyal, babe', 'Zoë & Ægir', 'Twenty characters!!!', 'Grafted'];

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createUserWithToken(t, 'admin')).token;
  const now = Date.now();
  await t.app.context.db.transaction().execute(async (trx) => {
    for (let i = 0; i < 100; i++) {
      const item = { device: DEVICES[i % DEVICES.length]!, text: TEXTS[i % TEXTS.length]!, font: FONTS[i % FONTS.length]!, color: 'Teal', quantity: 20 };
      await insertOrder(trx, newTestOrder({ createdAt: now - 100_000 + i, items: [item] }));
    }
  });
}, 60_000);
afterAll(() => t.close());

async function download(path: string) {
  const response = await fetch(t.url + path, { headers: { Authorization: `Bearer ${adminToken}` } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

// Cut threads run below the event loop's priority: beside a busy suite they wait their turn.
describe('a cut job at production scale', { timeout: 180_000 }, () => {
  it('lists 2,000 decals of one colour on sheets no longer than the roll length', async () => {
    const { status, body } = await t.request<CutJobsAnswer>('GET', '/api/fulfillment/cut-jobs', { token: adminToken });
    expect(status).toBe(200);
    const [job] = body.jobs;
    expect(job!.sheets.reduce((sum, sheet) => sum + sheet.decals, 0)).toBe(2000);
    expect(job!.sheets.length).toBeGreaterThan(1);
    for (const sheet of job!.sheets) expect(sheet.lengthMm).toBeLessThanOrEqual(1000);
  }, 60_000);

  it('comes as a PDF of one page per sheet', async () => {
    const { status, bytes } = await download('/api/fulfillment/cut-jobs/Teal?format=pdf');
    expect(status).toBe(200);
    const jobs = (await t.request<CutJobsAnswer>('GET', '/api/fulfillment/cut-jobs', { token: adminToken })).body.jobs;
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(jobs[0]!.sheets.length);
    pdf.getPages().forEach((page, index) => expect(page.getHeight()).toBeCloseTo((jobs[0]!.sheets[index]!.lengthMm * 72) / 25.4, 1));
  }, 60_000);

  it('gives one sheet on its own, and names how many there are for one that does not exist', async () => {
    const jobs = (await t.request<CutJobsAnswer>('GET', '/api/fulfillment/cut-jobs', { token: adminToken })).body.jobs;
    const second = jobs[0]!.sheets[1]!;
    const svg = (await download('/api/fulfillment/cut-jobs/Teal?format=svg&sheet=2')).bytes.toString('utf8');
    expect(svg).toContain(`height="${second.lengthMm}mm"`);
    expect(svg.match(/<use href=/g)).toHaveLength(second.decals);
    const count = jobs[0]!.sheets.length;
    const missing = await t.request('GET', `/api/fulfillment/cut-jobs/Teal?format=pdf&sheet=${count + 1}`, { token: adminToken });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toBe(`The Teal cut job has ${count} sheets: there is no sheet ${count + 1}.`);
    expect((await t.request('GET', '/api/fulfillment/cut-jobs/Teal?sheet=0', { token: adminToken })).body.error).toContain('Sheet must be a whole number from 1');
  }, 60_000);
});
