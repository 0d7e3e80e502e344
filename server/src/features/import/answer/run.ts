import type { Kysely } from 'kysely';
import type { DataPaths } from '../../../config/paths.js';
import type { Database } from '../../../db/schema.js';
import { type ImportReport, type ImportRun, newReport } from '../report.js';
import { type CopyContext, copyTable, type TableCopy } from './copy.js';
import { activities, activityTypes } from './ledger.js';
import { badgeAwards, badgeGroups, badges, bookmarkGroups, bookmarks, copyConfigSettings, metas, notifications, reports, reviews, siteSettings } from './misc.js';
import { answers, comments, questions, revisions, tagRelations, tags } from './posts.js';
import { openSource, tablesOf } from './source.js';
import { finishTarget, prepareTarget } from './target.js';
import { checkUploadsDir, copyUploads } from './uploads.js';
import { externalLogins, notificationSettings, userRoles, users } from './users.js';
import { detectVersion } from './version.js';

/**
 * `answer import answer --from <URL>`: moves an Apache Answer 1.2 to 2.0 site (its database, and
 * with `--uploads` its files) into this freshly installed site, keeping every id and slug so old
 * links still work. Tables are copied in an order where what a row refers to comes first. The
 * caller (import/command.ts) then moves the id sequences on and recounts the counters.
 */
export async function importAnswerSite(
  db: Kysely<Database>,
  paths: DataPaths,
  options: { from: string; uploads?: string } & ImportRun,
): Promise<ImportReport> {
  if (options.uploads) checkUploadsDir(options.uploads);
  const source = await openSource(options.from);
  try {
    const tables = await tablesOf(source);
    const version = await detectVersion(source, tables);
    const report = newReport();
    await prepareTarget(db, { source: source.label, version: version.number }, { dryRun: options.dryRun, replaceBadges: tables.has('badge') });
    const ctx: CopyContext = { source, db, report, dryRun: options.dryRun, progress: options.progress, tables };
    const copies: TableCopy<any>[] = [
      users,
      userRoles,
      notificationSettings,
      externalLogins,
      siteSettings,
      tags,
      questions,
      answers,
      comments,
      tagRelations,
      revisions,
      activities(await activityTypes(ctx)),
      bookmarkGroups,
      bookmarks,
      metas,
      reports,
      reviews,
      notifications,
      badgeGroups,
      badges,
      badgeAwards,
    ];
    for (const copy of copies) await copyTable(ctx, copy);
    await copyConfigSettings(ctx);
    if (options.uploads) copyUploads(options.uploads, paths.uploads, report, options.progress, options.dryRun);
    if (!options.dryRun) await finishTarget(db);
    return report;
  } finally {
    await source.close();
  }
}
