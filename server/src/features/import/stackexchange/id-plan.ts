import { sql, type Kysely } from 'kysely';
import { OBJECT_TYPE } from '../../../core/ids.js';
import type { Database } from '../../../db/schema.js';
import { OBJECT_ID_TABLES } from '../../../db/sequences.js';

/**
 * How a dump's ids become ours. Object ids are "1" + type + 13-digit sequence, and the sequence is
 * `base + the dump's id`; users are `userBase + 2 + the dump's id` (-1, the dump's Community
 * account, lands just past the site's last user); revisions are `revisionBase + the PostHistory id`. The bases are the
 * highest ids the site used when the first run began, stored in `meta` under the dump's site, so
 * every later run of the same dump (after an interruption, or again on purpose) maps every row to
 * the same id and an insert-or-ignore never duplicates one.
 */
export interface IdPlan {
  base: number;
  userBase: number;
  revisionBase: number;
}

const SEQ = 10n ** 13n;
const planKey = (site: string) => `import.stackexchange:${site}`.slice(0, 100);

const objectId = (type: number, base: number, seId: number) => `1${String(type).padStart(3, '0')}${String(base + seId).padStart(13, '0')}`;

export const ids = (plan: IdPlan) => ({
  question: (seId: number) => objectId(OBJECT_TYPE.question, plan.base, seId),
  answer: (seId: number) => objectId(OBJECT_TYPE.answer, plan.base, seId),
  comment: (seId: number) => objectId(OBJECT_TYPE.comment, plan.base, seId),
  tag: (seId: number) => objectId(OBJECT_TYPE.tag, plan.base, seId),
  badgeAward: (seId: number) => objectId(OBJECT_TYPE.badge_award, plan.base, seId),
  user: (seId: number) => String(plan.userBase + 2 + seId),
  revision: (historyId: number) => String(plan.revisionBase + historyId),
  /** The dump's id of one of our ids of this plan (for tags: to continue numbering past them). */
  sequenceOf: (id: string) => Number(BigInt(id) % SEQ) - plan.base,
});
export type Ids = ReturnType<typeof ids>;

/** The plan stored by an earlier run of this site's dump, or a new one (stored unless `store` is false). */
export async function idPlan(db: Kysely<Database>, site: string, store: boolean): Promise<IdPlan> {
  const key = planKey(site);
  const stored = await db.selectFrom('meta').select('value').where('object_id', '=', '0').where('key', '=', key).executeTakeFirst();
  if (stored) return JSON.parse(stored.value) as IdPlan;
  const plan = await freshPlan(db);
  if (store) {
    const t = Math.floor(Date.now() / 1000);
    await db.insertInto('meta').values({ created_at: t, updated_at: t, object_id: '0', key, value: JSON.stringify(plan) }).execute();
  }
  return plan;
}

async function freshPlan(db: Kysely<Database>): Promise<IdPlan> {
  const max = async (table: keyof Database) =>
    (await db.selectFrom(table).select(sql<string | number | null>`max(id)`.as('id')).executeTakeFirst())?.id ?? 0;
  let base = BigInt(await max('uniqid'));
  for (const table of OBJECT_ID_TABLES) {
    const seq = BigInt(await max(table)) % SEQ;
    if (seq > base) base = seq;
  }
  return { base: Number(base), userBase: Number(await max('user')), revisionBase: Number(await max('revision')) };
}

/** A set of a dump's ids (users, questions, answers) in one bit each: 10 million ids take 1.25 MB. */
export class IdSet {
  private bits = new Uint8Array(1 << 16);
  private offset = 1; // the dump's ids start at -1 (Community)

  add(id: number): void {
    const i = id + this.offset;
    if (i < 0) return;
    if (i >> 3 >= this.bits.length) {
      const grown = new Uint8Array(Math.max(this.bits.length * 2, (i >> 3) + 1));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[i >> 3] = this.bits[i >> 3]! | (1 << (i & 7));
  }

  delete(id: number): void {
    const i = id + this.offset;
    if (this.has(id)) this.bits[i >> 3] = this.bits[i >> 3]! & ~(1 << (i & 7));
  }

  has(id: number): boolean {
    const i = id + this.offset;
    return i >= 0 && i >> 3 < this.bits.length && (this.bits[i >> 3]! & (1 << (i & 7))) !== 0;
  }
}
