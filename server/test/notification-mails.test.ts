import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDigests } from '../src/features/email/digest.js';
import { type InboxMailItem, mailForInbox } from '../src/features/email/inbox-mail.js';
import { NEW_QUESTION_CAP, takeNewQuestionQuota } from '../src/features/email/new-question-mail.js';
import { MAIL_TOPIC } from '../src/features/email/service.js';
import { ADMIN, body, login, member, type TestSite, useSmtp } from './support/app.js';
import { dialectTargets, siteOn, type User } from './support/dialect-sites.js';
import { codeFromMail, linkFromMail, type ReceivedMail, startSmtpReceiver } from './support/smtp.js';

const targets = dialectTargets();
const SITE = 'http://127.0.0.1:9080';

/** A header of a received message, folded lines joined. */
function header(mail: ReceivedMail, name: string): string {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** The text of a message with quoted-printable soft breaks and escapes undone. */
const textOf = (mail: ReceivedMail) =>
  mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

describe.each(targets)('notification e-mails on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let asker: User;
  let answerer: User;
  let watcher: User;
  let reader: User;
  let digester: User;
  let questionId: string;
  let answerId: string;
  let tagId: string;

  const api = (method: 'GET' | 'POST' | 'PUT', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const email = (u: string) => `${u}@example.com`;
  const db = () => site.runtime.database;
  const mailsQueued = async () => {
    await site.runtime.outbox.idle();
    const row = await db().selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('topic', '=', MAIL_TOPIC).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const inboxMail = async (item: InboxMailItem) => {
    await db().transaction().execute((trx) => mailForInbox(trx, item));
    await site.runtime.outbox.idle();
  };
  const config = async (user: User) => body(await api('GET', '/user/notification/config', user)).data;
  const setConfig = async (user: User, payload: Record<string, unknown>) => {
    const res = await api('PUT', '/user/notification/config', user, payload);
    expect(res.statusCode, res.body).toBe(200);
  };
  const ask = async (user: User, title: string, tags = ['support']) => {
    const res = await api('POST', '/question', user, { title, content: `Body of ${title}`, tags: tags.map((slug_name) => ({ slug_name })) });
    expect(res.statusCode, res.body).toBe(200);
    return String(body(res).data.id);
  };
  /** Waits for a mail to `to` whose decoded text contains `text` (QP turns "=" into "=3D"). */
  const waitMail = async (to: string, since: number, text: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = mailsTo(to, since, text)[0];
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} containing ${text}`);
      // Mails queued by an event consumer run at the worker's next round; start it now.
      await site.runtime.outbox.idle();
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const mailsTo = (to: string, since: number, text: string) => smtp.mails.slice(since).filter((m) => m.to.includes(to) && textOf(m).includes(text));

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    smtp = await startSmtpReceiver();
    await useSmtp(site, smtp.port);
    asker = await member(site, 'mailasker', 200);
    answerer = await member(site, 'mailanswerer', 200);
    watcher = await member(site, 'mailwatcher', 1);
    reader = await member(site, 'mailreader', 1);
    digester = await member(site, 'maildigester', 1);
    questionId = await ask(asker, 'How do notification mails work');
    const answer = await api('POST', '/answer', answerer, { question_id: questionId, content: 'They go through the outbox and SMTP.' });
    expect(answer.statusCode, answer.body).toBe(200);
    answerId = String(body(answer).data.info.id);
    tagId = String((await db().selectFrom('tag').select('id').where('slug_name', '=', 'support').executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => {
    await stop?.();
    await smtp?.close();
  });

  it('gives new accounts and the installer-created admin inbox e-mails by default', async () => {
    const admin = { id: '1', token: await login(site, ADMIN.email, ADMIN.password) };
    for (const user of [admin, asker]) {
      expect(await config(user)).toEqual({
        inbox: { key: 'email', enable: true },
        all_new_question: { key: 'email', enable: false },
        all_new_question_for_following_tags: { key: 'email', enable: false },
        digest: 'off',
      });
    }
  });

  it('mails the question author about a new answer, with a link to the answer (through the API)', async () => {
    const seen = smtp.mails.length;
    const res = await api('POST', '/answer', reader, { question_id: questionId, content: 'Another answer, sent by mail.' });
    expect(res.statusCode, res.body).toBe(200);
    const id = String(body(res).data.info.id);
    await site.runtime.outbox.idle();
    const answerUrl = `${SITE}/questions/${questionId}/${id}`;
    const mail = await waitMail(email('mailasker'), seen, answerUrl);
    expect(textOf(mail)).toContain('mailreader answered "How do notification mails work"');
    expect(textOf(mail)).toContain('Another answer, sent by mail.');
    expect(textOf(mail)).toContain(`href="${answerUrl}"`);
    expect(codeFromMail(mail, '/users/unsubscribe')).toMatch(/^[\w-]{40,}$/);
    expect(header(mail, 'List-Unsubscribe')).toMatch(new RegExp(`^<${SITE}/answer/api/v1/user/notification/unsubscribe\\?code=[\\w%-]+>$`));
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The answerer is not mailed about their own answer.
    expect(mailsTo(email('mailreader'), seen, answerUrl)).toHaveLength(0);
  });

  it('writes the mail in the receiver\'s language, else the site\'s', async () => {
    await db().updateTable('user').set({ language: 'zh_CN' }).where('id', '=', reader.id).execute();
    const seen = smtp.mails.length;
    await inboxMail({ receiverId: reader.id, triggerUserId: answerer.id, action: 'answer_the_question', questionId, answerId });
    await site.runtime.outbox.idle();
    const zh = await waitMail(email('mailreader'), seen, `${SITE}/questions/${questionId}/${answerId}`);
    expect(header(zh, 'Subject')).toMatch(/^=\?UTF-8\?/i);
    expect(textOf(zh)).not.toContain('answered');
    await db().updateTable('user').set({ language: '' }).where('id', '=', reader.id).execute();
  });

  it('mails comments and replies with a link to the exact comment, but not mentions (through the API)', async () => {
    const seen = smtp.mails.length;
    const onAnswer = await api('POST', '/comment', asker, { object_id: answerId, original_text: 'Which SMTP server do you use?' });
    expect(onAnswer.statusCode, onAnswer.body).toBe(200);
    const commentId = String(body(onAnswer).data.comment_id);
    await site.runtime.outbox.idle();
    const mail = await waitMail(email('mailanswerer'), seen, `${SITE}/questions/${questionId}/${answerId}?commentId=${commentId}`);
    expect(textOf(mail)).toContain('Which SMTP server do you use?');
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    const reply = await api('POST', '/comment', answerer, { object_id: answerId, original_text: 'Any SMTP server will do.', reply_comment_id: commentId });
    expect(reply.statusCode, reply.body).toBe(200);
    const replyId = String(body(reply).data.comment_id);
    await site.runtime.outbox.idle();
    await waitMail(email('mailasker'), seen, `${SITE}/questions/${questionId}/${answerId}?commentId=${replyId}`);

    const onQuestion = await api('POST', '/comment', answerer, { object_id: questionId, original_text: 'A comment on the question itself.' });
    const qCommentId = String(body(onQuestion).data.comment_id);
    await site.runtime.outbox.idle();
    await waitMail(email('mailasker'), seen, `${SITE}/questions/${questionId}?commentId=${qCommentId}`);

    // A mention notifies in the inbox only.
    const mention = await api('POST', '/comment', answerer, { object_id: questionId, original_text: 'Ping @mailreader about this.', mention_username_list: ['mailreader'] });
    expect(mention.statusCode, mention.body).toBe(200);
    const mentionId = String(body(mention).data.comment_id);
    await site.runtime.outbox.idle();
    const inbox = await db().selectFrom('notification').select('id').where('user_id', '=', reader.id).where('object_id', '=', mentionId).execute();
    expect(inbox.length).toBe(1);
    expect(mailsTo(email('mailreader'), seen, mentionId)).toHaveLength(0);

    // Mentions, one's own actions and actions without mail send nothing, also when called directly.
    const before = await mailsQueued();
    await inboxMail({ receiverId: reader.id, triggerUserId: answerer.id, action: 'mention_you', questionId, commentId: mentionId });
    await inboxMail({ receiverId: asker.id, triggerUserId: asker.id, action: 'comment_question', questionId, commentId: qCommentId });
    await inboxMail({ receiverId: asker.id, triggerUserId: answerer.id, action: 'up_voted_question', questionId });
    expect(await mailsQueued()).toBe(before);
  });

  it('mails an invitation to answer, and nothing when the receiver switched inbox e-mails off', async () => {
    await db().updateTable('user').set({ rank: 1000 }).where('id', '=', asker.id).execute();
    const seen = smtp.mails.length;
    const res = await api('PUT', '/question/invite', asker, { id: questionId, invite_user: ['mailwatcher'] });
    expect(res.statusCode, res.body).toBe(200);
    await site.runtime.outbox.idle();
    const mail = await waitMail(email('mailwatcher'), seen, `${SITE}/questions/${questionId}`);
    expect(textOf(mail)).toContain('mailasker thinks you can answer');

    await setConfig(watcher, { inbox: { key: 'email', enable: false } });
    const before = await mailsQueued();
    await inboxMail({ receiverId: watcher.id, triggerUserId: asker.id, action: 'invited_you_to_answer', questionId });
    expect(await mailsQueued()).toBe(before);
    await setConfig(watcher, { inbox: { key: 'email', enable: true } });
  });

  it('unsubscribes through the page call and through the one-click POST, without login', async () => {
    const seen = smtp.mails.length;
    await inboxMail({ receiverId: watcher.id, triggerUserId: asker.id, action: 'invited_you_to_answer', questionId });
    const first = await waitMail(email('mailwatcher'), seen, '/users/unsubscribe');
    const code = codeFromMail(first, '/users/unsubscribe');
    expect(linkFromMail(first, '/users/unsubscribe').startsWith('/users/unsubscribe')).toBe(true);
    const res = await api('PUT', '/user/notification/unsubscribe', undefined, { code });
    expect(res.statusCode, res.body).toBe(200);
    expect((await config(watcher)).inbox.enable).toBe(false);
    // Using the link again is harmless.
    expect((await api('PUT', '/user/notification/unsubscribe', undefined, { code })).statusCode).toBe(200);

    await setConfig(watcher, { inbox: { key: 'email', enable: true } });
    const seen2 = smtp.mails.length;
    await inboxMail({ receiverId: watcher.id, triggerUserId: asker.id, action: 'invited_you_to_answer', questionId });
    const second = await waitMail(email('mailwatcher'), seen2, '/users/unsubscribe');
    const target = header(second, 'List-Unsubscribe').replace(/^</, '').replace(/>$/, '');
    const oneClick = await site.app.inject({
      method: 'POST',
      url: target.slice(SITE.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect((await config(watcher)).inbox.enable).toBe(false);
    await setConfig(watcher, { inbox: { key: 'email', enable: true } });
  });

  it('refuses unknown and expired unsubscribe codes with a clear reason', async () => {
    const bad = await api('PUT', '/user/notification/unsubscribe', undefined, { code: 'no-such-code' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).reason).toBe('error.email.unsubscribe_url_invalid');
    expect(body(bad).msg).toMatch(/unsubscribe link is invalid or has expired/);
    const seen = smtp.mails.length;
    await inboxMail({ receiverId: watcher.id, triggerUserId: asker.id, action: 'invited_you_to_answer', questionId });
    const code = codeFromMail(await waitMail(email('mailwatcher'), seen, '/users/unsubscribe'), '/users/unsubscribe');
    await db().updateTable('email_code').set({ expires_at: 1 }).where('kind', '=', 'unsubscribe').where('user_id', '=', watcher.id).execute();
    const expired = await site.app.inject({ method: 'POST', url: `/answer/api/v1/user/notification/unsubscribe?code=${code}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(expired.statusCode).toBe(400);
    expect(body(expired).reason).toBe('error.email.unsubscribe_url_invalid');
    expect((await config(watcher)).inbox.enable).toBe(true);
    const empty = await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/notification/unsubscribe' });
    expect(empty.statusCode).toBe(400);
  });

  it('mails followers of the tags of a new question, not its author, and unsubscribes that source', async () => {
    expect((await api('POST', '/follow', watcher, { object_id: tagId })).statusCode).toBe(200);
    expect((await api('POST', '/follow', asker, { object_id: tagId })).statusCode).toBe(200);
    await setConfig(watcher, { all_new_question_for_following_tags: { key: 'email', enable: true } });
    await setConfig(asker, { all_new_question_for_following_tags: { key: 'email', enable: true } });
    const seen = smtp.mails.length;
    const id = await ask(asker, 'A new question in a followed tag');
    await site.runtime.outbox.idle();
    const mail = await waitMail(email('mailwatcher'), seen, `${SITE}/questions/${id}`);
    expect(textOf(mail)).toContain('A new question in a followed tag');
    expect(textOf(mail)).toContain('tags: support');
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mailsTo(email('mailasker'), seen, `${SITE}/questions/${id}`)).toHaveLength(0);

    const res = await api('PUT', '/user/notification/unsubscribe', undefined, { code: codeFromMail(mail, '/users/unsubscribe') });
    expect(res.statusCode).toBe(200);
    const after = await config(watcher);
    expect(after.all_new_question_for_following_tags.enable).toBe(false);
    expect(after.inbox.enable).toBe(true);
    await setConfig(watcher, { all_new_question_for_following_tags: { key: 'email', enable: true } });
  });

  it('mails every new question to those who asked, at most 50 per 7 days, one mail for users matching twice', async () => {
    await setConfig(reader, { all_new_question: { key: 'email', enable: true } });
    await setConfig(watcher, { all_new_question: { key: 'email', enable: true } });
    const t = Math.floor(Date.now() / 1000);
    await db().insertInto('mail_quota').values({ user_id: reader.id, window_start: t - 3600, count: NEW_QUESTION_CAP - 2, claim: 0 }).execute();
    const seen = smtp.mails.length;
    const ids = [];
    for (const title of ['First capped question here', 'Second capped question here', 'Third capped question here']) ids.push(await ask(asker, title));
    await site.runtime.outbox.idle();
    await waitMail(email('mailreader'), seen, `${SITE}/questions/${ids[1]}`);
    // The watcher follows the tag and wants every question: one mail each, which does not use their quota.
    for (const id of ids) await waitMail(email('mailwatcher'), seen, `${SITE}/questions/${id}`);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email('mailreader'), seen, `${SITE}/questions/${ids[0]}`)).toHaveLength(1);
    expect(mailsTo(email('mailreader'), seen, `${SITE}/questions/${ids[2]}`)).toHaveLength(0);
    for (const id of ids) expect(mailsTo(email('mailwatcher'), seen, `${SITE}/questions/${id}`)).toHaveLength(1);
    const quota = await db().selectFrom('mail_quota').select(['user_id', 'count']).where('user_id', 'in', [reader.id, watcher.id]).execute();
    expect(quota.map((q) => [String(q.user_id), Number(q.count)])).toEqual([[reader.id, NEW_QUESTION_CAP]]);

    // A week after the window opened, it starts again.
    await db().updateTable('mail_quota').set({ window_start: t - 8 * 86400 }).where('user_id', '=', reader.id).execute();
    const seen2 = smtp.mails.length;
    const fourth = await ask(asker, 'Fourth question after the window');
    await waitMail(email('mailreader'), seen2, `${SITE}/questions/${fourth}`);
    const row = await db().selectFrom('mail_quota').select('count').where('user_id', '=', reader.id).executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(1);
    await setConfig(reader, { all_new_question: { key: 'email', enable: false } });
    await setConfig(watcher, { all_new_question: { key: 'email', enable: false } });
  });

  it('keeps the cap exact when many new questions count at once', async () => {
    const users = [String(digester.id), String(answerer.id)];
    const results = await Promise.all(
      Array.from({ length: 60 }, () => db().transaction().execute((trx) => takeNewQuestionQuota(trx, users))),
    );
    const granted = (id: string) => results.filter((r) => r.includes(id)).length;
    expect(granted(users[0]!)).toBe(NEW_QUESTION_CAP);
    expect(granted(users[1]!)).toBe(NEW_QUESTION_CAP);
    await db().deleteFrom('mail_quota').where('user_id', 'in', users).execute();
  });

  it('saves the digest choice, which the upstream client (no digest field) leaves alone, and checks it', async () => {
    await setConfig(digester, { digest: 'daily' });
    expect((await config(digester)).digest).toBe('daily');
    await setConfig(digester, { inbox: { key: 'email', enable: true }, all_new_question_for_following_tags: { key: 'email', enable: true } });
    expect(await config(digester)).toMatchObject({ digest: 'daily', inbox: { enable: true }, all_new_question_for_following_tags: { enable: true } });
    const bad = await api('PUT', '/user/notification/config', digester, { digest: 'hourly' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).data[0].error_field).toBe('digest');
  });

  it('holds mails for a digest user and sends them grouped by kind once per period, once', async () => {
    expect((await api('POST', '/follow', digester, { object_id: tagId })).statusCode).toBe(200);
    await site.runtime.outbox.idle();
    const lastId = Number((await db().selectFrom('outbox').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m);
    const comment = await api('POST', '/comment', answerer, { object_id: questionId, original_text: 'Held for the digest.' });
    const commentId = String(body(comment).data.comment_id);
    await inboxMail({ receiverId: digester.id, triggerUserId: answerer.id, action: 'answer_the_question', questionId, answerId });
    await inboxMail({ receiverId: digester.id, triggerUserId: answerer.id, action: 'reply_to_you', questionId, commentId });
    await inboxMail({ receiverId: digester.id, triggerUserId: asker.id, action: 'invited_you_to_answer', questionId });
    const newId = await ask(asker, 'A question for the digest reader');
    await site.runtime.outbox.idle();
    const queuedNow = await db().selectFrom('outbox').select('payload').where('topic', '=', MAIL_TOPIC).where('id', '>', lastId).execute();
    expect(queuedNow.filter((r) => r.payload.includes(email('maildigester')))).toHaveLength(0);
    const entries = await db().selectFrom('mail_digest_entry').select('kind').where('user_id', '=', digester.id).execute();
    expect(entries.map((e) => e.kind).sort()).toEqual(['invited_you_to_answer', 'new_answer', 'new_comment', 'new_question']);

    // Not due yet; a day later exactly one digest goes out even with two senders at once.
    expect(await runDigests(db())).toBe(0);
    const later = Math.floor(Date.now() / 1000) + 86400 + 5;
    const seen = smtp.mails.length;
    const sent = await Promise.all([runDigests(db(), later), runDigests(db(), later)]);
    expect(sent[0]! + sent[1]!).toBe(1);
    await site.runtime.outbox.idle();
    const mail = await waitMail(email('maildigester'), seen, 'daily digest');
    const text = textOf(mail);
    for (const heading of ['New answers (1)', 'New comments (1)', 'Invitations to answer (1)', 'New questions (1)']) expect(text).toContain(heading);
    expect(text.indexOf('New answers')).toBeLessThan(text.indexOf('New questions'));
    expect(text).toContain(`${SITE}/questions/${questionId}/${answerId}`);
    expect(text).toContain(`${SITE}/questions/${questionId}?commentId=${commentId}`);
    expect(text).toContain(`${SITE}/questions/${newId}`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(await db().selectFrom('mail_digest_entry').select('id').where('user_id', '=', digester.id).execute()).toHaveLength(0);
    expect(await runDigests(db(), later + 10)).toBe(0);

    // The digest's unsubscribe link switches off every source it was about.
    const res = await api('PUT', '/user/notification/unsubscribe', undefined, { code: codeFromMail(mail, '/users/unsubscribe') });
    expect(res.statusCode).toBe(200);
    expect(await config(digester)).toMatchObject({ inbox: { enable: false }, all_new_question_for_following_tags: { enable: false } });
  });

  it('sends what a digest held when the user switches back to one-by-one mails', async () => {
    await setConfig(digester, { inbox: { key: 'email', enable: true } });
    await inboxMail({ receiverId: digester.id, triggerUserId: asker.id, action: 'invited_you_to_answer', questionId });
    await setConfig(digester, { digest: 'off' });
    const seen = smtp.mails.length;
    expect(await runDigests(db())).toBe(1);
    await site.runtime.outbox.idle();
    await waitMail(email('maildigester'), seen, 'Invitations to answer (1)');
    const seen2 = smtp.mails.length;
    await inboxMail({ receiverId: digester.id, triggerUserId: asker.id, action: 'invited_you_to_answer', questionId });
    await waitMail(email('maildigester'), seen2, 'thinks you can answer');
  });
});
