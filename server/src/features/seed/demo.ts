import { randomInt } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { OBJECT_TYPE } from '../../core/ids.js';
import { plainText, renderMarkdown } from '../../core/markdown.js';
import { hashPassword } from '../../core/password.js';
import type { AnswerTable, Database, QuestionTable, TagRelTable } from '../../db/schema.js';
import { type Doc, writeDocs } from '../search/dialect-sql.js';
import { terms } from '../search/terms.js';
import { settleReputation } from './reputation.js';
import { acceptance, after, type SeedPost, type SeedUser, type SeedVotes, votesOn } from './votes.js';
import { OPENERS, TAG_WORDS, WORDS } from './words.js';

/**
 * Demo and benchmark data: users, tags, questions with answers, comments, votes and accepted
 * answers, written in large batches inside transactions so 100,000 questions take minutes, not
 * hours. The data is true to itself: nobody acts before joining, nothing is dated in the future,
 * every score is the sum of vote rows and every reputation the sum of its ledger, so
 * `answer check --counters` finds no drift. Run it on an idle site: object ids are reserved as
 * blocks of the shared sequence.
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

async function seedUsers(db: Db, count: number): Promise<SeedUser[]> {
  const pass = await hashPassword('demo-password');
  const existing = Number((await db.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const now = Math.floor(Date.now() / 1000);
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `demo${existing + i + 1}`;
    return {
      // Joined between a year and a day ago, so everyone has had time to take part.
      created_at: now - DAY - randomInt(364 * DAY),
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
  const users = await db.selectFrom('user').select(['id', 'created_at']).where('username', 'like', 'demo%').execute();
  return users.map((r) => ({ id: String(r.id), joinedAt: Number(r.created_at) }));
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

/** The net score of the votes `cast` adds to the batch. */
function scoreOf(voted: SeedVotes, cast: () => void): number {
  const before = voted.votes.length;
  cast();
  return voted.votes.slice(before).reduce((sum, v) => sum + v.direction, 0);
}

export async function seedDemo(db: Db, opts: SeedOptions): Promise<{ users: number; tags: number; questions: number; answers: number; comments: number }> {
  const users = await seedUsers(db, opts.users ?? Math.max(20, Math.ceil(opts.questions / 20)));
  const tagIds = await seedTags(db, Math.min(TAG_WORDS.length, Math.max(10, Math.ceil(opts.questions / 500))));
  const totals = { users: users.length, tags: tagIds.length, questions: 0, answers: 0, comments: 0 };
  const now = Math.floor(Date.now() / 1000);
  const perUser = new Map<string, { q: number; a: number }>();
  const perTag = new Map<string, number>();
  const questionBody = bodies(() => `${paragraph()}\n\n${paragraph()}`);
  const answerBody = bodies(paragraph);
  const countFor = (userId: string) => {
    const c = perUser.get(userId) ?? { q: 0, a: 0 };
    perUser.set(userId, c);
    return c;
  };

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
      const voted: SeedVotes = { votes: [], ledger: [] };
      let a = 0;
      for (let i = 0; i < n; i++) {
        const author = pick(users);
        const created = after(author.joinedAt, now);
        const question: SeedPost = { id: qIds[i]!, questionId: qIds[i]!, authorId: author.id, createdAt: created };
        const title = `${pick(OPENERS)} ${words(3 + randomInt(5))}?`;
        const body = questionBody();
        docs.push({ id: qIds[i]!, title: terms(title), body: body.terms });
        let last = '0';
        let lastTime = created;
        let accepted = '0';
        for (let k = 0; k < answerCounts[i]!; k++) {
          const answerer = pick(users);
          const at = after(Math.max(created, answerer.joinedAt), now);
          const text = answerBody();
          const answer: SeedPost = { id: aIds[a]!, questionId: qIds[i]!, authorId: answerer.id, createdAt: at };
          const score = scoreOf(voted, () => votesOn(answer, 'answer', users, now, voted));
          // About a third of answered questions have an accepted answer.
          const adopt = accepted === '0' && randomInt(3 * answerCounts[i]!) === 0;
          if (adopt) {
            accepted = answer.id;
            acceptance(answer, author.id, after(at, now), voted);
          }
          answers.push({ id: answer.id, created_at: at, updated_at: at, question_id: qIds[i]!, user_id: answerer.id, original_text: text.text, parsed_text: text.html, vote_count: score, adopted: adopt ? 2 : 1 });
          docs.push({ id: answer.id, title: [], body: text.terms });
          if (at > lastTime) [last, lastTime] = [answer.id, at];
          a++;
          countFor(answerer.id).a++;
        }
        const score = scoreOf(voted, () => votesOn(question, 'question', users, now, voted));
        questions.push({
          id: qIds[i]!,
          created_at: created,
          updated_at: created,
          user_id: author.id,
          title,
          original_text: body.text,
          parsed_text: body.html,
          view_count: randomInt(5000),
          vote_count: score,
          answer_count: answerCounts[i]!,
          hot_score: randomInt(100000),
          accepted_answer_id: accepted,
          last_answer_id: last,
          post_update_time: lastTime,
          invite_user_id: '[]',
        });
        countFor(author.id).q++;
        const tagsOf = new Set(Array.from({ length: 1 + randomInt(3) }, () => pick(tagIds)));
        for (const tagId of tagsOf) {
          rels.push({ created_at: created, object_id: qIds[i]!, tag_id: tagId, status: 1 });
          perTag.set(tagId, (perTag.get(tagId) ?? 0) + 1);
        }
      }
      const comments = cIds.map((id) => {
        const qi = randomInt(n);
        const commenter = pick(users);
        const at = after(Math.max(questions[qi]!.created_at, commenter.joinedAt), now);
        const text = sentence();
        return { id, created_at: at, updated_at: at, user_id: commenter.id, object_id: qIds[qi]!, question_id: qIds[qi]!, original_text: text, parsed_text: renderMarkdown(text), status: 1 };
      });
      await insertChunked(trx, 'question', questions);
      await insertChunked(trx, 'answer', answers);
      for (let d = 0; d < docs.length; d += BATCH) await writeDocs(trx, docs.slice(d, d + BATCH));
      await insertChunked(trx, 'comment', comments);
      await insertChunked(trx, 'tag_rel', rels);
      await insertChunked(trx, 'vote', voted.votes);
      await insertChunked(trx, 'activity', voted.ledger);
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
  await settleReputation(
    db,
    users.map((u) => u.id),
  );
  return totals;
}
