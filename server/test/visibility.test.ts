import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLongId } from '../src/core/ids.js';
import { forgetSiteSettings } from '../src/features/siteinfo/service.js';
import { body, login, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

/**
 * Every GET route of the app, read from Fastify's own route tree so that a route added later is
 * walked too. The tree prints one node per line, indented four characters per level, each node
 * continuing its parent's path.
 */
function getRoutes(app: FastifyInstance): string[] {
  const paths: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false, method: 'GET' }).split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    const full = (depth ? parents[depth - 1]! : '') + node[2]!;
    parents.length = depth;
    parents.push(full);
    if (node[3]?.split(', ').includes('GET')) paths.push(full);
  }
  return paths;
}

/** Ending the caller's session would turn the rest of a walk anonymous, so logging out goes last. */
const logoutLast = (paths: string[]) => [...paths.filter((p) => !p.endsWith('/logout')), ...paths.filter((p) => p.endsWith('/logout'))];

/** Unique words in everything that gets deleted or held back; none may reach anyone but author and moderators. */
const SECRET = {
  questionTitle: 'zqxdelqtitle',
  questionBody: 'zqxdelqbody',
  questionComment: 'zqxdelqcomment',
  orphanBody: 'zqxorphanbody',
  orphanComment: 'zqxorphancomment',
  answerBody: 'zqxdelabody',
  answerComment: 'zqxdelacomment',
  pendingTitle: 'zqxpendqtitle',
  pendingBody: 'zqxpendqbody',
};
const SECRETS = Object.values(SECRET);

/** One deleted (or hidden-by-its-parent) object and the ids around it that routes may ask for. */
interface Target {
  name: string;
  object: string;
  question: string;
  answer: string;
  comment: string;
  revision: string;
  /** A secret word of its text and of its question's title, for search and title suggestions. */
  word: string;
  titleWord: string;
}

/**
 * Query parameters for one target. Every id-like name a route might read is filled: once with the
 * id that fits its name, once with the object's own id everywhere (a route reading `question_id`
 * must not show an answer either), once with its question everywhere (a live question must not
 * show its deleted answer). API calls get the target's own secret words to search for; pages get
 * a neutral word, since a page may echo its own address.
 */
function queriesFor(target: Target, author: { id: string; name: string }, api: boolean): Record<string, string>[] {
  const [word, titleWord] = api ? [target.word, target.titleWord] : ['zqx', 'zqx'];
  const common = { username: author.name, user_id: author.id, title: titleWord, q: word, query: word, tag: 'zqx', page: '1', page_size: '50' };
  const fitting = {
    id: target.object,
    object_id: target.object,
    question_id: target.question,
    answer_id: target.answer,
    comment_id: target.comment,
    tag_id: target.object,
    revision_id: target.revision,
    new_revision_id: target.revision,
    old_revision_id: '0',
  };
  const everywhere = (id: string) => ({ ...Object.fromEntries(Object.keys(fitting).map((k) => [k, id])), old_revision_id: '0' });
  return [
    { ...common, ...fitting },
    { ...common, ...everywhere(target.object) },
    { ...common, ...everywhere(target.question) },
  ];
}

/** Path parameters (`/questions/:a/:b`): the question first, then the object itself. */
const fillPath = (path: string, target: Target) => {
  let n = 0;
  return path.replace(/:[a-zA-Z_]+/g, () => (n++ === 0 ? target.question : target.object));
};

const leaks = (res: LightMyRequestResponse) => {
  const text = `${res.body} ${JSON.stringify(res.headers)}`.toLowerCase();
  return SECRETS.filter((s) => text.includes(s));
};

