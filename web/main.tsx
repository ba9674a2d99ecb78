import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { DEFAULT_FONT } from '../shared/catalog';
import { App } from './App';
import { isDesignerPath } from './routes/customize/designer-paths';
import { prefetchRenderer } from './render/use-design';
import { prefetchDesignerMockup } from './routes/customize/draw-mockup';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import { loadDisplayFont } from './styles/display-font';
import './styles/fonts.css';
import './styles/app.css';

// The designer draws its first preview without the renderer (placeholder-outline.ts); downloading
// the renderer and the default font now, during the start-up check, has the shopper's text drawn sooner;
// the mockup worker paints the product meanwhile.
let rendererReady: Promise<void> | null = null;
if (isDesignerPath(location.pathname)) {
  rendererReady = prefetchRenderer([DEFAULT_FONT]);
  prefetchDesignerMockup(location.search);
}

// Shown only after a first design or order: its code follows the app rather than delaying it (the
// browser's offer is caught from the start by pwa/start.ts).
const InstallPrompt = lazy(() => import('./pwa/InstallPrompt').then((module) => ({ default: module.InstallPrompt })));

// React DOM is a module graph of its own, fetched beside this one (index.html modulepreloads it,
// tools/vite/start-up-modulepreload.ts): the browser evaluates it in a task of its own instead of
// one long task for all of the shop's start-up code. The first render is a transition, which
// React renders in small slices, yielding to the browser between them.
void import('react-dom/client').then(({ createRoot }) => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
        <UpdatePrompt />
        <Suspense fallback={null}>
          <InstallPrompt />
        </Suspense>
      </StrictMode>,
    ),
  );
  // The headings' face follows what the shopper needs first (styles/display-font.ts).
  loadDisplayFont(rendererReady);
});
