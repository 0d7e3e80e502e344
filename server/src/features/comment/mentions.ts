import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** At most this many people are notified by one comment. */
const MAX_MENTIONS = 10;

/**
 * `@name` written in a comment: at the start or after a character that cannot belong to an e-mail
 * address or a link, so `me@example.com` and `[@name](…)` (already linked) are not read again.
 * Usernames are a-z 0-9 . - _ up to 30 characters (spec section 5); a trailing dot ends a sentence.
 */
const TYPED = /(^|[^\w.@[\]/-])@([A-Za-z0-9._-]{1,30})/g;
/** A mention the web client linked when its author picked the name from the list. */
const LINKED = /\[@([A-Za-z0-9._-]{1,30})\]\(\/users\/[^)\s]*\)/g;

const bare = (name: string) => name.replace(/\.+$/, '');

/**
 * Who a comment mentions, and its text with every mention linked to the person's profile. A name
 * typed by hand counts as much as one picked from the list, but only active accounts are
 * mentioned: an unknown `@word` stays plain text and notifies nobody. The client's list adds no
 * one the text does not show.
 */
export async function resolveMentions(db: Db, text: string): Promise<{ text: string; userIds: string[] }> {
  const names = new Set<string>();
  for (const m of text.matchAll(LINKED)) names.add(m[1]!.toLowerCase());
  for (const m of text.matchAll(TYPED)) names.add(bare(m[2]!).toLowerCase());
  names.delete('');
  if (!names.size) return { text, userIds: [] };
  const rows = await db
    .selectFrom('user')
    .select(['id', 'username'])
    .where('username', 'in', [...names].slice(0, 100))
    .where('status', '=', 1)
    .execute();
  const known = new Map(rows.map((r) => [r.username.toLowerCase(), r]));
  const mentioned: string[] = [];
  const note = (name: string) => {
    const user = known.get(name.toLowerCase());
    if (user && !mentioned.includes(String(user.id))) mentioned.push(String(user.id));
    return user;
  };
  for (const m of text.matchAll(LINKED)) note(m[1]!);
  const linked = text.replace(TYPED, (all, before: string, name: string) => {
    const user = note(bare(name));
    if (!user) return all;
    return `${before}[@${user.username}](/users/${encodeURIComponent(user.username)})${name.slice(bare(name).length)}`;
  });
  return { text: linked, userIds: mentioned.slice(0, MAX_MENTIONS) };
}
