import { useEffect } from 'react';
import { useSiteInfo } from '../state/site';
import { useUser } from '../state/user';
import { applyColorScheme, chooseScheme } from '../utils/color-scheme';
import { STORAGE_KEYS, storage } from '../utils/storage';
import { applySiteAppearance } from './appearance';

/**
 * Keeps data-bs-theme in line with the user's and the site's colour scheme (and the OS for "system"),
 * and the site's look (icons, primary colour, custom CSS and head) in line with the site settings.
 */
export function ThemeSync() {
  const user = useUser();
  const site = useSiteInfo();
  const scheme = chooseScheme(user?.color_scheme, site?.theme.color_scheme, storage.get<string>(STORAGE_KEYS.colorScheme));
  useEffect(() => {
    // Remembered so the next visit paints in the right scheme before the settings arrive.
    storage.set(STORAGE_KEYS.colorScheme, scheme);
    return applyColorScheme(scheme);
  }, [scheme]);
  useEffect(() => applySiteAppearance(site), [site]);
  return null;
}
