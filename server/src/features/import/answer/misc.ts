import { AI_PROVIDER_NAMES, type AiProviderName } from '@answer/contract';
import { count, problem } from '../report.js';
import type { CopyContext, Row, TableCopy } from './copy.js';
import { flagOf, idOf, intOf, textOf, timeOf } from './values.js';
import { insertNew } from '../insert-new.js';

const stamps = (r: Row) => ({ id: idOf(r.id), created_at: timeOf(r.created_at), updated_at: timeOf(r.updated_at) });

/**
 * Upstream 2.0's AI settings keep the provider's API key in plain text; ours keep it sealed with the
 * server's secret (features/ai/secret.ts), which an import does not hold. The providers, models and
 * prompts come across, the key does not (the report says to enter it again in Admin → AI), and a
 * provider name we do not have a preset for becomes the generic OpenAI-compatible one.
 */
function aiSettings(content: string, ctx: CopyContext): string {
  const source = JSON.parse(content) as { enabled?: unknown; chosen_provider?: unknown; ai_providers?: unknown; prompt_config?: { zh_cn?: unknown; en_us?: unknown } };
  const known = (name: unknown) => (typeof name === 'string' && (AI_PROVIDER_NAMES as string[]).includes(name) ? (name as AiProviderName) : 'openai_compatible');
  const seen = new Set<string>();
  const providers = (Array.isArray(source.ai_providers) ? source.ai_providers : [])
    .map((p: Record<string, unknown>) => ({
      provider: known(p?.provider),
      api_host: textOf(p?.api_host).slice(0, 512),
      api_key_enc: '',
      model: textOf(p?.model).slice(0, 100),
      embedding_model: '',
      hadKey: textOf(p?.api_key) !== '',
    }))
    .filter((p) => !seen.has(p.provider) && seen.add(p.provider));
  if (providers.some((p) => p.hadKey)) problem(ctx.report, 'site_info ai: the AI provider\'s API key is not moved (this site keeps keys sealed with its own secret); enter it again in Admin → AI.');
  const chosen = known(source.chosen_provider);
  return JSON.stringify({
    enabled: source.enabled === true && providers.some((p) => p.provider === chosen),
    chosen_provider: providers.some((p) => p.provider === chosen) ? chosen : '',
    ai_providers: providers.map(({ hadKey: _hadKey, ...p }) => p),
    prompt_config: { zh_cn: textOf(source.prompt_config?.zh_cn).slice(0, 4000), en_us: textOf(source.prompt_config?.en_us).slice(0, 4000) },
  });
}

/**
 * Site settings, one JSON row per type (basic, interface, login, write, seo, theme...): the old
 * site's replace the installer's type by type; types the source lacks keep our defaults.
 */
export const siteSettings: TableCopy = {
  from: 'site_info',
  to: 'site_info',
  kind: 'site settings',
  map(r, ctx) {
    const content = textOf(r.content);
    try {
      JSON.parse(content);
    } catch {
      problem(ctx.report, `site_info ${textOf(r.type)}: its content is not JSON; our default is kept.`);
      return null;
    }
    const type = textOf(r.type);
    return { type, content: type === 'ai' ? aiSettings(content, ctx) : content, status: intOf(r.status, 1), created_at: timeOf(r.created_at), updated_at: timeOf(r.updated_at) };
  },
  async write(trx, rows) {
    for (const row of rows) {
      const updated = await trx.updateTable('site_info').set({ content: row.content as string, status: row.status as number, updated_at: row.updated_at as number }).where('type', '=', row.type as string).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('site_info').values(row as never).execute();
    }
  },
};

export const bookmarkGroups: TableCopy = {
  from: 'collection_group',
  to: 'collection_group',
  kind: 'bookmark groups',
  map: (r) => ({ ...stamps(r), user_id: idOf(r.user_id), name: textOf(r.name), default_group: intOf(r.default_group, 1) }),
};

export const bookmarks: TableCopy = {
  from: 'collection',
  to: 'collection',
  kind: 'bookmarks',
  map: (r) => ({ ...stamps(r), user_id: idOf(r.user_id), object_id: idOf(r.object_id), user_collection_group_id: idOf(r.user_collection_group_id) }),
};

/** Meta rows: reactions (key "reaction", upstream's JSON summary, the format we keep too) and the like. */
export const metas: TableCopy = {
  from: 'meta',
  to: 'meta',
  kind: 'reactions and other meta',
  map: (r) => ({ ...stamps(r), object_id: idOf(r.object_id), key: textOf(r.key), value: textOf(r.value) }),
};

const PENDING = 1;

