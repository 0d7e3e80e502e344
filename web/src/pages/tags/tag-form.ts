import { LIMITS, updateTagSchema } from '@answer/contract';

export type TagNameField = 'display_name' | 'slug_name';

// The contract's checks on both names, so the form refuses what the server would.
const namesSchema = updateTagSchema.pick({ display_name: true, slug_name: true });

/**
 * Field -> translation key of what is wrong with the display name or slug (spec section 5: required,
 * up to 35 characters, each message naming its field); empty when both are fine.
 */
export function validateTagNames(values: Record<TagNameField, string>): Partial<Record<TagNameField, string>> {
  const parsed = namesSchema.safeParse(values);
  const problems: Partial<Record<TagNameField, string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as TagNameField;
    problems[field] ??= `tags.form.${field}_${issue.message === 'error.tag.too_long' ? 'too_long' : 'empty'}`;
  }
  return problems;
}

/** Values for the messages above. */
export const TAG_PROBLEM_VALUES = { max: LIMITS.tagNameMax };
