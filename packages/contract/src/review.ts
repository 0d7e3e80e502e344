import { z } from 'zod';

/** Suggested-edit review (domain.md 5.9): the queue is read one suggestion per page. */
export const unreviewedRevisionQuery = z.object({
  page: z.coerce.number({ message: 'error.common.invalid' }).int({ message: 'error.common.invalid' }).min(1, { message: 'error.common.invalid' }).max(1_000_000, { message: 'error.common.invalid' }).optional().default(1),
});

export const REVISION_AUDIT_OPERATIONS = ['approve', 'reject'] as const;
export const revisionAuditSchema = z.object({
  id: z
    .string({ message: 'error.common.required' })
    .trim()
    .min(1, { message: 'error.common.required' })
    // Revision ids are plain auto-increment numbers; 18 digits stay inside every database's BIGINT.
    .regex(/^\d{1,18}$/, { message: 'error.common.invalid' }),
  operation: z.enum(REVISION_AUDIT_OPERATIONS, { message: 'error.common.invalid' }),
});

/** Names of the review queues (`GET /reviewing/type`). */
export const REVIEW_QUEUES = ['queued_post', 'flagged_post', 'suggested_post_edit'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];
