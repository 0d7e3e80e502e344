import { randomInt } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { OBJECT_TYPE } from '../../core/ids.js';
import { plainText, renderMarkdown } from '../../core/markdown.js';
import { hashPassword } from '../../core/password.js';
import type { AnswerTable, Database, QuestionTable, TagRelTable } from '../../db/schema.js';
import { type Doc, writeDocs } from '../search/dialect-sql.js';
import { terms } from '../search/terms.js';
import { type SeedUpvote, seedReputation } from './reputation.js';
import { OPENERS, TAG_WORDS, WORDS } from './words.js';

/**
 * Demo and benchmark data: users, tags, questions with answers and comments, written in large
 * batches inside transactions so 100,000 questions take minutes, not hours. Counters (answer,
 * question and tag counts, last answers) are written consistent with the rows. Run it on an idle
 * site: object ids are reserved as one block of the shared sequence.
 */
export interface SeedOptions {
  questions: number;
  users?: number;
  onProgress?: (done: number, total: number) => void;
}

type Db = Kysely<Database>;
const BATCH = 400;
const DAY = 86400;
const pick = <T>(list: readonly T[]) => list[randomInt(list.length)]!;
const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
const sentence = () => {
  const s = words(8 + randomInt(10));
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
};
const paragraph = () => Array.from({ length: 2 + randomInt(3) }, sentence).join(' ');

/** A post body with its rendering and its search terms, made once. */
interface Body {
  text: string;
  html: string;
  terms: string[];
}

/**
 * Bodies of a kind of post: new ones for the first POOL posts, then drawn again from those. A big
 * seed (the benchmark's million questions) then costs its inserts, not a Markdown rendering and a
 * tokenizing of every post, and its words keep the same spread over posts; a demo site of the
 * usual size gets bodies of its own.
 */
const POOL = 20_000;
function bodies(make: () => string): () => Body {
  const pool: Body[] = [];
  return () => {
    if (pool.length >= POOL) return pool[randomInt(POOL)]!;
    const text = make();
    const html = renderMarkdown(text);
    const body = { text, html, terms: terms(plainText(html)) };
    pool.push(body);
    return body;
  };
}

/** Reserves `count` consecutive object ids of one type from the uniqid sequence. */
async function reserveIds(trx: Transaction<Database>, type: number, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    await trx.insertInto('uniqid').values(Array.from({ length: n }, () => ({ uniqid_type: type }))).execute();
    const max = Number((await trx.selectFrom('uniqid').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m);
    for (let seq = max - n + 1; seq <= max; seq++) ids.push(`1${String(type).padStart(3, '0')}${String(seq).padStart(13, '0')}`);
  }
  return ids;
}

async function insertChunked<T extends keyof Database>(trx: Transaction<Database>, table: T, rows: any[]) {
  for (let i = 0; i < rows.length; i += BATCH) await trx.insertInto(table).values(rows.slice(i, i + BATCH) as never).execute();
}

async function seedUsers(db: Db, count: number): Promise<string[]> {
  const pass = await hashPassword('demo-password');
  const existing = Number((await db.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const now = Math.floor(Date.now() / 1000);
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `demo${existing + i + 1}`;
    return {
      created_at: now - randomInt(365 * DAY),
      username: name,
      display_name: `Demo ${existing + i + 1}`,
      e_mail: `${name}@demo.invalid`,
      pass,
      mail_status: 1,
      status: 1,
      rank: 1,
      avatar: '{"type":"system","gravatar":"","custom":""}',
    };
  });
  await db.transaction().execute((trx) => insertChunked(trx, 'user', rows));
  const ids = await db.selectFrom('user').select('id').where('username', 'like', 'demo%').execute();
  return ids.map((r) => String(r.id));
}

async function seedTags(db: Db, count: number): Promise<string[]> {
  const existing = new Set((await db.selectFrom('tag').select('slug_name').execute()).map((t) => t.slug_name));
  const wanted = TAG_WORDS.filter((w) => !existing.has(w)).slice(0, count);
  const now = Math.floor(Date.now() / 1000);
  await db.transaction().execute(async (trx) => {
    const ids = await reserveIds(trx, OBJECT_TYPE.tag, wanted.length);
    const rows = wanted.map((slug, i) => ({
      id: ids[i]!,
      created_at: now,
      slug_name: slug,
      display_name: slug,
      original_text: `Questions about ${slug}.`,
      parsed_text: `<p>Questions about ${slug}.</p>`,
      user_id: '1',
    }));
    await insertChunked(trx, 'tag', rows);
  });
  return (await db.selectFrom('tag').select('id').where('status', '=', 1).execute()).map((t) => String(t.id));
}

