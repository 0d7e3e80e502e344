import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { STARTER_POSTS } from '../../install/seed-content.js';
import { removeDocs } from '../../search/dialect-sql.js';
import { ImportError } from '../report.js';

type Db = Kysely<Database>;

/**
 * The import replaces the content and accounts of a freshly installed site with the old site's,
 * keeping the old ids. A `config` row marks an import under way: it is written in the same
 * transaction that clears the fresh site, and removed when the last table is copied, so a run that
 * was killed half-way is recognised and simply run again (every copy skips rows it finds by id).
 */
export const MARKER_KEY = 'import.answer.in_progress';

/** Tables cleared before the first run: the install's starter content, its admin and everything tied to that account. */
const REPLACED: (keyof Database)[] = [
  'question', 'answer', 'comment', 'tag', 'tag_rel', 'revision', 'activity', 'vote', 'question_view',
  'notification', 'notification_state', 'collection', 'collection_group', 'meta', 'report', 'review',
  'badge_award', 'user', 'user_role_rel', 'user_notification_config', 'user_external_login',
  'plugin_user_config', 'session', 'email_code', 'api_key', 'external_role_grant', 'mail_digest',
  'mail_digest_entry', 'mail_quota', 'moderation_log', 'outbox',
];
/** Replaced only when the source has its own badges (1.4 and later); older sources keep ours. */
const BADGE_TABLES: (keyof Database)[] = ['badge', 'badge_group'];

export interface TargetState {
  /** The run continues an interrupted import of the same source. */
  resumed: boolean;
}

interface Marker {
  source: string;
  version: number;
}

async function readMarker(db: Db): Promise<Marker | null> {
  const row = await db.selectFrom('config').select('value').where('key', '=', MARKER_KEY).executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.value) as Marker;
  } catch {
    return { source: '', version: 0 };
  }
}

/**
 * Checks the target, and unless it is a dry run, clears the fresh site (first run) in one
 * transaction with the marker. Refuses a site that already has members or content of its own.
 */
export async function prepareTarget(db: Db, source: Marker, options: { dryRun: boolean; replaceBadges: boolean }): Promise<TargetState> {
  const marker = await readMarker(db);
  if (marker) {
    if (marker.source !== source.source) {
      throw new ImportError(`An import from ${marker.source || 'another source'} into this site was interrupted; run that import again to finish it (a site takes one source).`);
    }
    return { resumed: true };
  }
  const users = Number((await db.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const questions = Number((await db.selectFrom('question').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  if (users > 1 || questions > STARTER_POSTS.length) {
    throw new ImportError(
      `This site already has ${users} account(s) and ${questions} question(s) of its own: import into a freshly installed site (its installer's admin account and starter posts are replaced by the old site's).`,
    );
  }
  if (options.dryRun) return { resumed: false };
  await db.transaction().execute(async (trx) => {
    const posts = [
      ...(await trx.selectFrom('question').select('id').execute()),
      ...(await trx.selectFrom('answer').select('id').execute()),
    ].map((r) => String(r.id));
    await removeDocs(trx, posts);
    for (const table of [...REPLACED, ...(options.replaceBadges ? BADGE_TABLES : [])]) await trx.deleteFrom(table).execute();
    const top = await trx.selectFrom('config').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    await trx
      .insertInto('config')
      .values({ id: Number(top?.id ?? 0) + 1, key: MARKER_KEY, value: JSON.stringify(source) })
      .execute();
  });
  return { resumed: false };
}

/** The last step of a completed import. */
export async function finishTarget(db: Db): Promise<void> {
  await db.deleteFrom('config').where('key', '=', MARKER_KEY).execute();
}
