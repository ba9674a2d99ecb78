import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLORS, PRODUCT_TYPES } from '../../shared/catalog';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('catalogue and health endpoints', () => {
  it('reports health with the database answering', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', db: 'ok' });
    expect(new Date(res.body.time).getTime()).not.toBeNaN();
  });

  it('reports the version of package.json', async () => {
    const res = await t.request('GET', '/api/version');
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('lists the three product types with their variants', async () => {
    const res = await t.request('GET', '/api/products/devices');
    expect(res.status).toBe(200);
    expect(res.body.productTypes.map((p: { id: string }) => p.id)).toEqual(['phone-case', 'water-bottle', 'champagne-glass']);
    expect(res.body.productTypes[0].variants).toContain('Samsung Galaxy S22');
    // The seeded catalogue: shared/catalog.ts's lists in the spec's order, then the two phone models the copy names.
    expect(res.body.productTypes).toEqual(
      PRODUCT_TYPES.map((type) => (type.id === 'phone-case' ? { ...type, variants: [...type.variants, 'iPhone 15 Pro Max', 'iPhone 16 Pro'] } : type)),
    );
  });

  it('lists the nine colours with hex swatches and the three fonts', async () => {
    const colors = await t.request('GET', '/api/products/colors');
    expect(colors.body.colors).toHaveLength(9);
    expect(colors.body.colors).toEqual(COLORS);
    for (const color of colors.body.colors) expect(color.hex).toMatch(/^#[0-9A-F]{6}$/i);
    const fonts = await t.request('GET', '/api/products/fonts');
    expect(fonts.body).toEqual({ fonts: ['Pecita', 'Inter', 'Poppins'] });
  });

  it.each([
    ['Bravo Queen', true, 'Text is valid'],
    ['x'.repeat(20), true, 'Text is valid'],
    ['x'.repeat(21), false, 'Text too long'],
    ['   ', false, 'Custom text is required'],
    ['', false, 'Custom text is required'],
  ])('validates text %j', async (text, valid, message) => {
    const res = await t.request('POST', '/api/products/validate-text', { body: { text } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid, message });
  });

  it('refuses a validate-text body that is not the documented shape', async () => {
    const wrongType = await t.request('POST', '/api/products/validate-text', { body: { text: 5 } });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.code).toBe('VALIDATION_ERROR');
    const extra = await t.request('POST', '/api/products/validate-text', { body: { text: 'hi', admin: true } });
    expect(extra.status).toBe(422);
  });
});

describe('health when the database does not answer', () => {
  it('answers 503 with DB_UNAVAILABLE', async () => {
    const broken = await startTestApp();
    await broken.app.context.db.destroy();
    const res = await broken.request('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'unavailable', db: 'unavailable', code: 'DB_UNAVAILABLE' });
    await broken.close().catch(() => undefined);
  });
});

describe('malformed requests', () => {
  it('answers malformed JSON with a JSON 400', async () => {
    const res = await t.request('POST', '/api/products/validate-text', { rawBody: '{"text": ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('reads a body sent in chunks without a length, and refuses one that grows past the limit', async () => {
    const sendChunked = (chunks: string[]) =>
      new Promise<{ status: number; body: { code?: string; valid?: boolean } }>((resolve, reject) => {
        const request = http.request(`${t.url}/api/products/validate-text`, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
        });
        request.on('error', reject);
        // Each write goes out as its own chunk, one event-loop turn apart.
        const writeNext = (index: number) => {
          if (index === chunks.length) return request.end();
          request.write(chunks[index]!, () => setImmediate(() => writeNext(index + 1)));
        };
        writeNext(0);
      });
    const small = await sendChunked(['{"text":', ' "Bomb', 'shell"}']);
    expect(small.status).toBe(200);
    expect(small.body.valid).toBe(true);
    const oversized = await sendChunked(['{"text": "', ...Array.from({ length: 20 }, () => 'x'.repeat(10_000)), '"}']);
    expect(oversized.status).toBe(413);
    expect(oversized.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an oversized body with a JSON 413', async () => {
    const res = await t.request('POST', '/api/products/validate-text', { body: { text: 'x'.repeat(200_000) } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a non-JSON body with a JSON 415', async () => {
    const res = await t.request('POST', '/api/products/validate-text', {
      rawBody: 'text=hi',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it('answers a malformed percent-escape in a page path with 400, not a server error', async () => {
    const res = await t.request('GET', '/%E0%A4%A');
    expect(res.status).toBe(400);
  });

  it('answers unknown API routes with a JSON 404, never the web app', async () => {
    const res = await t.request('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('answers a wrong method on a known route with a JSON 405', async () => {
    const res = await t.request('DELETE', '/api/products/devices');
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
