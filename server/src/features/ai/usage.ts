import { sql } from 'kysely';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';

/**
 * The assistant's limits, exact under concurrency: a member's questions per day and the site's
 * tokens per calendar month (UTC) are counters in `ai_usage`, and every take is one conditional
 * UPDATE (`used + n <= limit`), so two requests racing for the last unit cannot both get it. Tokens
 * are reserved before a provider call (the most the call may spend: its prompt estimate plus
 * `max_tokens`) and settled to what the provider reports afterwards, so the budget holds even while
 * many calls are in flight.
 */
const SITE_TOKENS = 'site.tokens';
const questionsScope = (userId: string) => `user.${userId}.questions`;

export const today = (at = new Date()) => at.toISOString().slice(0, 10);
export const thisMonth = (at = new Date()) => at.toISOString().slice(0, 7);

async function ensureRow(runtime: Runtime, scope: string, period: string): Promise<void> {
  const db = runtime.database;
  const values = { scope, period, used: 0 };
  await (dialectOf(db) === 'mysql'
    ? db.insertInto('ai_usage').ignore().values(values)
    : db.insertInto('ai_usage').values(values).onConflict((oc) => oc.columns(['scope', 'period']).doNothing())
  ).execute();
}

/** Adds `n` to a counter unless that would pass `limit` (0: no limit); whether it was added. */
async function take(runtime: Runtime, scope: string, period: string, n: number, limit: number): Promise<boolean> {
  await ensureRow(runtime, scope, period);
  let update = runtime.database
    .updateTable('ai_usage')
    .set({ used: sql`used + ${n}` })
    .where('scope', '=', scope)
    .where('period', '=', period);
  if (limit > 0) update = update.where(sql<boolean>`used + ${n} <= ${limit}`);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function add(runtime: Runtime, scope: string, period: string, n: number): Promise<void> {
  if (n === 0) return;
  await ensureRow(runtime, scope, period);
  // Never below zero: a settle after a month's turn must not leave a negative count behind.
  await runtime.database
    .updateTable('ai_usage')
    .set({ used: sql`CASE WHEN used + ${n} < 0 THEN 0 ELSE used + ${n} END` })
    .where('scope', '=', scope)
    .where('period', '=', period)
    .execute();
}

async function read(runtime: Runtime, scope: string, period: string): Promise<number> {
  const row = await runtime.database.selectFrom('ai_usage').select('used').where('scope', '=', scope).where('period', '=', period).executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** Counts one question against the member's daily limit; false when the limit is reached. */
export async function takeQuestion(runtime: Runtime, userId: string): Promise<boolean> {
  const { daily_limit_per_member } = (await loadSiteSettings(runtime)).ai;
  return take(runtime, questionsScope(userId), today(), 1, daily_limit_per_member);
}

/** A question the provider never answered (down, timeout) does not count. */
export async function giveBackQuestion(runtime: Runtime, userId: string, day: string): Promise<void> {
  await add(runtime, questionsScope(userId), day, -1);
}

export async function questionsLeftToday(runtime: Runtime, userId: string): Promise<number> {
  const { daily_limit_per_member } = (await loadSiteSettings(runtime)).ai;
  if (daily_limit_per_member === 0) return -1;
  return Math.max(0, daily_limit_per_member - (await read(runtime, questionsScope(userId), today())));
}

/** A reservation of tokens for one provider call, to settle once its real usage is known. */
export interface TokenReservation {
  month: string;
  reserved: number;
}

/** Reserves `tokens` of the monthly budget; null when the budget cannot cover them. */
export async function reserveTokens(runtime: Runtime, tokens: number): Promise<TokenReservation | null> {
  const { monthly_token_budget } = (await loadSiteSettings(runtime)).ai;
  const month = thisMonth();
  return (await take(runtime, SITE_TOKENS, month, tokens, monthly_token_budget)) ? { month, reserved: tokens } : null;
}

/** Replaces a reservation by what the call really used (in the month it was reserved in). */
export async function settleTokens(runtime: Runtime, reservation: TokenReservation, used: number): Promise<void> {
  await add(runtime, SITE_TOKENS, reservation.month, used - reservation.reserved);
}

/** Tokens spent outside a reservation (embeddings, whose size is known only from the reply). */
export async function spendTokens(runtime: Runtime, tokens: number): Promise<void> {
  await add(runtime, SITE_TOKENS, thisMonth(), tokens);
}

/** Whether the monthly budget has any tokens left (always, without a budget). */
export async function budgetLeft(runtime: Runtime): Promise<boolean> {
  const { monthly_token_budget } = (await loadSiteSettings(runtime)).ai;
  return monthly_token_budget === 0 || (await read(runtime, SITE_TOKENS, thisMonth())) < monthly_token_budget;
}

export async function tokensThisMonth(runtime: Runtime): Promise<number> {
  return read(runtime, SITE_TOKENS, thisMonth());
}

/** Questions asked today by every member together (the dashboard's figure). */
export async function questionsToday(runtime: Runtime): Promise<number> {
  const row = await runtime.database
    .selectFrom('ai_usage')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('used'), sql<number>`0`).as('n'))
    .where('period', '=', today())
    .where('scope', 'like', 'user.%.questions')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
