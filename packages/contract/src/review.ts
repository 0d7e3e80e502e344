import { z } from 'zod';
import { pageNumber } from './paging.js';
import { rowId } from './text.js';

/** Suggested-edit review (domain.md 5.9): the queue is read one suggestion per page. */
export const unreviewedRevisionQuery = z.object({
  page: pageNumber(),
});

export const REVISION_AUDIT_OPERATIONS = ['approve', 'reject'] as const;
export const revisionAuditSchema = z.object({
  id: rowId(),
  operation: z.enum(REVISION_AUDIT_OPERATIONS, { message: 'error.common.invalid' }),
});

/** Names of the review queues (`GET /reviewing/type`). */
export const REVIEW_QUEUES = ['queued_post', 'flagged_post', 'suggested_post_edit'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];
