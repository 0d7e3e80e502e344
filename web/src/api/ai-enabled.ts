import type { SiteInfo } from '@answer/contract';

/**
 * Whether the site has the assistant on (siteinfo `ai_enabled`, upstream 2.0's field). A module of
 * its own: the navigation, in every first visit, needs only this and not the assistant's calls.
 */
export const aiEnabled = (site: SiteInfo | null | undefined) => site?.ai_enabled === true;
