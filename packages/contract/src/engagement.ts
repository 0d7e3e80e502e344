import { z } from 'zod';
import { rowId, text } from './text.js';

/** Requests of timelines, reactions, invitations and the followed-tag set (domain.md 5.14, 5.15, 12.2). */
const id = text('error.common.required').min(1, { message: 'error.common.required' }).max(40);
const revisionId = rowId();
const captcha = {
  captcha_id: text().max(100).optional().default(''),
  captcha_code: text().max(20).optional().default(''),
};

export const timelineQuery = z.object({
  object_id: id,
  show_vote: z
    .enum(['true', 'false', '1', '0'], { message: 'error.common.invalid' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** old_revision_id 0 (or none) compares the new revision with nothing: a first version. */
export const timelineDetailQuery = z.object({
  new_revision_id: revisionId,
  old_revision_id: revisionId.optional().default('0'),
});

export const REACTION_EMOJI = ['heart', 'smile', 'frown'] as const;
export type ReactionEmojiName = (typeof REACTION_EMOJI)[number];
export const reactionQuery = z.object({ object_id: id });
export const reactionSchema = z.object({
  object_id: id,
  emoji: z.enum(REACTION_EMOJI, { message: 'error.common.invalid' }),
  reaction: z.enum(['activate', 'deactivate'], { message: 'error.common.invalid' }),
});

/** How many people one question may invite (the upstream client's limit, enforced by the server). */
export const INVITE_USERS_MAX = 5;
export const inviteSchema = z.object({
  id,
  invite_user: z
    .array(text().max(100), { message: 'error.common.invalid' })
    .max(INVITE_USERS_MAX, { message: 'error.question.invite_too_many' })
    .optional()
    .default([]),
  ...captcha,
});

export const followTagsSchema = z.object({
  slug_name_list: z.array(text().max(100)).max(200, { message: 'error.common.too_long' }),
});

export interface ReactionSummaryItem {
  emoji: ReactionEmojiName;
  count: number;
  tooltip: string;
  is_active: boolean;
}

/** POST /vote/up and /vote/down. */
export const voteSchema = z.object({
  object_id: text('error.common.required').min(1, { message: 'error.common.required' }).max(40),
  is_cancel: z.boolean().optional().default(false),
  captcha_id: text().max(100).optional().default(''),
  captcha_code: text().max(20).optional().default(''),
});
/** POST /collection/switch: bookmark a post or take the bookmark away. */
export const bookmarkSwitchSchema = z.object({
  object_id: text('error.common.required').min(1, { message: 'error.common.required' }).max(40),
  bookmark: z.boolean({ message: 'error.common.invalid' }),
  // Bookmark folders are not offered; clients send the default group's id or nothing.
  group_id: text().max(40).optional(),
});
/** POST /follow: follow (or stop following) a question, tag or user. */
export const followSchema = z.object({
  object_id: text('error.common.required').min(1, { message: 'error.common.required' }).max(40),
  is_cancel: z.boolean({ message: 'error.common.invalid' }).optional().default(false),
});
/** GET /question/tags: the tag selector's suggestions. */
export const tagSuggestQuery = z.object({ tag: text().max(35).default('') });
/** GET /user/info/search: the @mention picker. */
export const userMentionQuery = z.object({ username: text().max(30).default('') });

/** POST /vote/up and /vote/down. */
export interface VoteResult {
  up_votes: number;
  down_votes: number;
  votes: number;
  vote_status: 'vote_up' | 'vote_down' | '';
}
/** POST /follow. */
export interface FollowResult {
  follows: number;
  is_followed: boolean;
}
/** POST /collection/switch. */
export interface BookmarkResult {
  object_collection_count: number;
}
/** GET and PUT /meta/reaction. */
export interface ReactionSummary {
  reaction_summary: ReactionSummaryItem[];
}
