import type { ReactionEmoji, ReactionItem } from '../../../api/reactions';

/**
 * The summary as it looks right after the viewer toggles `emoji`: their reaction added or taken
 * away. The names in the tooltip are the server's to write; they come with its reply.
 */
export function toggleReaction(summary: readonly ReactionItem[], emoji: ReactionEmoji): ReactionItem[] {
  const item = summary.find((r) => r.emoji === emoji);
  if (!item) return [...summary, { emoji, count: 1, tooltip: '', is_active: true }];
  const count = item.count + (item.is_active ? -1 : 1);
  if (count <= 0) return summary.filter((r) => r !== item);
  return summary.map((r) => (r === item ? { ...r, count, is_active: !r.is_active } : r));
}

/** Whether the viewer reacted with `emoji`, i.e. whether clicking it again takes the reaction back. */
export const isActive = (summary: readonly ReactionItem[], emoji: ReactionEmoji) => summary.some((r) => r.emoji === emoji && r.is_active);