export const reports: TableCopy = {
  from: 'report',
  to: 'report',
  kind: 'flags',
  map(r) {
    const status = intOf(r.status, PENDING);
    return {
      ...stamps(r),
      user_id: idOf(r.user_id),
      object_id: idOf(r.object_id),
      reported_user_id: idOf(r.reported_user_id),
      object_type: intOf(r.object_type),
      report_type: intOf(r.report_type),
      content: textOf(r.content),
      flagged_type: intOf(r.flagged_type),
      flagged_content: textOf(r.flagged_content),
      status,
      // Our key for "one open flag per person and post" (migration 0013); see write below.
      open_object_id: status === PENDING ? idOf(r.object_id) : null,
    };
  },
  /** A second open flag by the same person on the same post (upstream allows it) is kept, without the key. */
  async write(trx, rows) {
    for (const row of rows) {
      const open = row.open_object_id
        ? await trx.selectFrom('report').select('id').where('user_id', '=', row.user_id as string).where('open_object_id', '=', row.open_object_id as string).where('id', '!=', row.id as string).executeTakeFirst()
        : undefined;
      await insertNew(trx, 'report', [open ? { ...row, open_object_id: null } : row]);
    }
  },
};

/** Review queue rows (1.3 and later). */
export const reviews: TableCopy = {
  from: 'review',
  to: 'review',
  kind: 'review queue',
  map: (r) => ({
    ...stamps(r),
    user_id: idOf(r.user_id),
    object_id: idOf(r.object_id),
    object_type: intOf(r.object_type),
    reviewer_user_id: idOf(r.reviewer_user_id),
    submitter: textOf(r.submitter),
    reason: textOf(r.reason),
    status: intOf(r.status),
  }),
};

export const notifications: TableCopy = {
  from: 'notification',
  to: 'notification',
  kind: 'notifications',
  map: (r) => ({
    ...stamps(r),
    user_id: idOf(r.user_id),
    object_id: idOf(r.object_id),
    content: textOf(r.content),
    type: intOf(r.type),
    msg_type: intOf(r.msg_type),
    is_read: intOf(r.is_read, 1),
    status: intOf(r.status, 1),
  }),
};

/** Badges (1.4 and later): the old site's definitions, with their ids, replace the installer's. */
export const badgeGroups: TableCopy = {
  from: 'badge_group',
  to: 'badge_group',
  kind: 'badge groups',
  map: (r) => ({ ...stamps(r), id: intOf(r.id), name: textOf(r.name) }),
};

export const badges: TableCopy = {
  from: 'badge',
  to: 'badge',
  kind: 'badges',
  map: (r) => ({
    ...stamps(r),
    name: textOf(r.name),
    icon: textOf(r.icon),
    award_count: intOf(r.award_count),
    description: textOf(r.description),
    status: intOf(r.status, 1),
    badge_group_id: idOf(r.badge_group_id),
    level: intOf(r.level, 1),
    single: intOf(r.single, 1),
    collect: textOf(r.collect),
    handler: textOf(r.handler),
    param: textOf(r.param),
  }),
};

export const badgeAwards: TableCopy = {
  from: 'badge_award',
  to: 'badge_award',
  kind: 'badge awards',
  map: (r) => ({
    ...stamps(r),
    user_id: idOf(r.user_id),
    badge_id: idOf(r.badge_id),
    award_key: textOf(r.award_key),
    badge_group_id: idOf(r.badge_group_id),
    is_badge_deleted: flagOf(r.is_badge_deleted),
  }),
};

/**
 * Upstream keeps two settings in `config` rather than `site_info`: the SMTP settings
 * (`email.config`) and the reputation each privilege needs (`rank.*`, written with the admin's
 * privilege level). Both are taken over for keys we have; the rest of `config` is reputation rules
 * and activity types, which are the same in both.
 */
export async function copyConfigSettings(ctx: CopyContext): Promise<void> {
  const ours = new Set((await ctx.db.selectFrom('config').select('key').execute()).map((r) => r.key));
  const rows = await ctx.source.db.selectFrom('config').select(['key', 'value']).execute();
  const taken = rows
    .map((r) => ({ key: textOf(r.key), value: textOf(r.value) }))
    .filter((r) => ours.has(r.key) && (r.key === 'email.config' || (r.key.startsWith('rank.') && /^-?\d+$/.test(r.value))));
  count(ctx.report, 'settings (mail, privileges)', taken.length);
  if (ctx.dryRun) return;
  await ctx.db.transaction().execute(async (trx) => {
    for (const r of taken) await trx.updateTable('config').set({ value: r.value }).where('key', '=', r.key).execute();
  });
}
