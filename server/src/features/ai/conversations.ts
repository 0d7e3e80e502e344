import type { AiCitation, AiConversationDetail, AiConversationListItem, AiConversationRecord } from '@answer/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../core/errors.js';
import { retryOnConflict } from '../../db/retry.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Runtime } from '../../runtime.js';
import { answerHtml } from './answer-html.js';

/**
 * A member's conversations with the assistant and their turns (`ai_conversation`,
 * `ai_conversation_record`). A conversation id is chosen by the client, as upstream's UI does, so
 * it is claimed before the provider is called: the first to insert it owns it, and anyone else
 * naming it gets "not found", never someone else's history.
 */
const now = () => Math.floor(Date.now() / 1000);
const TOPIC_MAX = 150;

export interface ClaimedConversation {
  isNew: boolean;
}


/**
 * Makes sure `conversationId` exists and belongs to `userId` (creating it with `topic`), else
 * refuses it with 404. Insert-if-absent, then read the owner: two requests racing with one new id
 * both pass for its owner, and never for anyone else.
 */
async function ensureOwned(db: Kysely<Database>, conversationId: string, userId: string, topic: string, t: number): Promise<boolean> {
  const values = { conversation_id: conversationId, user_id: userId, topic: [...topic.trim()].slice(0, TOPIC_MAX).join(''), created_at: t, updated_at: t };
  const inserted = await (dialectOf(db) === 'mysql'
    ? db.insertInto('ai_conversation').ignore().values(values)
    : db.insertInto('ai_conversation').values(values).onConflict((oc) => oc.column('conversation_id').doNothing())
  ).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const owner = await db.selectFrom('ai_conversation').select('user_id').where('conversation_id', '=', conversationId).executeTakeFirst();
  if (!owner || String(owner.user_id) !== userId) throw notFound('error.ai.conversation_not_found');
  return false;
}

/** Claims `conversationId` for `userId` before the provider is called; `isNew` when this call created it. */
export async function claimConversation(runtime: Runtime, conversationId: string, userId: string, topic: string): Promise<ClaimedConversation> {
  return { isNew: await ensureOwned(runtime.database, conversationId, userId, topic, now()) };
}

/**
 * Drops a conversation claimed for a turn that never happened (the provider failed at once), in one
 * statement, and only while it has no turns: a racing request that saved one keeps it.
 */
export async function dropIfEmpty(runtime: Runtime, conversationId: string): Promise<void> {
  await runtime.database
    .deleteFrom('ai_conversation')
    .where('conversation_id', '=', conversationId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('ai_conversation_record').select(sql`1`.as('one')).where('ai_conversation_record.conversation_id', '=', conversationId))))
    .execute();
}

export interface TurnRecord {
  chatCompletionId: string;
  question: string;
  answer: string;
  citations: AiCitation[];
  tokens: number;
}

/**
 * The member's question and the assistant's answer, written together. The conversation's row is
 * locked first by the update of its time (an exclusive lock straight away: two turns of one
 * conversation finishing together queue instead of deadlocking over shared locks on MariaDB), and
 * made again only when a racing failure dropped it; a deadlock the database breaks anyway is retried.
 */
export async function saveTurn(runtime: Runtime, conversationId: string, userId: string, turn: TurnRecord): Promise<void> {
  const t = now();
  await retryOnConflict(() =>
    runtime.database.transaction().execute(async (trx) => {
      const touched = await trx.updateTable('ai_conversation').set({ updated_at: t }).where('conversation_id', '=', conversationId).where('user_id', '=', userId).executeTakeFirst();
      if (Number(touched.numUpdatedRows) === 0) await ensureOwned(trx, conversationId, userId, turn.question, t);
      await trx
        .insertInto('ai_conversation_record')
        .values([
          { conversation_id: conversationId, chat_completion_id: `${turn.chatCompletionId}-q`, role: 'user', content: turn.question, citations: '[]', tokens: 0, created_at: t },
          { conversation_id: conversationId, chat_completion_id: turn.chatCompletionId, role: 'assistant', content: turn.answer, citations: JSON.stringify(turn.citations), tokens: turn.tokens, created_at: t },
        ])
        .execute();
    }),
  );
}

type RecordRow = { chat_completion_id: string; role: string; content: string; citations: string; helpful: number; unhelpful: number; reported: number; report_reason: string; created_at: number };

function citationsOf(json: string): AiCitation[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? (list as AiCitation[]) : [];
  } catch {
    return [];
  }
}

export function presentRecord(row: RecordRow): AiConversationRecord {
  const citations = citationsOf(row.citations);
  const assistant = row.role === 'assistant';
  return {
    chat_completion_id: row.chat_completion_id,
    role: assistant ? 'assistant' : 'user',
    content: row.content,
    html: assistant ? answerHtml(row.content, citations) : '',
    citations,
    grounded: assistant && citations.length > 0,
    helpful: Number(row.helpful),
    unhelpful: Number(row.unhelpful),
    reported: Number(row.reported) === 1,
    created_at: Number(row.created_at),
  };
}

