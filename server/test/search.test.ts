import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { highlight } from '../src/features/search/excerpt.js';
import { parseQuery } from '../src/features/search/parse.js';
import { terms } from '../src/features/search/terms.js';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

interface Item {
  object_type: 'question' | 'answer';
  object: { id: string; question_id: string; title: string; excerpt: string; vote_count: number; accepted: boolean; status: string; tags: { slug_name: string }[]; user_info: { username: string } };
}

describe.each(dialectTargets())('search on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let admin: User;
  let asker: User;
  let other: User;
  const ids = {} as Record<'firewall' | 'printer' | 'pasta' | 'pastaAnswer' | 'mail' | 'script', string>;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = '', payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${url}`, headers: token ? { authorization: token } : {}, payload: payload as object });
  const searchAs = async (q: string, token = '', extra = '') => {
    const res = await api('GET', `/search?q=${encodeURIComponent(q)}${extra}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return body<{ count: number; list: Item[] }>(res).data;
  };
  /** The titles found, answers marked "A:" so both kinds can be told apart. */
  const found = async (q: string, token = '', extra = '') =>
    (await searchAs(q, token, extra)).list.map((i) => (i.object_type === 'answer' ? `A:${i.object.title}` : i.object.title));
  const ask = async (token: string, title: string, content: string, tag: string) => {
    const res = await api('POST', '/question', token, { title, content, tags: [{ slug_name: tag }] });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.json().data.id);
  };
  const answer = async (token: string, questionId: string, content: string) => {
    const res = await api('POST', '/answer', token, { question_id: questionId, content });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.json().data.info.id);
  };

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    admin = await adminOf(site);
    asker = await member(site, 'asker', 2000);
    other = await member(site, 'other', 2000);
    ids.firewall = await ask(asker.token, 'Configure zebra firewall rules', 'The network basics of packet filtering.', 'network');
    ids.printer = await ask(asker.token, 'Printer driver issue', 'My zebra printer prints garbage now and then, the zebra driver looks fine.', 'hardware');
    ids.pasta = await ask(other.token, 'How long to boil pasta', 'Cooking question about water and salt.', 'food');
    ids.pastaAnswer = await answer(asker.token, ids.pasta, 'Use a timer shaped like a zebra, eight minutes.');
    ids.mail = await ask(asker.token, '如何配置邮件服务器', '邮件发送失败，请帮忙。', 'support');
    ids.script = await ask(other.token, 'Escaping markup in posts', 'Look at <script>alert(1)</script> here: xsstoken & more.', 'support');
    for (let i = 0; i < 4; i++) await ask(other.token, `Filler question number ${i} about gardens`, 'Watering plants in summer and winter.', 'garden');
  });
  afterAll(async () => stop());

  it('finds words in titles and bodies, title matches first, answers with their question title', async () => {
    const titles = await found('zebra');
    expect(titles).toHaveLength(3);
    expect(titles[0]).toBe('Configure zebra firewall rules');
    expect(titles.slice(1).sort()).toEqual(['A:How long to boil pasta', 'Printer driver issue']);
    expect(await found('FIREWALL')).toEqual(['Configure zebra firewall rules']);
    // Every word must match.
    expect(await found('zebra printer')).toEqual(['Printer driver issue']);
    expect(await found('zebra nothinglikethis')).toEqual([]);
  });

  it('returns the fields the client reads', async () => {
    const { count, list } = await searchAs('printer');
    expect(count).toBe(1);
    const object = list[0]!.object;
    expect(list[0]!.object_type).toBe('question');
    expect(object).toMatchObject({ id: ids.printer, question_id: ids.printer, title: 'Printer driver issue', url_title: 'printer-driver-issue', status: 'available', accepted: false, answer_count: 0 });
    expect(object.tags.map((t) => t.slug_name)).toEqual(['hardware']);
    expect(object.user_info.username).toBe('asker');
    expect(object.excerpt).toContain('<em>printer</em>');
    const answerHit = (await searchAs('timer')).list[0]!;
    expect(answerHit).toMatchObject({ object_type: 'answer', object: { id: ids.pastaAnswer, question_id: ids.pasta, title: 'How long to boil pasta' } });
  });

  it('applies each operator, alone and combined', async () => {
    expect(await found('zebra [network]')).toEqual(['Configure zebra firewall rules']);
    expect((await found('[garden]')).length).toBe(4);
    expect(await found('[garden] [network]')).toEqual([]);
    expect(await found('[no-such-tag] zebra')).toEqual([]);
    expect((await found('zebra user:asker')).sort()).toEqual(['A:How long to boil pasta', 'Configure zebra firewall rules', 'Printer driver issue']);
    expect(await found('pasta user:other')).toEqual(['How long to boil pasta']);
    expect(await found('zebra user:me', other.token)).toEqual([]);
    expect(await found('pasta user:me', other.token)).toEqual(['How long to boil pasta']);
    expect(await found('zebra user:nobody')).toEqual([]);
    expect((await found('zebra is:question')).sort()).toEqual(['Configure zebra firewall rules', 'Printer driver issue']);
    expect(await found('zebra is:answer')).toEqual(['A:How long to boil pasta']);
    expect(await found('zebra answers:1')).toEqual([]);
    expect(await found('pasta answers:1')).toEqual(['How long to boil pasta']);
    expect((await found('zebra answers:0')).sort()).toEqual(['Configure zebra firewall rules', 'Printer driver issue']);
    expect(await found('zebra is:question is:answer')).toEqual([]);
    expect(await found('zebra is:question [hardware]')).toEqual(['Printer driver issue']);

    // Votes and acceptance through the API.
    expect((await api('POST', '/vote/up', admin.token, { object_id: ids.printer, is_cancel: false })).statusCode).toBe(200);
    expect(await found('zebra score:1')).toEqual(['Printer driver issue']);
    expect((await found('zebra score:0')).sort()).toEqual(['A:How long to boil pasta', 'Configure zebra firewall rules']);
    expect(await found('zebra is:accepted')).toEqual([]);
    const accepted = await api('POST', '/answer/acceptance', other.token, { question_id: ids.pasta, answer_id: ids.pastaAnswer });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await found('zebra is:accepted')).toEqual(['A:How long to boil pasta']);
    expect(await found('is:accepted user:asker [food]')).toEqual(['A:How long to boil pasta']);
    expect(await found('pasta hasaccepted:yes')).toEqual(['How long to boil pasta']);
    expect(await found(`zebra inquestion:${ids.pasta}`)).toEqual(['A:How long to boil pasta']);
  });

  it('matches quoted phrases as phrases', async () => {
    expect(await found('"zebra printer"')).toEqual(['Printer driver issue']);
    expect(await found('"printer zebra"')).toEqual([]);
    expect(await found('"firewall rules" zebra')).toEqual(['Configure zebra firewall rules']);
  });

  it('finds CJK words inside sentences without spaces', async () => {
    expect(await found('配置邮件')).toEqual(['如何配置邮件服务器']);
    expect(await found('邮件')).toEqual(['如何配置邮件服务器']);
    expect(await found('发送')).toEqual(['如何配置邮件服务器']);
    expect(await found('邮服')).toEqual([]);
    expect((await searchAs('发送')).list[0]!.object.excerpt).toContain('<em>发送</em>');
  });

  it('orders by newest, activity and score, and pages', async () => {
    const newest = await searchAs('[garden]', '', '&order=newest');
    expect(newest.list.map((i) => i.object.title)).toEqual([3, 2, 1, 0].map((i) => `Filler question number ${i} about gardens`));
    const score = await found('zebra is:question', '', '&order=score');
    expect(score[0]).toBe('Printer driver issue');
    const page2 = await searchAs('[garden]', '', '&order=newest&size=1&page=2');
    expect(page2.count).toBe(4);
    expect(page2.list.map((i) => i.object.title)).toEqual(['Filler question number 2 about gardens']);
    expect((await searchAs('[garden]', '', '&order=active')).count).toBe(4);
  });

  it('reflects edits, deletions and undeletions at once', async () => {
    const edit = await api('PUT', '/question', asker.token, {
      id: ids.firewall,
      title: 'Configure quokka firewall rules',
      content: 'The network basics of packet filtering.',
      tags: [{ slug_name: 'network' }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await found('quokka')).toEqual(['Configure quokka firewall rules']);
    expect(await found('zebra is:question')).toEqual(['Printer driver issue']);

    const answerEdit = await api('PUT', '/answer', asker.token, { id: ids.pastaAnswer, question_id: ids.pasta, content: 'Use a timer shaped like a wombat, eight minutes.' });
    expect(answerEdit.statusCode, answerEdit.body).toBe(200);
    expect(await found('wombat')).toEqual(['A:How long to boil pasta']);
    expect(await found('zebra is:answer')).toEqual([]);

    expect((await api('DELETE', '/question', admin.token, { id: ids.firewall })).statusCode).toBe(200);
    expect(await found('quokka')).toEqual([]);
    expect(await found('quokka', admin.token)).toEqual([]);
    const recover = await api('POST', '/question/recover', admin.token, { question_id: ids.firewall });
    expect(recover.statusCode, recover.body).toBe(200);
    expect(await found('quokka')).toEqual(['Configure quokka firewall rules']);
  });

  it('shows unlisted, deleted and pending posts only to those who may see them', async () => {
    const secret = await ask(asker.token, 'Unlisted platypus question', 'Platypus body text.', 'network');
    const hide = await api('PUT', '/question/operation', admin.token, { id: secret, operation: 'hide' });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await found('platypus')).toEqual([]);
    expect(await found('platypus', other.token)).toEqual([]);
    expect(await found('platypus', asker.token)).toEqual(['Unlisted platypus question']);
    expect(await found('platypus', admin.token)).toEqual(['Unlisted platypus question']);

    const doomed = await answer(other.token, ids.printer, 'Reinstall the narwhal driver package.');
    expect(await found('narwhal')).toEqual(['A:Printer driver issue']);
    expect((await api('DELETE', '/answer', other.token, { id: doomed })).statusCode).toBe(200);
    for (const token of ['', other.token, admin.token]) expect(await found('narwhal', token)).toEqual([]);
    expect((await api('POST', '/answer/recover', admin.token, { answer_id: doomed })).statusCode).toBe(200);
    expect(await found('narwhal')).toEqual(['A:Printer driver issue']);

    // A question held for review (pending) is written by the review queue; its row says so.
    const pending = await ask(asker.token, 'Pending axolotl question', 'Axolotl body.', 'network');
    await site.runtime.database.updateTable('question').set({ status: 11 }).where('id', '=', pending).execute();
    const { changedQuestionLists } = await import('../src/features/question/list-cache.js');
    await changedQuestionLists(site.runtime);
    for (const token of ['', other.token, asker.token, admin.token]) expect(await found('axolotl', token)).toEqual([]);
  });

  it('escapes markup in excerpts: a post with <script> never comes back as markup', async () => {
    const { list } = await searchAs('xsstoken');
    expect(list).toHaveLength(1);
    const excerpt = list[0]!.object.excerpt;
    expect(excerpt).not.toMatch(/<(?!\/?em>)/);
    expect(excerpt).toContain('&lt;script&gt;');
    expect(excerpt).toContain('<em>xsstoken</em>');
    expect((await searchAs('script')).list[0]!.object.excerpt).toContain('&lt;<em>script</em>&gt;');
  });

  it('refuses bad input with field errors', async () => {
    for (const [query, field] of [
      ['', 'q'],
      ['?q=', 'q'],
      ['?q=%20%20', 'q'],
      [`?q=${'a'.repeat(61)}`, 'q'],
      ['?q=x&order=best', 'order'],
      ['?q=x&size=many', 'size'],
      ['?q=%01', 'q'],
    ] as const) {
      const res = await api('GET', `/search${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body(res).data[0].error_field, query).toBe(field);
    }
    expect(body(await api('GET', `/search?q=${'配'.repeat(60)}`)).code).toBe(200);
    expect((await searchAs('[garden]', '', '&size=500')).list).toHaveLength(4);
  });

  it('answers junk queries without a server error', async () => {
    const junk = ['"', '""', '"unclosed phrase', '[', '[]', '[[x]]', 'user:', 'score:-1', 'score:99999999999', 'answers:x', '*', 'zebra*', 'OR', 'AND NOT x',
      'NEAR(a b)', '{title}:x', 'title:x', '^x', '-zebra', '+zebra', ':', 'a:b:c', "'", "it's", '%_', '\\', '😀', 'é', 'ß', 'ǅ', '<>', '&', 'inquestion:abc',
      'inquestion:99999999999999999999', 'is:nothing', 'views:3', 'hasaccepted:no', '@', 'x'.repeat(60), '"a" "b" "c" "d" "e" "f"', 'a b c d e f g h'];
    for (const q of junk) {
      const res = await api('GET', `/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
  });

  it('answers the search description as the built-in search', async () => {
    const res = await api('GET', '/search/desc');
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ name: '', icon: '', link: '' });
  });
});

describe('query reading', () => {
  it('splits text into terms, CJK into bigrams', () => {
    expect(terms('Café-Wörld, C++ 配置邮件')).toEqual(['cafe', 'world', 'c', '配置', '置邮', '邮件']);
  });

  it('lifts operators and keeps the rest as words', () => {
    const p = parseQuery('[node.js] user:me "exact words" score:3 hello');
    expect(p).toMatchObject({ tags: ['node.js'], user: 'me', minScore: 3, phrases: [['exact', 'words'], ['hello']], scope: 'all' });
    expect(parseQuery('answers:x').phrases).toEqual([['answers', 'x']]);
  });

  it('highlights only the words, escaping everything else', () => {
    expect(highlight('a <b>bold</b> word', ['bold'])).toBe('a &lt;b&gt;<em>bold</em>&lt;/b&gt; word');
  });

  it('highlights whole words only, the longest that stands whole where several start', () => {
    expect(highlight('zebra printers and a zebra printer', ['zebra printer', 'zebra'])).toBe('<em>zebra</em> printers and a <em>zebra printer</em>');
    expect(highlight('reprint printer𝒜 Print.', ['print', 'printer'])).toBe('reprint printer𝒜 <em>Print</em>.');
  });
});
