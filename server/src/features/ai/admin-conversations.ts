import type { AiAdminConversationDetail, AiAdminConversationItem, UserBasicInfo } from '@answer/contract';
import { sql } from 'kysely';
import type { Runtime } from '../../runtime.js';
import { loadUserBasics } from '../user/basic.js';
import { conversationRecords, loadConversation, presentRecord } from './conversations.js';

/**
 * Admin → AI conversations: upstream 2.0's list and detail (what members asked, what the assistant
 * answered, how they judged it), with our report and token figures. One query for the page, one
 * for the figures of its conversations, one for their members.
 */
const userInfo = (u: UserBasicInfo | undefined, id: string): AiAdminConversationItem['user_info'] => ({
  id,
  username: u?.username ?? '',
  display_name: u?.display_name ?? '',
  avatar: u?.avatar ?? '',
  rank: u?.rank ?? 0,
});

export async function adminConversations(runtime: Runtime, page: number, size: number): Promise<{ count: number; list: AiAdminConversationItem[] }> {
  const db = runtime.database;
  const total = await db.selectFrom('ai_conversation').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await db
    .selectFrom('ai_conversation')
    .select(['id', 'conversation_id', 'topic', 'user_id', 'created_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const ids = rows.map((r) => r.conversation_id);
  const figures = ids.length
    ? await db
        .selectFrom('ai_conversation_record')
        .select([
          'conversation_id',
          sql<number>`COALESCE(SUM(helpful), 0)`.as('helpful'),
          sql<number>`COALESCE(SUM(unhelpful), 0)`.as('unhelpful'),
          sql<number>`COALESCE(SUM(reported), 0)`.as('reports'),
          sql<number>`COALESCE(SUM(tokens), 0)`.as('tokens'),
        ])
        .where('conversation_id', 'in', ids)
        .groupBy('conversation_id')
        .execute()
    : [];
  const byId = new Map(figures.map((f) => [f.conversation_id, f]));
  const users = await loadUserBasics(runtime, rows.map((r) => r.user_id));
  return {
    count: Number(total?.n ?? 0),
    list: rows.map((r) => {
      const f = byId.get(r.conversation_id);
      return {
        id: r.conversation_id,
        topic: r.topic,
        user_info: userInfo(users.get(String(r.user_id)), String(r.user_id)),
        helpful_count: Number(f?.helpful ?? 0),
        unhelpful_count: Number(f?.unhelpful ?? 0),
        created_at: Number(r.created_at),
        report_count: Number(f?.reports ?? 0),
        tokens: Number(f?.tokens ?? 0),
      };
    }),
  };
}

export async function adminConversationDetail(runtime: Runtime, conversationId: string): Promise<AiAdminConversationDetail> {
  const row = await loadConversation(runtime, conversationId, null);
  const records = await conversationRecords(runtime, conversationId);
  const users = await loadUserBasics(runtime, [row.user_id]);
  return {
    conversation_id: row.conversation_id,
    topic: row.topic,
    user_info: userInfo(users.get(String(row.user_id)), String(row.user_id)),
    records: records.map((r) => ({ ...presentRecord(r), report_reason: r.report_reason })),
    created_at: Number(row.created_at),
  };
}
