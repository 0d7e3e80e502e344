import { admin, ai, install, plugin_form, search, settings, timeline } from '../../../locales/en_US/ui.json?part=areas';

/**
 * The English strings of areas a question page does not show (a third of the bundle): downloaded
 * with the first of those areas (its module's `ready`), not with every first visit (issue 15). The
 * people pages, which the server renders, carry theirs (users-strings.ts).
 */
export const areaStrings = { admin, ai, install, plugin_form, search, settings, timeline };
