import { connector } from '../../../locales/en_US/ui.json?part=connector';
import { DEFAULT_LANGUAGE, i18n } from './translator';

/**
 * The English strings of external sign-in (the connector section: the login page's sign-in
 * services, the failed sign-in page), in the account pages' chunk: a question page's first visit
 * never shows them, so they stay out of the entry (server/test/first-visit-budget.test.ts).
 */
export function addConnectorStrings(): void {
  i18n.addResourceBundle(DEFAULT_LANGUAGE, { connector });
}
