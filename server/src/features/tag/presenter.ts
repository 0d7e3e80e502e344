import type { Selectable } from 'kysely';
import type { TagTable } from '../../db/schema.js';

export interface TagBrief {
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
  recommend: boolean;
  reserved: boolean;
}

/** `recommend` is only reported while required tags are on (domain.md 7.5). */
export function presentTagBrief(row: Selectable<TagTable>, requiredTagOn: boolean): TagBrief {
  return {
    slug_name: row.slug_name,
    display_name: row.display_name,
    main_tag_slug_name: row.main_tag_slug_name,
    recommend: requiredTagOn && Number(row.recommend) === 1,
    reserved: Number(row.reserved) === 1,
  };
}
