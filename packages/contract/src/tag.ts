import { z } from 'zod';
import { LIMITS } from './limits.js';
import { text } from './text.js';

/** Tag page and tag editing (domain.md 7.3, 7.6). */
const tagName = text()
  .trim()
  .min(1, { message: 'error.common.required' })
  .max(LIMITS.tagNameMax, { message: 'error.tag.too_long' });

/** `GET /tag`: by id (`id`, or `tag_id` as the API documentation names it) or by slug (`tag_name` / `name`). */
export const tagInfoQuery = z
  .object({
    id: text().max(40).optional(),
    tag_id: text().max(40).optional(),
    tag_name: text().max(100).optional(),
    name: text().max(100).optional(),
  })
  .refine((q) => !!(q.id || q.tag_id || q.tag_name || q.name), { message: 'error.common.required', path: ['id'] });

export const updateTagSchema = z.object({
  tag_id: text('error.common.required').min(1, { message: 'error.common.required' }).max(40),
  slug_name: tagName.optional(),
  display_name: tagName.optional(),
  original_text: text().max(65536, { message: 'error.common.too_long' }).optional(),
  edit_summary: text().max(255, { message: 'error.common.too_long' }).optional().default(''),
});
