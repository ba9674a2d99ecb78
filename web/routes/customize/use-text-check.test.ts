/**
 * spec.md §5: the web app asks POST /api/products/validate-text (the real server, in a child
 * process) and, when that call fails, treats 1 to 20 characters as valid.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointPageAt, startChildServer, type ChildServer } from '../checkout/checkout.test-support';
import { checkText, fallbackTextCheck } from './use-text-check';

let server: ChildServer;
beforeAll(async () => {
  server = await startChildServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** A local port with nothing listening: every call to it fails. */
async function deadUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('text check', () => {
  it("uses the server's answer", async () => {
    pointPageAt(server.url);
    expect(await checkText('Loyal, babe')).toEqual({ valid: true, message: 'Text is valid' });
    expect(await checkText('x'.repeat(21))).toEqual({ valid: false, message: 'Text too long' });
    expect(await checkText('   ')).toEqual({ valid: false, message: 'Custom text is required' });
  });

  it('falls back to 1 to 20 characters when the call fails', async () => {
    pointPageAt(await deadUrl());
    expect(await checkText('Loyal, babe')).toEqual({ valid: true, message: 'Text is valid' });
    expect(await checkText('x'.repeat(21))).toEqual({ valid: false, message: 'Text too long' });
    expect(fallbackTextCheck('x'.repeat(20))).toEqual({ valid: true, message: 'Text is valid' });
    expect(fallbackTextCheck('')).toEqual({ valid: false, message: 'Text too long' });
  });
});
