import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serveWebApp } from './static';
import { DESIGNER_PRELOAD_ATTRIBUTE } from '../../shared/web-shell';

const SHELL = [
  '<!doctype html><html><head>',
  '<link rel="preload" href="/api/health" as="fetch" crossorigin="anonymous">',
  `<link rel="modulepreload" crossorigin href="/assets/browser-renderer-x.js" ${DESIGNER_PRELOAD_ATTRIBUTE}>`,
  `<link rel="preload" href="/assets/dancing-script-latin-700-normal-x.woff" as="fetch" crossorigin="anonymous" ${DESIGNER_PRELOAD_ATTRIBUTE}>`,
  '</head><body><div id="root"></div></body></html>',
].join('\n');

let server: ReturnType<Koa['listen']>;
let url: string;
beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  const koa = new Koa();
  koa.use(serveWebApp(dist));
  server = koa.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it('sends the designer routes the shell that fetches the renderer and font early', async () => {
  for (const route of ['/', '/customize']) {
    const html = await (await fetch(url + route)).text();
    expect(html, route).toContain('browser-renderer-x.js');
    expect(html, route).toContain('dancing-script-latin-700-normal-x.woff');
  }
});

it('leaves the designer preloads out of the shell of every other route, the health check kept', async () => {
  for (const route of ['/admin', '/admin/fulfillment', '/faq', '/gallery', '/checkout']) {
    const response = await fetch(url + route);
    const html = await response.text();
    expect(response.status, route).toBe(200);
    expect(html, route).not.toContain(DESIGNER_PRELOAD_ATTRIBUTE);
    expect(html, route).toContain('href="/api/health"');
    expect(html, route).toContain('<div id="root">');
  }
  const first = await fetch(url + '/admin');
  const again = await fetch(url + '/admin', { headers: { 'If-None-Match': first.headers.get('etag')! } });
  expect(again.status).toBe(304);
  expect(first.headers.get('etag')).not.toBe((await fetch(url + '/')).headers.get('etag'));
});