describe.each(dialectTargets())('deleted content stays hidden on every GET route on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let author: User;
  let reader: User;
  let authorName: string;
  let readerName: string;
  let routes: string[];
  let targets: Target[];

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const ok = async (method: 'POST' | 'PUT' | 'DELETE', path: string, user: User, payload: unknown) => {
    const res = await api(method, path, user, payload);
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
    return body(res).data;
  };
  const revisionOf = async (objectId: string) =>
    String((await site.runtime.database.selectFrom('revision').select('id').where('object_id', '=', toLongId(objectId)!).orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
  const commentOn = async (objectId: string, text: string) => (await ok('POST', '/comment', author, { object_id: objectId, original_text: `A remark: ${text}` })).comment_id as string;

  /** The reader in a new session: each walk ends the previous one by calling the logout route. */
  const freshReader = async (): Promise<User> => ({ id: reader.id, token: await login(site, `${readerName}@example.com`, 'password-123') });

  /** Calls every GET route with every target's ids; returns "route (target): secrets" for each reply that held one. */
  const walk = async (user: User | undefined) => {
    const found = new Set<string>();
    for (const route of logoutLast(routes)) {
      if (route.includes('*')) continue;
      for (const target of targets) {
        for (const params of queriesFor(target, { id: author.id, name: authorName }, route.startsWith('/answer/'))) {
          const query = new URLSearchParams(params).toString();
          const res = await site.app.inject({ method: 'GET', url: `${fillPath(route, target)}?${query}`, headers: user ? { authorization: user.token } : {} });
          expect(res.statusCode, `GET ${route} (${target.name}): ${res.body}`).toBeLessThan(500);
          const secrets = leaks(res);
          if (secrets.length) found.add(`${route} (${target.name}): ${secrets.join(' ')}`);
        }
      }
    }
    return [...found];
  };

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    const suffix = name.replace(/\W/g, '');
    authorName = `visauthor${suffix}`;
    author = await member(site, authorName, 200);
    readerName = `visreader${suffix}`;
    reader = await member(site, readerName, 200);
    routes = getRoutes(site.app);
    // Permalinks with titles, so that a redirect would carry a deleted title too.
    const seo = await site.runtime.database.selectFrom('site_info').select('content').where('type', '=', 'seo').executeTakeFirstOrThrow();
    await site.runtime.database.updateTable('site_info').set({ content: JSON.stringify({ ...JSON.parse(seo.content), permalink: 1 }) }).where('type', '=', 'seo').execute();
    await forgetSiteSettings(site.runtime);

    const deletedQuestion = (await ok('POST', '/question', author, { title: `Gone soon ${SECRET.questionTitle}`, content: `Question body ${SECRET.questionBody}`, tags: [{ slug_name: 'support' }] })).id as string;
    const orphan = (await ok('POST', '/answer', author, { question_id: deletedQuestion, content: `Answer body ${SECRET.orphanBody}` })).info.id as string;
    const liveQuestion = (await ok('POST', '/question', author, { title: 'A question that stays', content: 'Nothing secret in here', tags: [{ slug_name: 'support' }] })).id as string;
    const deletedAnswer = (await ok('POST', '/answer', author, { question_id: liveQuestion, content: `Answer body ${SECRET.answerBody}` })).info.id as string;
    const pendingQuestion = (await ok('POST', '/question', author, { title: `Held back ${SECRET.pendingTitle}`, content: `Question body ${SECRET.pendingBody}`, tags: [{ slug_name: 'support' }] })).id as string;
    const questionComment = await commentOn(deletedQuestion, SECRET.questionComment);
    const orphanComment = await commentOn(orphan, SECRET.orphanComment);
    const answerComment = await commentOn(deletedAnswer, SECRET.answerComment);

    // The reader leaves marks that personal lists and reactions show later.
    for (const id of [deletedQuestion, orphan, deletedAnswer, pendingQuestion]) {
      await ok('POST', '/vote/up', reader, { object_id: id });
      await ok('PUT', '/meta/reaction', reader, { object_id: id, emoji: 'heart', reaction: 'activate' });
    }
    await ok('POST', '/collection/switch', reader, { object_id: deletedQuestion, bookmark: true });

    targets = [
      { name: 'deleted question', object: deletedQuestion, question: deletedQuestion, answer: orphan, comment: questionComment, revision: await revisionOf(deletedQuestion), word: SECRET.questionBody, titleWord: SECRET.questionTitle },
      { name: 'answer of a deleted question', object: orphan, question: deletedQuestion, answer: orphan, comment: orphanComment, revision: await revisionOf(orphan), word: SECRET.orphanBody, titleWord: SECRET.questionTitle },
      { name: 'deleted answer', object: deletedAnswer, question: liveQuestion, answer: deletedAnswer, comment: answerComment, revision: await revisionOf(deletedAnswer), word: SECRET.answerBody, titleWord: SECRET.questionTitle },
      { name: 'comment of a deleted question', object: questionComment, question: deletedQuestion, answer: orphan, comment: questionComment, revision: await revisionOf(deletedQuestion), word: SECRET.questionComment, titleWord: SECRET.questionTitle },
      { name: 'pending question', object: pendingQuestion, question: pendingQuestion, answer: pendingQuestion, comment: questionComment, revision: await revisionOf(pendingQuestion), word: SECRET.pendingBody, titleWord: SECRET.pendingTitle },
    ];
  });
  afterAll(async () => stop?.());

  it('finds the routes and reaches the content while it is live', async () => {
    expect(routes).toEqual(expect.arrayContaining(['/answer/api/v1/revisions', '/answer/api/v1/comment/page', '/answer/api/v1/activity/timeline/detail']));
    // The same walk shows the words before the delete, so its silence afterwards means something.
    const seen = new Set((await walk(await freshReader())).map((f) => f.slice(0, f.indexOf(' '))));
    for (const route of ['/revisions', '/question/info', '/answer/info', '/comment/page', '/activity/timeline/detail', '/personal/vote/page', '/personal/rank/page', '/search', '/question/similar']) {
      expect(seen, route).toContain(`/answer/api/v1${route}`);
    }
    expect(seen).toContain('/questions/:a');
  });

  it('shows nothing of deleted or pending posts to visitors and ordinary members', async () => {
    await ok('DELETE', '/answer', admin, { id: targets[2]!.object });
    await ok('DELETE', '/question', admin, { id: targets[0]!.object });
    // Nothing puts a question on hold through the API yet; the status is what the rule reads.
    await site.runtime.database.updateTable('question').set({ status: 11 }).where('id', '=', toLongId(targets[4]!.object)!).execute();
    expect(await walk(undefined)).toEqual([]);
    expect(await walk(await freshReader())).toEqual([]);
  });

  it('still shows them to their author and to moderators', async () => {
    const [question, , answer] = targets;
    const text = async (path: string, user: User) => {
      const res = await api('GET', path, user);
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    expect(await text(`/revisions?object_id=${question!.object}`, admin)).toContain(SECRET.questionBody);
    expect(await text(`/revisions?object_id=${answer!.object}`, author)).toContain(SECRET.answerBody);
    expect(await text(`/comment/page?object_id=${question!.object}`, author)).toContain(SECRET.questionComment);
    expect(await text(`/comment/page?object_id=${answer!.object}`, admin)).toContain(SECRET.answerComment);
    expect(await text(`/answer/info?id=${answer!.object}`, author)).toContain(SECRET.answerBody);
    expect(await text(`/activity/timeline/detail?new_revision_id=${question!.revision}&old_revision_id=0`, author)).toContain(SECRET.questionBody);
  });
});
