/**
 * The PWA half of vite.config.ts: vite-plugin-pwa in injectManifest mode (our own service worker in
 * sw/sw.ts), the web manifest, and the Apple touch icon link. Kept here so vite.config.ts only
 * spreads `pwaPlugins()`.
 */
import type { Plugin, PluginOption } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { IOS_SPLASHES, splashFile } from './ios-splash.ts';

export const THEME_COLOR = '#FF1493';
export const BACKGROUND_COLOR = '#FFF5FA';

export const WEB_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Villa Prints – custom phone cases, bottles & flutes',
  short_name: 'Villa Prints',
  description: 'Design your own phone case, water bottle or champagne flute with your favourite reality-TV catchphrase.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['shopping'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [{ name: 'Design yours', short_name: 'Design', url: '/', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] }, { name: 'Admin dashboard', short_name: 'Admin', url: '/admin', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] }],
};

/** iOS ignores the manifest's icons; it reads these links from the page. */
function appleTouchIcon(): Plugin {
  return {
    name: 'villa-prints:apple-touch-icon',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon-180.png' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'icon', type: 'image/png', sizes: '48x48', href: '/icons/favicon-48.png' }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'apple-mobile-web-app-title', content: 'Villa Prints' }, injectTo: 'head' },
      // Opened from the home screen, iOS shows the shop full screen like the installed app on Android.
      { tag: 'meta', attrs: { name: 'apple-mobile-web-app-capable', content: 'yes' }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'mobile-web-app-capable', content: 'yes' }, injectTo: 'head' },
      ...IOS_SPLASHES.map((screen) => ({
        tag: 'link',
        attrs: {
          rel: 'apple-touch-startup-image',
          media: `(device-width: ${screen.width}px) and (device-height: ${screen.height}px) and (-webkit-device-pixel-ratio: 3) and (orientation: portrait)`,
          href: `/icons/${splashFile(screen)}`,
        },
        injectTo: 'head' as const,
      })),
    ],
  };
}

export function pwaPlugins(): PluginOption[] {
  return [
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // web/pwa/register.ts registers the worker itself, after the page has loaded.
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      manifest: WEB_MANIFEST,
      // The install icons are fetched once by the browser when installing; no need to precache 512 px PNGs.
      includeManifestIcons: false,
      injectManifest: {
        // The app shell, every route's code, the self-hosted fonts and the icons.
        globPatterns: ['**/*.{js,css,html,woff2,woff,svg}', 'icons/favicon-48.png', 'icons/icon-192.png'],
        globIgnores: ['**/node_modules/**', 'sw.js'],
        rollupFormat: 'iife',
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
      // The worker's own build prints warnings only: its asset table would repeat on every start.
      integration: { configureCustomSWViteBuild: (options) => void (options.logLevel = 'warn') },
    }),
    appleTouchIcon(),
  ];
}
