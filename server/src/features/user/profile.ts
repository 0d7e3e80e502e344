import type { z } from 'zod';
import type { updateInterfaceSchema, updateProfileSchema } from '@answer/contract';
import { FieldErrors } from '../../core/errors.js';
import { isDeadlock, isUniqueViolation } from '../../db/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { isLanguage } from '../../core/i18n.js';
import { renderBasic } from '../../core/markdown.js';
import type { Runtime } from '../../runtime.js';
import { usernameFrom } from '../auth/common.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { parseAvatar } from './presenter.js';
import { findUserById } from './queries.js';
import { publish } from '../events/publish.js';
import { changedQuestionLists } from '../question/list-cache.js';

/**
 * PUT /user/info (domain.md 6.6): each field changes only when the admin allows it. Clients send the
 * whole form back, so a disallowed field sent unchanged passes; a change to it is refused with a
 * field error rather than dropped silently, so the user learns why it did not stick.
 */
export async function updateProfile(runtime: Runtime, user: SessionUser, input: z.infer<typeof updateProfileSchema>) {
  const db = runtime.database;
  const allow = (await loadSiteSettings(runtime)).users;
  const row = (await findUserById(db, user.id))!;
  const current = parseAvatar(row.avatar);
  const wanted = {
    display_name: input.display_name !== undefined && input.display_name !== row.display_name,
    username: input.username !== undefined && input.username !== row.username,
    avatar: !!input.avatar && !sameAvatar(input.avatar, current),
    bio: input.bio !== undefined && input.bio !== (row.bio ?? ''),
    website: input.website !== undefined && input.website !== (row.website ?? ''),
    location: input.location !== undefined && input.location !== (row.location ?? ''),
  };
  const refused = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((f) => wanted[f] && !allow[`allow_update_${f}`]);
  if (refused.length) throw new FieldErrors(refused.map((field) => ({ field, reason: 'error.user.update_not_allowed' })));
  const changes: Record<string, string | number> = {};
  if (wanted.display_name) changes.display_name = input.display_name!;
  if (wanted.username) {
    const taken = await usernameAvailable(runtime, input.username!);
    if (!taken) throw new FieldErrors([{ field: 'username', reason: 'error.user.username_duplicate' }]);
    changes.username = input.username!;
  }
  if (wanted.avatar) {
    const { type, custom } = input.avatar!;
    if (type === 'custom' && !isOwnUpload(custom)) throw new FieldErrors([{ field: 'avatar', reason: 'error.user.set_avatar' }]);
    changes.avatar = JSON.stringify({ type, gravatar: '', custom: type === 'custom' ? custom : current.custom });
  }
  if (wanted.bio) {
    changes.bio = input.bio!;
    changes.bio_html = renderBasic(input.bio!);
  }
  if (wanted.website) changes.website = input.website!;
  if (wanted.location) changes.location = input.location!;
  if (!Object.keys(changes).length) return;
  const bio = String(changes.bio ?? row.bio ?? '').trim() !== '';
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('user')
        .set({ ...changes, updated_at: Math.floor(Date.now() / 1000) })
        .where('id', '=', user.id)
        .execute();
      // Only a filled-in bio matters to anyone listening (the Autobiographer badge).
      if (bio) await publish(trx, { kind: 'profile.update', actorId: user.id, bio });
    });
  } catch (err) {
    // Someone took the name between the check and the write: the unique key says so.
    if (changes.username && (isUniqueViolation(err) || isDeadlock(err))) {
      throw new FieldErrors([{ field: 'username', reason: 'error.user.username_duplicate' }]);
    }
    throw err;
  }
  // Names and avatars show on every kept page, the profile included: they are all renewed.
  await changedQuestionLists(runtime);
}

/** A username is free when the generator would hand it out unchanged (valid, not reserved, unused). */
async function usernameAvailable(runtime: Runtime, username: string): Promise<boolean> {
  return (await usernameFrom(runtime, runtime.database, username, 'username')) === username;
}

/** An avatar never chosen ('') is the site default, as 'default' says explicitly. */
const sameAvatar = (next: { type: string; custom: string }, current: { type: string; custom: string }) =>
  (next.type || 'default') === (current.type || 'default') && (next.type !== 'custom' || next.custom === current.custom);

/** Custom avatars must be files uploaded to this site, never arbitrary URLs. */
const isOwnUpload = (url: string) => /^\/uploads\/avatar\/[\w.-]+$/.test(url);

export async function updateInterface(runtime: Runtime, user: SessionUser, input: z.infer<typeof updateInterfaceSchema>) {
  if (input.language !== 'Default' && !isLanguage(input.language)) {
    throw new FieldErrors([{ field: 'language', reason: 'error.lang.not_found' }]);
  }
  await runtime.database
    .updateTable('user')
    .set({ language: input.language, color_scheme: input.color_scheme, updated_at: Math.floor(Date.now() / 1000) })
    .where('id', '=', user.id)
    .execute();
}