const RECORD_COLUMNS = ['chat_completion_id', 'role', 'content', 'citations', 'helpful', 'unhelpful', 'reported', 'report_reason', 'created_at'] as const;

export async function conversationRecords(runtime: Runtime, conversationId: string): Promise<RecordRow[]> {
  return (await runtime.database
    .selectFrom('ai_conversation_record')
    .select(RECORD_COLUMNS)
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .execute()) as RecordRow[];
}

/** A conversation row, only when `userId` owns it (null: any owner, for administrators). */
export async function loadConversation(runtime: Runtime, conversationId: string, userId: string | null) {
  let query = runtime.database.selectFrom('ai_conversation').selectAll().where('conversation_id', '=', conversationId);
  if (userId !== null) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('error.ai.conversation_not_found');
  return row;
}

export async function conversationDetail(runtime: Runtime, conversationId: string, userId: string): Promise<AiConversationDetail> {
  const row = await loadConversation(runtime, conversationId, userId);
  const records = await conversationRecords(runtime, conversationId);
  return { conversation_id: row.conversation_id, topic: row.topic, records: records.map(presentRecord), created_at: Number(row.created_at), updated_at: Number(row.updated_at) };
}

/** The earlier turns as the model reads them: questions and answers, citation numbers removed (they named another turn's sources). */
export function historyOf(records: RecordRow[]): Array<{ role: 'user' | 'assistant'; content: string }> {
  return records.slice(-12).map((r) => ({ role: r.role === 'assistant' ? 'assistant' : 'user', content: r.content.replace(/\[\d{1,3}\]/g, '') }));
}

export async function memberConversations(runtime: Runtime, userId: string, page: number, size: number): Promise<{ count: number; list: AiConversationListItem[] }> {
  const db = runtime.database;
  const [{ n }] = await db.selectFrom('ai_conversation').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).execute() as [{ n: number }];
  const rows = await db
    .selectFrom('ai_conversation')
    .select(['conversation_id', 'topic', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { count: Number(n), list: rows.map((r) => ({ conversation_id: r.conversation_id, topic: r.topic, created_at: Number(r.created_at), updated_at: Number(r.updated_at) })) };
}

export async function deleteConversation(runtime: Runtime, conversationId: string, userId: string | null): Promise<void> {
  await loadConversation(runtime, conversationId, userId);
  await runtime.database.transaction().execute(async (trx) => {
    await trx.deleteFrom('ai_conversation_record').where('conversation_id', '=', conversationId).execute();
    await trx.deleteFrom('ai_conversation').where('conversation_id', '=', conversationId).execute();
  });
}

/** An assistant answer of one of the member's conversations, by its completion id. */
async function ownAnswer(runtime: Runtime, chatCompletionId: string, userId: string) {
  const row = await runtime.database
    .selectFrom('ai_conversation_record as r')
    .innerJoin('ai_conversation as c', 'c.conversation_id', 'r.conversation_id')
    .select(['r.id'])
    .where('r.chat_completion_id', '=', chatCompletionId)
    .where('r.role', '=', 'assistant')
    .where('c.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('error.ai.record_not_found');
  return row.id;
}

/** Upstream's vote: helpful or unhelpful, one at a time; `cancel` takes it back. */
export async function voteAnswer(runtime: Runtime, chatCompletionId: string, userId: string, type: 'helpful' | 'unhelpful', cancel: boolean): Promise<void> {
  const id = await ownAnswer(runtime, chatCompletionId, userId);
  const set = cancel ? { [type]: 0 } : type === 'helpful' ? { helpful: 1, unhelpful: 0 } : { helpful: 0, unhelpful: 1 };
  await runtime.database.updateTable('ai_conversation_record').set(set).where('id', '=', id).execute();
}

export async function reportAnswer(runtime: Runtime, chatCompletionId: string, userId: string, reason: string): Promise<void> {
  const id = await ownAnswer(runtime, chatCompletionId, userId);
  await runtime.database.updateTable('ai_conversation_record').set({ reported: 1, report_reason: reason }).where('id', '=', id).execute();
}

/** Totals for the dashboard. */
export async function conversationTotals(runtime: Runtime) {
  const db = runtime.database;
  const conversations = await db.selectFrom('ai_conversation').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const marks = await db
    .selectFrom('ai_conversation_record')
    .select([
      sql<number>`COALESCE(SUM(helpful), 0)`.as('helpful'),
      sql<number>`COALESCE(SUM(unhelpful), 0)`.as('unhelpful'),
      sql<number>`COALESCE(SUM(reported), 0)`.as('reports'),
    ])
    .executeTakeFirst();
  return { conversations: Number(conversations?.n ?? 0), helpful: Number(marks?.helpful ?? 0), unhelpful: Number(marks?.unhelpful ?? 0), reports: Number(marks?.reports ?? 0) };
}
