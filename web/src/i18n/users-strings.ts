import { users } from '../../../locales/en_US/ui.json?part=users';
import { DEFAULT_LANGUAGE, i18n } from './translator';

/**
 * The English strings of the people pages (the users section), in the chunk of the area that shows
 * them: neither in the entry nor in the download of the other areas' strings (area-strings.ts), so a
 * profile's first visit gets them with its code instead of in a request after it (issue 25).
 */
export function addUsersStrings(): void {
  i18n.addResourceBundle(DEFAULT_LANGUAGE, { users });
}
