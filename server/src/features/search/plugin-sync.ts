import type { SearchSyncer } from '@answer/plugin-sdk';
import type { Runtime } from '../../runtime.js';
import { A } from '../answer/service.js';
import type { SiteEvent } from '../events/types.js';
import { enabledSearchPlugin, runSearchSync, updateSearchPlugin } from '../plugin/search-plugin.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { PUBLIC_QUESTION_STATUSES } from '../visibility/rules.js';
import { answerContents, currentContents, questionContents } from './plugin-content.js';

/** Outbox topic of site events for the search plugin (events/publish.ts sends every event to it). */
export const SEARCH_EVENT_TOPIC = 'event.search';
/** The largest page the syncer gives, whatever the plugin asks: each page is one bounded read. */
export const MAX_SYNC_PAGE = 500;

interface Touched {
  questions: string[];
  answers: string[];
  /** Questions whose answers change with them: their title and tags are the answers' too, and a deleted question hides them. */
  answersOf?: string;
}

/** The posts whose indexed form (plugin-content.ts) an event may change; null for the others. */
function touchedBy(event: SiteEvent): Touched | null {
  switch (event.kind) {
    case 'question.create':
    case 'question.close':
    case 'question.reopen':
      return { questions: [event.questionId], answers: [] };
    case 'question.update':
    case 'question.delete':
    case 'question.recover':
      return { questions: [event.questionId], answers: [], answersOf: event.questionId };
    // The question's answer count and activity move with its answers.
    case 'answer.create':
    case 'answer.update':
    case 'answer.delete':
    case 'answer.recover':
      return { questions: [event.questionId], answers: [event.answerId] };
    case 'answer.accept':
      return { questions: [event.questionId], answers: [event.answerId, event.previousAnswerId].filter((id) => id !== '0') };
    case 'vote':
      if (event.objectType === 'question') return { questions: [event.objectId], answers: [] };
      if (event.objectType === 'answer') return { questions: [], answers: [event.objectId] };
      return null;
    default:
      return null;
  }
}

/**
 * Keeps the enabled search plugin in step with posts (domain.md 10.5): the 'event.search' consumer
 * re-reads each post an event touched and gives the plugin its current form, or asks it to drop
 * the post when search no longer shows it. It runs after the writer's commit, so a slow or failing
 * plugin never holds up a post; a failure leaves the row to be retried. Without an enabled search
 * plugin it does nothing (one cached read of the plugin state, none without a search plugin).
 */
export function registerSearchPluginSync(runtime: Runtime): void {
  runtime.outbox.on(SEARCH_EVENT_TOPIC, async (event: SiteEvent) => {
    const touched = touchedBy(event);
    if (!touched) return;
    const plugin = await enabledSearchPlugin(runtime);
    if (!plugin) return;
    const db = runtime.database;
    if (touched.answersOf) {
      const answers = await db.selectFrom('answer').select('id').where('question_id', '=', touched.answersOf).where('status', '=', A.available).execute();
      touched.answers.push(...answers.map((a) => String(a.id)));
    }
    const { seo } = await loadSiteSettings(runtime);
    await updateSearchPlugin(runtime, plugin, await currentContents(db, touched, seo.permalink));
  });
}

/**
 * The syncer a search plugin's `sync` pages through: every post the plugin should hold
 * (plugin-content.ts), oldest first. Pages count from 1, as upstream's syncer; a page holds at most
 * MAX_SYNC_PAGE posts, and an empty page means the end.
 */
function syncerOf(runtime: Runtime): SearchSyncer {
  const window = (page: number, pageSize: number) => {
    const size = Math.min(Math.max(1, Math.floor(pageSize) || 1), MAX_SYNC_PAGE);
    return { size, offset: (Math.max(1, Math.floor(page) || 1) - 1) * size };
  };
  return {
    async questions(page, pageSize) {
      const { size, offset } = window(page, pageSize);
      const db = runtime.database;
      const rows = await db.selectFrom('question').selectAll().where('status', 'in', PUBLIC_QUESTION_STATUSES).orderBy('id').limit(size).offset(offset).execute();
      return questionContents(db, rows, (await loadSiteSettings(runtime)).seo.permalink);
    },
    async answers(page, pageSize) {
      const { size, offset } = window(page, pageSize);
      const db = runtime.database;
      const rows = await db
        .selectFrom('answer')
        .innerJoin('question', 'question.id', 'answer.question_id')
        .selectAll('answer')
        .where('answer.status', '=', A.available)
        .where('question.status', 'in', PUBLIC_QUESTION_STATUSES)
        .orderBy('answer.id')
        .limit(size)
        .offset(offset)
        .execute();
      const questionIds = [...new Set(rows.map((a) => String(a.question_id)))];
      const questions = questionIds.length ? await db.selectFrom('question').selectAll().where('id', 'in', questionIds).execute() : [];
      return answerContents(db, rows, new Map(questions.map((q) => [String(q.id), q])), (await loadSiteSettings(runtime)).seo.permalink);
    },
  };
}

/** Syncs running on this instance, by plugin: switching one on again while its sync runs starts no second one. */
const running = new WeakMap<Runtime, Map<string, Promise<void>>>();

/**
 * After the admin switches a search plugin on: its `sync` fills its index once, in the background
 * of the instance that handled the switch, while the site goes on serving (searches fall back to
 * the built-in search only if the plugin fails). Resolves when the sync has ended.
 */
export function syncEnabledSearchPlugin(runtime: Runtime, slug: string): Promise<void> {
  let syncs = running.get(runtime);
  if (!syncs) running.set(runtime, (syncs = new Map()));
  const current = syncs.get(slug);
  if (current) return current;
  const sync = (async () => {
    const plugin = await enabledSearchPlugin(runtime);
    if (plugin?.entry.slug === slug) await runSearchSync(runtime, plugin, syncerOf(runtime));
  })()
    .catch((error: unknown) => console.error(`plugin ${slug}: search.sync could not run`, error))
    .finally(() => syncs.delete(slug));
  syncs.set(slug, sync);
  return sync;
}
