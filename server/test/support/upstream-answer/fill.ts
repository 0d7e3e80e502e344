import { hash } from '@node-rs/bcrypt';
import type { Kysely } from 'kysely';
import { type UpstreamDialect, type UpstreamRelease, UPSTREAM_VERSIONS, upstreamColumns } from './schema.js';

/**
 * A small but complete Apache Answer site written into upstream's tables: members in every state
 * (admin, moderator, deleted, suspended) with Go-style `$2a$` bcrypt hashes, questions that are
 * open, closed, deleted and pending, an accepted answer, nested comments, tag synonyms and wiki,
 * unicode and emoji, a long post, votes (one withdrawn), follows, bookmarks, reactions, flags,
 * review rows, notifications, badges (1.4+), plus a few broken rows an importer must report.
 * Every stored counter agrees with the rows, as on a healthy site.
 */
export const OLD_PASSWORD = 'old-site-pass-42';
export const HANDLED_FLAGS = 1200;

const oid = (type: number, seq: number) => `1${String(type).padStart(3, '0')}${String(seq).padStart(13, '0')}`;
export const IDS = {
  q: (n: number) => oid(1, 100 + n),
  a: (n: number) => oid(2, 200 + n),
  tag: (n: number) => oid(3, 300 + n),
  collection: (n: number) => oid(6, 600 + n),
  c: (n: number) => oid(7, 700 + n),
  report: (n: number) => oid(8, 800 + n),
  badge: (n: number) => oid(9, 900 + n),
  award: (n: number) => oid(10, 1000 + n),
};

/** What the tests check the import against. */
export interface Filled {
  users: { id: number; username: string; email: string }[];
  questionSlugTitle: { id: string; title: string };
  counts: { users: number; questions: number; answers: number; comments: number; tags: number; votes: number; flags: number };
  /** Rows the importer must leave out (an orphan answer, an activity of an unknown type). */
  brokenRows: number;
}

const at = (day: number, hour = 12) => `2024-03-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:00:00`;

