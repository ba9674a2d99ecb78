import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_FONT } from '../shared/catalog';
import { App } from './App';
import { isDesignerPath } from './routes/customize/designer-paths';
import { prefetchRenderer } from './render/use-design';
import { InstallPrompt } from './pwa/InstallPrompt';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import './styles/fonts.css';
import './styles/app.css';

// The designer draws its first preview without the renderer (placeholder-outline.ts); downloading
// the renderer and the default font now, during the start-up check, has the shopper's text drawn sooner.
if (isDesignerPath(location.pathname)) prefetchRenderer([DEFAULT_FONT]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
    <UpdatePrompt />
    <InstallPrompt />
  </StrictMode>,
);
