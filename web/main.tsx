import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_FONT } from '../shared/catalog';
import { App } from './App';
import { isDesignerPath } from './routes/customize/designer-paths';
import { prefetchRenderer } from './render/use-design';
import { prefetchDesignerMockup } from './routes/customize/draw-mockup';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import './styles/fonts.css';
import './styles/app.css';

// The designer draws its first preview without the renderer (placeholder-outline.ts); downloading
// the renderer and the default font now, during the start-up check, has the shopper's text drawn sooner;
// the mockup worker paints the product meanwhile.
if (isDesignerPath(location.pathname)) {
  prefetchRenderer([DEFAULT_FONT]);
  prefetchDesignerMockup(location.search);
}

// Shown only after a first design or order: its code follows the app rather than delaying it (the
// browser's offer is caught from the start by pwa/start.ts).
const InstallPrompt = lazy(() => import('./pwa/InstallPrompt').then((module) => ({ default: module.InstallPrompt })));

const root = createRoot(document.getElementById('root')!);
// A transition: React renders the first tree in small slices, yielding to the browser between them.
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
