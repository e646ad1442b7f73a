import { createBrowserHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import './i18n';
import { App } from './app/app';
import { currentBrand } from './app/brand';
import { installPreloadErrorHandler } from './app/chunk-loader';
import { createQueryClient } from './app/providers';
import { captureInstallPrompt } from './app/pwa';
import { registerServiceWorker } from './app/register-sw';
import { createAppRouter } from './app/routes';

const brand = currentBrand();
document.documentElement.dataset.brand = brand.id;

installPreloadErrorHandler();
captureInstallPrompt();

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient, history: createBrowserHistory() });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);

registerServiceWorker();
