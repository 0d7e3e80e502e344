import { configureClient } from '../api/client-env';
import { t } from '../i18n';
import { showDialog, showErrorPage, showToast } from '../state/notices';
import { clearUser } from '../state/user';
import { STORAGE_KEYS, storage } from '../utils/storage';
import { ROUTES } from './paths';
import { rememberRedirect } from './redirect';
import { router } from './router';

/** Connects the request client's effects to this app's router, stores and translations. */
export function wireClient(): void {
  const here = () => router.state.location;
  configureClient({
    token: () => storage.get<string>(STORAGE_KEYS.token) ?? '',
    language: () => storage.get<string>(STORAGE_KEYS.language) ?? 'en_US',
    currentPath: () => here().pathname,
    navigate: (to, options) => void router.navigate(to, options),
    goToLogin: () => {
      rememberRedirect(here().pathname + here().search);
      void router.navigate(ROUTES.login);
    },
    toast: (message) => showToast(message, 'danger'),
    dialog: showDialog,
    showErrorPage: (code) => showErrorPage(code, here().key),
    clearUser,
    translate: (key) => t(key),
  });
}
