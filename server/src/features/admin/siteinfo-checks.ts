import { SITE_SETTING_GROUPS, type SiteSettingGroup } from '@answer/contract';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import { FieldErrors } from '../../core/errors.js';
import { isLanguage } from '../../core/i18n.js';
import { plainText, renderMarkdown } from '../../core/markdown.js';
import type { Runtime } from '../../runtime.js';
import { DEFAULT_LIMITS } from '../captcha/limits.js';
import { parseSiteUrl } from '../siteinfo/site-url.js';

type Input<G extends SiteSettingGroup> = z.infer<(typeof SITE_SETTING_GROUPS)[G]['schema']>;
type Check<G extends SiteSettingGroup> = (runtime: Runtime, input: Input<G>) => Promise<unknown> | unknown;

const TAG_DELETED = 10;
const DEFAULT_GRAVATAR = 'https://www.gravatar.com/avatar/';

const refuse = (field: string, reason: string): never => {
  throw new FieldErrors([{ field, reason }]);
};

/** The site name shows up in titles, mails and the header: markup is dropped (script contents included), entities read as text. */
const plainName = (name: string) => plainText(sanitizeHtml(name, { allowedTags: [], allowedAttributes: {} }));

/** Intl refuses a time zone it does not know, which is exactly the IANA list the runtime ships. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Stored tag references use the tag's current slug and display name; a missing tag names its field. */
async function existingTags(runtime: Runtime, field: string, refs: { slug_name: string }[]) {
  if (!refs.length) return [];
  const slugs = [...new Set(refs.map((r) => r.slug_name.toLowerCase()))];
  const rows = await runtime.database
    .selectFrom('tag')
    .select(['slug_name', 'display_name'])
    .where('slug_name', 'in', slugs)
    .where('status', '!=', TAG_DELETED)
    .execute();
  const bySlug = new Map(rows.map((r) => [r.slug_name.toLowerCase(), r]));
  return slugs.map((slug) => {
    const tag = bySlug.get(slug) ?? refuse(field, 'error.tag.not_found');
    return { slug_name: tag.slug_name, display_name: tag.display_name };
  });
}

/**
 * What each group stores, from its validated body (domain.md 13.1). Groups without an entry are
 * stored as validated. Each check throws field errors for values the schema alone cannot judge.
 */
export const GROUP_CHECKS: { [G in SiteSettingGroup]?: Check<G> } = {
  general: (_runtime, input) => {
    const name = plainName(input.name);
    if ([...name].length < 2) refuse('name', 'error.common.too_short');
    const siteUrl = parseSiteUrl(input.site_url) ?? refuse('site_url', 'error.common.invalid_url');
    return { ...input, name, site_url: siteUrl };
  },
  interface: (_runtime, input) => {
    if (!isLanguage(input.language)) refuse('language', 'error.lang.not_found');
    if (!isTimeZone(input.time_zone)) refuse('time_zone', 'error.common.invalid');
    return input;
  },
  users: (_runtime, input) => ({ ...input, gravatar_base_url: input.gravatar_base_url || DEFAULT_GRAVATAR }),
  write: async (runtime, input) => ({
    ...input,
    recommend_tags: await existingTags(runtime, 'recommend_tags', input.recommend_tags),
    reserved_tags: await existingTags(runtime, 'reserved_tags', input.reserved_tags),
  }),
  // The HTML is always the server's own rendering: a client's parsed text could carry anything.
  legal: (_runtime, input) => ({
    terms_of_service_original_text: input.terms_of_service_original_text,
    terms_of_service_parsed_text: renderMarkdown(input.terms_of_service_original_text),
    privacy_policy_original_text: input.privacy_policy_original_text,
    privacy_policy_parsed_text: renderMarkdown(input.privacy_policy_original_text),
  }),
  theme: (_runtime, { theme_options: _ignored, ...stored }) => stored,
  security: (_runtime, input) => {
    const { captcha = {}, hard = {} } = input.limits;
    const known = (names: string[], defaults: object) => names.every((n) => Object.hasOwn(defaults, n));
    if (!known(Object.keys(captcha), DEFAULT_LIMITS.captcha) || !known(Object.keys(hard), DEFAULT_LIMITS.hard)) {
      refuse('limits', 'error.common.invalid');
    }
    return input;
  },
};
