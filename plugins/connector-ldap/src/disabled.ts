import type { Entry } from 'ldapts';
import { textOf, valuesOf } from './attributes.js';
import type { DisabledRule } from './settings.js';

/** Active Directory's userAccountControl flag ACCOUNTDISABLE. */
const AD_ACCOUNT_DISABLE = 0x2;

export const AD_USER_ACCOUNT_CONTROL = 'userAccountControl';

/** The attribute the rule reads, to ask the directory for it (operational ones come only when named). */
export function disabledAttribute(rule: DisabledRule): string | undefined {
  if (rule.kind === 'ad_uac') return AD_USER_ACCOUNT_CONTROL;
  if (rule.kind === 'attribute') return rule.attribute;
  return undefined;
}

/**
 * Whether the entry is switched off in the directory. Directories that refuse such a bind
 * themselves (AD does) are checked anyway: not all do (an OpenLDAP entry with
 * `loginDisabled=TRUE` still binds), and it costs nothing.
 */
export function isDisabled(entry: Entry, rule: DisabledRule): boolean {
  switch (rule.kind) {
    case 'none':
      return false;
    case 'ad_uac': {
      const flags = Number(textOf(entry, AD_USER_ACCOUNT_CONTROL));
      return Number.isInteger(flags) && (flags & AD_ACCOUNT_DISABLE) !== 0;
    }
    case 'attribute': {
      const values = valuesOf(entry, rule.attribute).map((value) => (typeof value === 'string' ? value : value.toString('utf8')).trim());
      // No value configured: the attribute being there at all disables (pwdAccountLockedTime).
      if (!rule.value) return values.some((value) => value !== '');
      const wanted = rule.value.toLowerCase();
      return values.some((value) => value.toLowerCase() === wanted);
    }
  }
}