export async function fillUpstream(db: Kysely<any>, dialect: UpstreamDialect, release: UpstreamRelease): Promise<Filled> {
  const bool = (v: boolean) => (dialect === 'postgres' ? v : v ? 1 : 0);
  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    const columns = upstreamColumns(table, release);
    if (!columns.size) return;
    const kept = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => columns.has(k))));
    await db.insertInto(table).values(kept).execute();
  };
  // Go's bcrypt writes the $2a$ prefix; the algorithm is the same as $2b$.
  const pass = (await hash(OLD_PASSWORD, 10)).replace(/^\$2b\$/, '$2a$');

  await insert('version', [{ id: 1, version_number: UPSTREAM_VERSIONS[release] }]);
  const config: [number, string][] = [
    [1, 'answer.accepted'], [2, 'answer.voted_up'], [3, 'question.voted_up'], [5, 'answer.accept'], [12, 'answer.vote_down'],
    [14, 'answer.voted_down'], [24, 'user.follow'], [25, 'comment.vote_up'], [28, 'question.vote_up'], [30, 'answer.vote_up'],
    [32, 'question.follow'], [35, 'tag.follow'], [87, 'question.asked'], [9999, 'plugin.special.thing'],
  ];
  const smtp = { from_email: 'noreply@old.example.com', from_name: 'Old Site', smtp_host: 'smtp.old.example.com', smtp_port: 587, encryption: 'TLS', smtp_username: 'mailer', smtp_password: 'secret', smtp_authentication: true };
  await insert('config', [
    ...config.map(([id, key]) => ({ id, key, value: '0' })),
    { id: 33, key: 'email.config', value: JSON.stringify(smtp) },
    { id: 41, key: 'rank.answer.add', value: '5' },
  ]);

  const users = [
    { id: 1, username: 'alice', email: 'alice@old.example.com', role: 2, status: 1, name: 'Alice Admin' },
    { id: 2, username: 'bob', email: 'bob@old.example.com', role: 3, status: 1, name: 'Bob Moderator' },
    { id: 3, username: 'carol', email: 'Carol.Mixed@Old.Example.com', role: 1, status: 1, name: 'Carol 🌸 Ünïcode' },
    { id: 4, username: 'dave', email: 'dave@old.example.com', role: 1, status: 10, name: 'Dave Deleted' },
    { id: 5, username: 'eve', email: 'eve@old.example.com', role: 1, status: 9, name: 'Eve Suspended' },
  ];

  // Votes and other ledger rows: [user, trigger, object, type, rank, cancelled].
  const q1 = IDS.q(1);
  const ledger: [number, number, string, number, number, number][] = [
    [1, 1, q1, 28, 0, 0], [3, 1, q1, 3, 10, 0], // alice upvotes carol's question
    [2, 2, q1, 28, 0, 0], [3, 2, q1, 3, 10, 0], // bob too
    [5, 5, q1, 28, 0, 1], [3, 5, q1, 3, 10, 1], // eve did, then withdrew it
    [3, 3, IDS.a(2), 12, -1, 0], [1, 3, IDS.a(2), 14, -2, 0], // carol downvotes alice's answer
    [1, 1, IDS.a(1), 30, 0, 0], [2, 1, IDS.a(1), 2, 10, 0], // alice upvotes bob's answer
    [3, 3, IDS.c(3), 25, 0, 0], // carol upvotes alice's comment
    [3, 3, IDS.a(1), 5, 2, 0], [2, 3, IDS.a(1), 1, 15, 0], // carol accepts bob's answer
    [2, 2, q1, 32, 0, 0], // bob follows the question
    [1, 1, IDS.tag(1), 35, 0, 0], // alice follows the tag "go"
    [3, 3, '1', 24, 0, 0], // carol follows alice
    [3, 3, q1, 87, 0, 0], // timeline: carol asked
    [2, 2, q1, 9999, 0, 0], // a plugin's type we have no key for: reported, left out
  ];
  const rankOf = (user: number) => 1 + ledger.filter(([u, , , , , c]) => u === user && !c).reduce((s, [, , , , r]) => s + r, 0);

  await insert(
    'user',
    users.map((u) => ({
      id: u.id,
      created_at: at(1, u.id),
      updated_at: at(2, u.id),
      deleted_at: u.status === 10 ? at(20) : null,
      suspended_at: u.status === 9 ? at(21) : null,
      last_login_date: at(25),
      username: u.username,
      pass,
      e_mail: u.email,
      mail_status: 1,
      notice_status: 1,
      follow_count: u.id === 1 ? 1 : 0,
      answer_count: { 1: 1, 2: 1 }[u.id] ?? 0,
      question_count: { 1: 1, 3: 1, 4: 1 }[u.id] ?? 0,
      rank: rankOf(u.id),
      status: u.status,
      authority_group: 1,
      display_name: u.name,
      avatar: '{"type":"custom","custom":"/uploads/avatar/alice.png"}',
      mobile: '',
      bio: u.id === 3 ? 'I like **databases** <script>alert(1)</script>' : '',
      bio_html: u.id === 3 ? '<p>I like <strong>databases</strong> <script>alert(1)</script></p>' : '',
      website: '',
      location: '',
      ip_info: '',
      is_admin: bool(u.id === 1),
      language: 'en_US',
      color_scheme: '',
    })),
  );
  await insert('user_role_rel', users.map((u) => ({ id: u.id, created_at: at(1), updated_at: at(1), user_id: u.id, role_id: u.role })));
  await insert(
    'user_notification_config',
    users.map((u) => ({ id: u.id, created_at: at(1), updated_at: at(1), user_id: u.id, source: 'inbox', channels: '[{"key":"email","enable":true}]', enabled: bool(true) })),
  );
  await insert('site_info', [
    { id: 1, created_at: at(1), updated_at: at(1), type: 'general', status: 1, content: JSON.stringify({ name: 'The Old Site', short_description: 'Moved here', description: '', site_url: 'http://old.example.com', contact_email: 'alice@old.example.com', check_update: false }) },
    { id: 2, created_at: at(1), updated_at: at(1), type: 'seo', status: 1, content: JSON.stringify({ permalink: 1, robots: 'User-agent: *\nAllow: /' }) },
    { id: 3, created_at: at(1), updated_at: at(1), type: 'broken', status: 1, content: '{not json' },
    // Upstream 2.0's AI settings, the key in plain text as upstream keeps it.
    {
      id: 4,
      created_at: at(1),
      updated_at: at(1),
      type: 'ai',
      status: 1,
      content: JSON.stringify({ enabled: true, chosen_provider: 'openai', ai_providers: [{ provider: 'openai', api_host: 'https://api.openai.com', api_key: 'sk-upstream-PLAINTEXT-key', model: 'gpt-4o' }, { provider: 'gemini', api_host: 'https://gemini.example', api_key: '', model: 'g1' }], prompt_config: { zh_cn: '', en_us: 'Be kind. %s' } }),
    },
  ]);

  const tags = [
    { n: 1, slug: 'go', name: 'Go', main: '0', text: 'The **Go** language. <img src=x onerror=alert(1)>', count: 2, follow: 1, status: 1 },
    { n: 2, slug: 'golang', name: 'golang', main: IDS.tag(1), text: '', count: 0, follow: 0, status: 1 },
    { n: 3, slug: '数据库', name: '数据库', main: '0', text: '数据库 wiki 🗄️', count: 2, follow: 0, status: 1 },
    { n: 4, slug: 'old-tag', name: 'old-tag', main: '0', text: '', count: 0, follow: 0, status: 10 },
  ];
  await insert(
    'tag',
    tags.map((t) => ({
      id: IDS.tag(t.n),
      created_at: at(1),
      updated_at: at(1),
      main_tag_id: t.main,
      main_tag_slug_name: t.main === '0' ? '' : 'go',
      slug_name: t.slug,
      display_name: t.name,
      original_text: t.text,
      parsed_text: `<p>${t.text}</p>`,
      follow_count: t.follow,
      question_count: t.count,
      status: t.status,
      recommend: bool(t.n === 1),
      reserved: bool(false),
      revision_id: 0,
      user_id: 1,
    })),
  );

  const long = `Long question.\n\n${'A paragraph with some words about databases and indexes. '.repeat(400)}`;
  const questions = [
    { n: 1, user: 3, title: 'How do I ship 🚀 a Go binary?', text: 'I built it with `go build`.\n\n<script>alert("x")</script>', status: 1, answers: 2, votes: 2, accepted: IDS.a(1), collect: 1, follow: 1 },
    { n: 2, user: 3, title: 'A deleted question', text: 'gone', status: 10, answers: 0, votes: 0, accepted: '0', collect: 0, follow: 0 },
    { n: 3, user: 2, title: 'A pending question', text: 'waiting for review', status: 11, answers: 0, votes: 0, accepted: '0', collect: 0, follow: 0 },
    { n: 4, user: 1, title: 'A closed long question', text: long, status: 2, answers: 0, votes: 0, accepted: '0', collect: 0, follow: 0 },
    { n: 5, user: 4, title: 'Asked by a member who left', text: 'Übung macht den Meister — 数据库?', status: 1, answers: 0, votes: 0, accepted: '0', collect: 0, follow: 0 },
  ];
  await insert(
    'question',
    questions.map((q) => ({
      id: IDS.q(q.n),
      created_at: at(3 + q.n),
      updated_at: at(3 + q.n),
      user_id: q.user,
      invite_user_id: null,
      last_edit_user_id: 0,
      title: q.title,
      original_text: q.text,
      parsed_text: `<p>${q.text}</p>`,
      pin: 1,
      show: 1,
      status: q.status,
      view_count: 10 * q.n,
      unique_view_count: q.n,
      vote_count: q.votes,
      answer_count: q.answers,
      hot_score: 0,
      collection_count: q.collect,
      follow_count: q.follow,
      accepted_answer_id: q.accepted,
      last_answer_id: q.n === 1 ? IDS.a(2) : '0',
      post_update_time: at(10 + q.n),
      revision_id: 0,
      linked_count: 0,
    })),
  );
  const answers = [
    { n: 1, q: 1, user: 2, status: 1, adopted: 2, votes: 1, text: 'Use `CGO_ENABLED=0 go build`.' },
    { n: 2, q: 1, user: 1, status: 1, adopted: 1, votes: -1, text: 'Docker 🐳 works too.' },
    { n: 3, q: 1, user: 5, status: 10, adopted: 1, votes: 0, text: 'deleted answer' },
    { n: 4, q: 4, user: 3, status: 11, adopted: 1, votes: 0, text: 'pending answer' },
    { n: 5, q: 99, user: 3, status: 1, adopted: 1, votes: 0, text: 'an answer to a question that is gone' },
  ];
  await insert(
    'answer',
    answers.map((a) => ({
      id: IDS.a(a.n),
      created_at: at(10, a.n),
      updated_at: at(10, a.n),
      question_id: IDS.q(a.q),
      user_id: a.user,
      last_edit_user_id: 0,
      original_text: a.text,
      parsed_text: `<p>${a.text}</p>`,
      status: a.status,
      adopted: a.adopted,
      comment_count: 0,
      vote_count: a.votes,
      revision_id: 0,
    })),
  );
  const comments = [
    { n: 1, user: 1, object: q1, replyUser: null, replyComment: null, status: 1, votes: 0, text: 'Which OS?' },
    { n: 2, user: 3, object: q1, replyUser: 1, replyComment: IDS.c(1), status: 1, votes: 0, text: '@alice Linux 🐧' },
    { n: 3, user: 1, object: IDS.a(1), replyUser: null, replyComment: null, status: 1, votes: 1, text: 'Nice answer' },
    { n: 4, user: 2, object: q1, replyUser: null, replyComment: null, status: 10, votes: 0, text: 'removed' },
  ];
  await insert(
    'comment',
    comments.map((c) => ({
      id: IDS.c(c.n),
      created_at: at(11, c.n),
      updated_at: at(11, c.n),
      user_id: c.user,
      reply_user_id: c.replyUser,
      reply_comment_id: c.replyComment,
      object_id: c.object,
      question_id: q1,
      vote_count: c.votes,
      status: c.status,
      original_text: c.text,
      parsed_text: `<p>${c.text}</p>`,
    })),
  );
  const rels: [number, number][] = [[1, 1], [1, 3], [2, 1], [3, 1], [4, 1], [5, 3]];
  await insert('tag_rel', rels.map(([q, t], i) => ({ id: i + 1, created_at: at(5), updated_at: at(5), object_id: IDS.q(q), tag_id: IDS.tag(t), status: 1 })));
  await insert('revision', [
    { id: 1, created_at: at(4), updated_at: at(4), user_id: 3, object_type: 1, object_id: q1, title: questions[0]!.title, content: JSON.stringify({ id: q1, title: questions[0]!.title, original_text: questions[0]!.text, parsed_text: '<p><img src=x onerror=alert(1)></p>', tags: [] }), log: '', status: 1, review_user_id: 0 },
    { id: 2, created_at: at(10), updated_at: at(10), user_id: 2, object_type: 2, object_id: IDS.a(1), title: '', content: JSON.stringify({ id: IDS.a(1), original_text: answers[0]!.text, parsed_text: '' }), log: 'first', status: 1, review_user_id: 0 },
  ]);
  await insert(
    'activity',
    ledger.map(([user, trigger, object, type, rank, cancelled], i) => ({
      id: i + 1,
      created_at: at(12, i % 24),
      updated_at: at(12, i % 24),
      cancelled_at: cancelled ? at(13) : null,
      user_id: user,
      trigger_user_id: trigger,
      object_id: object,
      original_object_id: q1,
      activity_type: type,
      cancelled,
      rank,
      has_rank: rank ? 1 : 0,
      revision_id: 0,
    })),
  );
  await insert('collection_group', [{ id: 1, created_at: at(6), updated_at: at(6), user_id: 3, name: 'default', default_group: 1 }]);
  await insert('collection', [{ id: IDS.collection(1), created_at: at(6), updated_at: at(6), user_id: 3, object_id: q1, user_collection_group_id: 1 }]);
  await insert('meta', [{ id: 1, created_at: at(7), updated_at: at(7), object_id: q1, key: 'object.react.summary', value: JSON.stringify({ reactions: [{ emoji: 'heart', user_ids: ['1', '2'] }] }) }]);
  await insert('report', [
    { id: IDS.report(1), created_at: at(14), updated_at: at(14), user_id: 2, object_id: IDS.a(2), reported_user_id: 1, object_type: 2, report_type: 0, content: 'off topic', flagged_type: 0, flagged_content: '', status: 1 },
    { id: IDS.report(2), created_at: at(14), updated_at: at(15), user_id: 3, object_id: IDS.c(4), reported_user_id: 2, object_type: 7, report_type: 0, content: 'rude', flagged_type: 0, flagged_content: '', status: 2 },
  ]);
  // A long history of handled flags: more rows than one page of the importer's keyset reads.
  const handled = Array.from({ length: HANDLED_FLAGS }, (_, i) => ({
    id: IDS.report(10 + i),
    created_at: at(16),
    updated_at: at(17),
    user_id: 1 + (i % 3),
    object_id: IDS.c(4),
    reported_user_id: 2,
    object_type: 7,
    report_type: 0,
    content: `flag ${i}`,
    flagged_type: 0,
    flagged_content: '',
    status: 2,
  }));
  for (let i = 0; i < handled.length; i += 200) await insert('report', handled.slice(i, i + 200));
  await insert('review', [{ id: 1, created_at: at(15), updated_at: at(15), user_id: 2, object_id: IDS.q(3), object_type: 1, reviewer_user_id: 0, submitter: 'bob', reason: 'new member', status: 1 }]);
  await insert('notification', [
    { id: 1, created_at: at(10), updated_at: at(10), user_id: 3, object_id: IDS.a(1), content: JSON.stringify({ notification_action: 'answer_the_question', object_info: { object_id: IDS.a(1), object_type: 'answer', title: questions[0]!.title } }), type: 2, msg_type: 0, is_read: 1, status: 1 },
  ]);
  await insert('badge_group', [{ id: 1, name: 'badge.default_badge_groups.getting_started.name', created_at: at(1), updated_at: at(1) }]);
  await insert('badge', [
    { id: IDS.badge(1), created_at: at(1), updated_at: at(1), name: 'badge.default_badges.autobiographer.name', icon: 'person-badge-fill', award_count: 1, description: 'badge.default_badges.autobiographer.desc', status: 1, badge_group_id: 1, level: 1, single: 1, collect: 'user', handler: 'FirstUpdateUserProfile', param: '' },
  ]);
  await insert('badge_award', [{ id: IDS.award(1), created_at: at(16), updated_at: at(16), user_id: 3, badge_id: IDS.badge(1), award_key: '', badge_group_id: 1, is_badge_deleted: 0 }]);

  return {
    users: users.map((u) => ({ id: u.id, username: u.username, email: u.email.toLowerCase() })),
    questionSlugTitle: { id: q1, title: questions[0]!.title },
    counts: { users: users.length, questions: questions.length, answers: answers.length - 1, comments: comments.length, tags: tags.length, votes: 5, flags: 2 + HANDLED_FLAGS },
    brokenRows: 2,
  };
}
