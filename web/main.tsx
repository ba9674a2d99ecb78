import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { InstallPrompt } from './pwa/InstallPrompt';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import './styles/fonts.css';
import './styles/app.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
    <UpdatePrompt />
    <InstallPrompt />
  </StrictMode>,
);
