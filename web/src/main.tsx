import 'bootstrap/dist/css/bootstrap.min.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { boot } from './app/boot';
import { preloadSnapshotPage } from './app/pages';
import { wireClient } from './app/client-wiring';
import { initI18n } from './i18n';
import { STORAGE_KEYS, storage } from './utils/storage';
import { applyColorScheme, chooseScheme } from './utils/color-scheme';
import { forceFullNavigation, hideBrokenImages } from './utils/global-handlers';

forceFullNavigation(document);
hideBrokenImages(document);
// Paint the last scheme used before anything loads, so a dark-mode reader is not flashed with white;
// ThemeSync keeps it live (and follows the OS) once the settings are known.
applyColorScheme(chooseScheme(null, null, storage.get<string>(STORAGE_KEYS.colorScheme)))();
wireClient();

const container = document.getElementById('root')!;

async function start() {
  // While the server's snapshot shows, the page's code downloads along with the start-up calls, and
  // the app starts once both are there: it replaces the snapshot with the page, not with a spinner.
  const pageCode = container.hasAttribute('data-snapshot') ? preloadSnapshotPage(window.location.pathname) : undefined;
  await initI18n();
  await boot();
  await pageCode;
  container.removeAttribute('aria-busy');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
