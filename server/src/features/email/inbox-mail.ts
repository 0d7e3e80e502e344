import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One inbox notification that may also go out by e-mail (domain.md 8.5). */
export interface InboxMailItem {
  receiverId: string;
  triggerUserId: string;
  /** The `notification.action.*` key without prefix, e.g. `answer_the_question`, `reply_to_you`. */
  action: string;
  questionId: string;
  answerId?: string;
  commentId?: string;
}

/**
 * Called by the notification feature in the transaction that creates an inbox notification: queues
 * the matching e-mail (or a digest entry) when the receiver has inbox e-mails on.
 */
export async function mailForInbox(_trx: Kysely<Database>, _item: InboxMailItem): Promise<void> {
  // Filled in by the e-mail notification feature.
}
