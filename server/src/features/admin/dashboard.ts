import type { DashboardInfo } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { USER_STATUS } from '../../core/guardian.js';
import { smtpConfigured } from '../../core/mailer.js';
import { MAX_ATTEMPTS } from '../../core/outbox.js';
import type { Db } from '../../db/connect.js';
import type { Runtime } from '../../runtime.js';
import { APP_REVISION, APP_VERSION } from '../../version.js';
import { A } from '../answer/service.js';
import { C } from '../comment/service.js';
import { loadSmtpSettings } from '../email/settings.js';
import { Q } from '../question/service.js';
import { FLAG } from '../report/flag.js';
import { countQueuedPosts } from '../review/queue.js';
import { REVISION } from '../revision/service.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { remoteVersion } from './update-check.js';
import { databaseFacts, perDay } from './dashboard-database.js';
import { formatFileSize, uploadsUsage, uploadsWritable } from './dashboard-storage.js';

const CACHE_KEY = 'answer:admin-dashboard';
const CACHE_SECONDS = 60;
const DAYS = 30;
/** Published content only: deleted posts, and pending ones still waiting in review, are not counted. */
const QUESTION_COUNTED = [Q.available, Q.closed];
const ANSWER_COUNTED = [A.available];
const USER_COUNTED = [USER_STATUS.available, USER_STATUS.suspended];
const STARTED_AT = Math.floor(Date.now() / 1000);

/** `GET /dashboard` under the admin prefix (domain.md 13.5): site figures, cached a minute per process. */
export async function dashboardRoutes(app: FastifyInstance, opts: { uploadsDir: string }) {
  const runtime = app.runtime;
  app.get('/dashboard', { config: { access: 'admin', openapi: { response: 'DashboardReply' } } }, async (request, reply) => {
    let info = await runtime.cache.get<DashboardInfo>(CACHE_KEY);
    if (!info) {
      info = await dashboardInfo(runtime, opts.uploadsDir);
      await runtime.cache.set(CACHE_KEY, info, CACHE_SECONDS);
    }
    // The uptime is counted at each call, not kept with the cached figures.
    return send(request, reply, { info: { ...info, app_start_time: String(Math.floor(Date.now() / 1000) - STARTED_AT) } });
  });
}

async function dashboardInfo(runtime: Runtime, uploadsDir: string): Promise<DashboardInfo> {
  const db = runtime.database;
  const settings = await loadSiteSettings(runtime);
  const count = async (query: Promise<{ n: unknown } | undefined>) => Number((await query)?.n ?? 0);
  const [questions, answers, comments, votes, users, flags, queued, edits, smtp, uploads, writable, database, daily, outbox, remote] = await Promise.all([
    count(db.selectFrom('question').select((eb) => eb.fn.countAll().as('n')).where('status', 'in', QUESTION_COUNTED).executeTakeFirst()),
    count(db.selectFrom('answer').select((eb) => eb.fn.countAll().as('n')).where('status', 'in', ANSWER_COUNTED).executeTakeFirst()),
    count(db.selectFrom('comment').select((eb) => eb.fn.countAll().as('n')).where('status', '=', C.available).executeTakeFirst()),
    count(db.selectFrom('vote').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
    count(db.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).where('status', 'in', USER_COUNTED).executeTakeFirst()),
    count(db.selectFrom('report').select((eb) => eb.fn.countAll().as('n')).where('status', '=', FLAG.pending).executeTakeFirst()),
    countQueuedPosts(db),
    count(db.selectFrom('revision').select((eb) => eb.fn.countAll().as('n')).where('status', '=', REVISION.unreviewed).executeTakeFirst()),
    loadSmtpSettings(db),
    uploadsUsage(uploadsDir),
    uploadsWritable(uploadsDir),
    databaseFacts(db, runtime.config?.data.database.connection ?? ''),
    dailyCounts(db),
    outboxHealth(db),
    remoteVersion(runtime, settings.general.check_update),
  ]);
  const memory = process.memoryUsage();
  return {
    question_count: questions,
    answer_count: answers,
    comment_count: comments,
    vote_count: votes,
    user_count: users,
    report_count: flags + queued + edits,
    uploading_files: writable,
    smtp: smtpConfigured(smtp) ? 'enabled' : 'not_configured',
    https: settings.general.site_url.startsWith('https://'),
    time_zone: settings.interface.time_zone,
    occupying_storage_space: formatFileSize(uploads.bytes),
    app_start_time: '0',
    login_required: settings.login.login_required,
    go_version: process.version,
    database_type: database.database_type,
    database_version: database.database_version,
    database_size: formatFileSize(database.database_bytes),
    // No update server is asked (check_update only records the owner's wish; see docs/decisions.md).
    version_info: { version: APP_VERSION, revision: APP_REVISION, remote_version: remote },
    daily,
    operator: {
      node_version: process.version,
      memory_rss: memory.rss,
      heap_used: memory.heapUsed,
      uptime_seconds: Math.floor(process.uptime()),
      started_at: STARTED_AT,
      database_bytes: database.database_bytes,
      storage_bytes: uploads.bytes,
      upload_files: uploads.files,
      ...outbox,
      redis: runtime.invalidation.connected,
    },
  };
}

/** The last 30 UTC days, oldest first, today included; days without activity are zeros. */
async function dailyCounts(db: Db): Promise<DashboardInfo['daily']> {
  const today = Math.floor(Date.now() / 1000 / 86400);
  const first = today - DAYS + 1;
  const [questions, answers, users] = await Promise.all([
    perDay(db, 'question', first, QUESTION_COUNTED),
    perDay(db, 'answer', first, ANSWER_COUNTED),
    perDay(db, 'user', first, USER_COUNTED),
  ]);
  return Array.from({ length: DAYS }, (_, i) => {
    const day = first + i;
    return {
      date: new Date(day * 86400 * 1000).toISOString().slice(0, 10),
      question_count: questions.get(day) ?? 0,
      answer_count: answers.get(day) ?? 0,
      user_count: users.get(day) ?? 0,
    };
  });
}

/** Deliveries waiting, deliveries given up on, and why the latest of those failed. */
async function outboxHealth(db: Db) {
  const [pending, failed, last] = await Promise.all([
    db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('done_at', '=', 0).executeTakeFirst(),
    db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('done_at', '>', 0).where('attempts', '>=', MAX_ATTEMPTS).executeTakeFirst(),
    db.selectFrom('outbox').select('last_error').where('done_at', '>', 0).where('attempts', '>=', MAX_ATTEMPTS).orderBy('done_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ]);
  return { outbox_pending: Number(pending?.n ?? 0), outbox_failed: Number(failed?.n ?? 0), outbox_last_error: last?.last_error ?? '' };
}