export async function seedDemo(db: Db, opts: SeedOptions): Promise<{ users: number; tags: number; questions: number; answers: number; comments: number }> {
  const userIds = await seedUsers(db, opts.users ?? Math.max(20, Math.ceil(opts.questions / 20)));
  const tagIds = await seedTags(db, Math.min(TAG_WORDS.length, Math.max(10, Math.ceil(opts.questions / 500))));
  const totals = { users: userIds.length, tags: tagIds.length, questions: 0, answers: 0, comments: 0 };
  const now = Math.floor(Date.now() / 1000);
  const perUser = new Map<string, { q: number; a: number }>();
  const perTag = new Map<string, number>();
  // About one answer in five gets an upvote in the ledger (see seedReputation).
  const upvotes: SeedUpvote[] = [];
  const questionBody = bodies(() => `${paragraph()}\n\n${paragraph()}`);
  const answerBody = bodies(paragraph);

  for (let done = 0; done < opts.questions; done += BATCH) {
    const n = Math.min(BATCH, opts.questions - done);
    await db.transaction().execute(async (trx) => {
      const answerCounts = Array.from({ length: n }, () => randomInt(4));
      const answerTotal = answerCounts.reduce((a, b) => a + b, 0);
      const commentTotal = Math.floor(n / 2);
      const [qIds, aIds, cIds] = [
        await reserveIds(trx, OBJECT_TYPE.question, n),
        await reserveIds(trx, OBJECT_TYPE.answer, answerTotal),
        await reserveIds(trx, OBJECT_TYPE.comment, commentTotal),
      ];
      const questions: Insertable<QuestionTable>[] = [];
      const answers: Insertable<AnswerTable>[] = [];
      const rels: Insertable<TagRelTable>[] = [];
      const docs: Doc[] = [];
      let a = 0;
      for (let i = 0; i < n; i++) {
        const created = now - randomInt(365 * DAY);
        const author = pick(userIds);
        const title = `${pick(OPENERS)} ${words(3 + randomInt(5))}?`;
        const body = questionBody();
        docs.push({ id: qIds[i]!, title: terms(title), body: body.terms });
        let last = '0';
        let lastTime = created;
        for (let k = 0; k < answerCounts[i]!; k++) {
          const answerer = pick(userIds);
          const at = created + randomInt(30 * DAY) + 60;
          const text = answerBody();
          answers.push({ id: aIds[a]!, created_at: at, updated_at: at, question_id: qIds[i]!, user_id: answerer, original_text: text.text, parsed_text: text.html, vote_count: randomInt(20) - 3 });
          docs.push({ id: aIds[a]!, title: [], body: text.terms });
          if (at > lastTime) [last, lastTime] = [aIds[a]!, at];
          if (randomInt(5) === 0) upvotes.push({ answerId: aIds[a]!, questionId: qIds[i]!, authorId: answerer, answeredAt: Math.min(at, now) });
          a++;
          const u = perUser.get(answerer) ?? { q: 0, a: 0 };
          u.a++;
          perUser.set(answerer, u);
        }
        questions.push({
          id: qIds[i]!,
          created_at: created,
          updated_at: created,
          user_id: author,
          title,
          original_text: body.text,
          parsed_text: body.html,
          view_count: randomInt(5000),
          vote_count: randomInt(30) - 5,
          answer_count: answerCounts[i]!,
          hot_score: randomInt(100000),
          last_answer_id: last,
          post_update_time: lastTime,
          invite_user_id: '[]',
        });
        const u = perUser.get(author) ?? { q: 0, a: 0 };
        u.q++;
        perUser.set(author, u);
        const tagsOf = new Set(Array.from({ length: 1 + randomInt(3) }, () => pick(tagIds)));
        for (const tagId of tagsOf) {
          rels.push({ created_at: created, object_id: qIds[i]!, tag_id: tagId, status: 1 });
          perTag.set(tagId, (perTag.get(tagId) ?? 0) + 1);
        }
      }
      const comments = cIds.map((id) => {
        const qi = randomInt(n);
        const text = sentence();
        return { id, created_at: questions[qi]!.created_at + 120, updated_at: questions[qi]!.created_at + 120, user_id: pick(userIds), object_id: qIds[qi]!, question_id: qIds[qi]!, original_text: text, parsed_text: renderMarkdown(text), status: 1 };
      });
      await insertChunked(trx, 'question', questions);
      await insertChunked(trx, 'answer', answers);
      for (let d = 0; d < docs.length; d += BATCH) await writeDocs(trx, docs.slice(d, d + BATCH));
      await insertChunked(trx, 'comment', comments);
      await insertChunked(trx, 'tag_rel', rels);
      totals.questions += n;
      totals.answers += answers.length;
      totals.comments += comments.length;
    });
    opts.onProgress?.(Math.min(done + n, opts.questions), opts.questions);
  }

  await db.transaction().execute(async (trx) => {
    for (const [id, c] of perUser) {
      await trx
        .updateTable('user')
        .set((eb) => ({ question_count: eb('question_count', '+', c.q), answer_count: eb('answer_count', '+', c.a) }))
        .where('id', '=', id)
        .execute();
    }
    for (const [id, c] of perTag) {
      await trx.updateTable('tag').set((eb) => ({ question_count: eb('question_count', '+', c) })).where('id', '=', id).execute();
    }
  });
  await seedReputation(db, upvotes, userIds, now);
  return totals;
}
