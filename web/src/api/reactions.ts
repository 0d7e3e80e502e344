import { API_PREFIX } from '@answer/contract';
import { get, request } from './client';

export const REACTION_EMOJIS = ['heart', 'smile', 'frown'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

/** One emoji under a post: how many reacted, who (a short list of names), and whether the viewer did. */
export interface ReactionItem {
  emoji: ReactionEmoji;
  count: number;
  tooltip: string;
  is_active: boolean;
}

type SummaryReply = { reaction_summary?: ReactionItem[] | null } | ReactionItem[] | null;

// Upstream wraps the list as {reaction_summary}; domain.md describes the bare list: read either.
const summaryOf = (reply: SummaryReply): ReactionItem[] => (Array.isArray(reply) ? reply : (reply?.reaction_summary ?? []));

const R = `${API_PREFIX}/meta/reaction`;

export const getReactions = async (objectId: string, signal?: AbortSignal) =>
  summaryOf(await get<SummaryReply>(R, { params: { object_id: objectId }, signal, ignore50x: true }));

/** Adds or takes back the viewer's reaction; resolves to the new summary. */
export const react = async (objectId: string, emoji: ReactionEmoji, active: boolean) =>
  summaryOf(await request<SummaryReply>('PUT', R, { body: { object_id: objectId, emoji, reaction: active ? 'activate' : 'deactivate' } }));
