import 'bootstrap/dist/css/bootstrap.min.css';
import './app/dark-contrast.css';
import { StrictMode } from 'react';
import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryClient } from './api/query-client';
import { App } from './app/App';
import { expectReaderOverlay } from './app/reader-overlay';
import { boot } from './app/boot';
import { renderedQueries } from './app/initial-data';
import { preloadRenderedPage } from './app/pages';
import { wireClient } from './app/client-wiring';
import { turnOffZodJit } from './app/zod-jitless';
import { initI18n } from './i18n';
import { STORAGE_KEYS, storage } from './utils/storage';
import { applyColorScheme, chooseScheme } from './utils/color-scheme';
import { forceFullNavigation, hideBrokenImages } from './utils/global-handlers';

turnOffZodJit();
forceFullNavigation(document);
hideBrokenImages(document);
// Paint the last scheme used before anything loads, so a dark-mode reader is not flashed with white;
// ThemeSync keeps it live (and follows the OS) once the settings are known.
applyColorScheme(chooseScheme(null, null, storage.get<string>(STORAGE_KEYS.colorScheme)))();
wireClient();

const container = document.getElementById('root')!;

async function start() {
  // While the server's page shows, its code downloads along with the start-up work, and the app
  // then hydrates that page (it takes over the HTML as it is) instead of drawing it again.
  const pageCode = container.hasAttribute('data-ssr') ? preloadRenderedPage(window.location.pathname) : undefined;
  await initI18n();
  const hydrate = (await boot()) && container.hasAttribute('data-ssr');
  await pageCode;
  container.removeAttribute('aria-busy');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (hydrate) {
    expectReaderOverlay();
    hydrateQueries(queryClient, renderedQueries());
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}

void start();
