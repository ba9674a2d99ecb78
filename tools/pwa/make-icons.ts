/**
 * Renders the app icons (public/icons/*.png) from one brand SVG in headless Chromium, so the icons
 * are made from the brand and reproducible: `npx tsx tools/pwa/make-icons.ts`. Commit the output.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../../e2e/support/chromium';
import { IOS_SPLASHES, splashFile } from './ios-splash';

const PINK = '#FF1493';
const DEEP = '#9B1B7E';

/**
 * The brand mark: a white heart on the hot-pink gradient. `maskable` fills the whole square and keeps
 * the heart inside the 80 % safe zone; the plain icon has rounded corners.
 */
export function brandSvg(size: number, { maskable = false }: { maskable?: boolean } = {}): string {
  const radius = maskable ? 0 : size * 0.22;
  const heartScale = maskable ? 0.5 : 0.62;
  const heart = size * heartScale;
  const offset = (size - heart) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${PINK}"/><stop offset="1" stop-color="${DEEP}"/></linearGradient></defs>
  <rect width="${size}" height="${size}" rx="${radius}" fill="url(#g)"/>
  <g transform="translate(${offset} ${offset + heart * 0.04}) scale(${heart / 24})">
    <path fill="#fff" d="M12 21.3l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.3z"/>
  </g>
</svg>`;
}

const OUTPUTS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'maskable-192.png', size: 192, maskable: true },
  // iOS draws its own rounded corners and ignores transparency: a full-bleed square.
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
  { file: 'favicon-48.png', size: 48, maskable: false },
];

/** The iOS launch screens: the brand heart and name on the manifest's background colour (as Android's splash). */
function splashHtml(): string {
  const font = fs.readFileSync(path.resolve('node_modules/@fontsource/shrikhand/files/shrikhand-latin-400-normal.woff2')).toString('base64');
  return `<html><head><style>
  @font-face { font-family: Shrikhand; src: url(data:font/woff2;base64,${font}) format('woff2'); }
  body { margin: 0; height: 100vh; display: grid; place-content: center; justify-items: center; gap: 18px;
    background: #FFF5FA; }
  p { margin: 0; font: 44px Shrikhand; color: #b0005a; }
  </style></head><body>${brandSvg(120)}<p>Villa Prints</p></body></html>`;
}

async function main(): Promise<void> {
  const outDir = path.resolve('public/icons');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'icon.svg'), brandSvg(512));
  const browser = await launchChromium();
  try {
    for (const output of OUTPUTS) {
      const page = await browser.newPage({ viewport: { width: output.size, height: output.size } });
      await page.setContent(`<html><body style="margin:0;background:transparent">${brandSvg(output.size, output)}</body></html>`);
      await page.screenshot({ path: path.join(outDir, output.file), omitBackground: true, clip: { x: 0, y: 0, width: output.size, height: output.size } });
      await page.close();
      console.log(`public/icons/${output.file}`);
    }
    for (const screen of IOS_SPLASHES) {
      const page = await browser.newPage({ viewport: screen, deviceScaleFactor: 3 });
      await page.setContent(splashHtml());
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(outDir, splashFile(screen)) });
      await page.close();
      console.log(`public/icons/${splashFile(screen)}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
