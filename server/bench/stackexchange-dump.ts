import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';

/**
 * Writes a synthetic Stack Exchange dump for measuring `answer import stackexchange`:
 *
 *   node --import tsx server/bench/stackexchange-dump.ts <folder> [posts=1000000]
 *
 * The folder gets Users, Tags, Posts (about 40% questions, the rest answers, a few tag wikis),
 * Comments, PostHistory, PostLinks, Votes and Badges in the dump's format, with HTML bodies of the
 * usual mix (paragraphs, links, inline and fenced code, lists, now and then a table). The numbers
 * are drawn from a fixed seed, so two runs write the same dump. Files are streamed out: a
 * million posts need no more memory than ten.
 */
const WORDS = 'the of and to in is it that for on with as this by be are from or an at not can use how why what when value list file code data error function table query server client type string number array object class method thread memory index key page user test build run'.split(' ');
const TAGS = Array.from({ length: 300 }, (_, i) => `tag${i}-${WORDS[i % WORDS.length]}`);

// mulberry32: a small generator whose successive draws are independent enough for the mix above.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '&#xA;');
const date = (t: number) => new Date(t * 1000).toISOString().slice(0, 23);

function body(): string {
  const parts = [`<p>${words(12)} <code>${pick(WORDS)}()</code> ${words(10)} <a href="https://example.com/${pick(WORDS)}">${words(2)}</a>.</p>`];
  if (random() < 0.6) parts.push(`<pre class="lang-js prettyprint-override"><code>const ${pick(WORDS)} = ${Math.floor(random() * 100)};\nif (a &lt; b) { run("${words(2)}"); }\n</code></pre>`);
  if (random() < 0.3) parts.push(`<ul>\n<li>${words(4)}</li>\n<li><strong>${words(2)}</strong> ${words(3)}</li>\n</ul>`);
  if (random() < 0.05) parts.push(`<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>${pick(WORDS)}</td><td>1</td></tr></tbody></table>`);
  parts.push(`<p>${words(15)}</p>`);
  return parts.join('\n');
}

class DumpFile {
  private out: fs.WriteStream;
  constructor(folder: string, name: string, private root: string) {
    this.out = fs.createWriteStream(path.join(folder, name));
    this.out.write(`\ufeff<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n`);
  }
  async row(attrs: Record<string, string | number | undefined>) {
    const text = Object.entries(attrs)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}="${xml(String(v))}"`)
      .join(' ');
    if (!this.out.write(`  <row ${text} />\n`)) await once(this.out, 'drain');
  }
  async close() {
    this.out.end(`</${this.root}>\n`);
    await once(this.out, 'finish');
  }
}

export async function writeDump(folder: string, posts: number): Promise<void> {
  fs.mkdirSync(folder, { recursive: true });
  const users = Math.max(10, Math.floor(posts / 10));
  const start = Math.floor(Date.UTC(2012, 0, 1) / 1000);
  const f = {
    users: new DumpFile(folder, 'Users.xml', 'users'),
    tags: new DumpFile(folder, 'Tags.xml', 'tags'),
    posts: new DumpFile(folder, 'Posts.xml', 'posts'),
    comments: new DumpFile(folder, 'Comments.xml', 'comments'),
    history: new DumpFile(folder, 'PostHistory.xml', 'posthistory'),
    links: new DumpFile(folder, 'PostLinks.xml', 'postlinks'),
    votes: new DumpFile(folder, 'Votes.xml', 'votes'),
    badges: new DumpFile(folder, 'Badges.xml', 'badges'),
  };
  await f.users.row({ Id: -1, Reputation: 1, CreationDate: date(start), DisplayName: 'Community', AboutMe: '<p>I am a bot.</p>' });
  for (let id = 1; id <= users; id++) {
    await f.users.row({ Id: id, Reputation: 1 + Math.floor(random() * 5000), CreationDate: date(start + id), DisplayName: `User ${words(1)} ${id}`, LastAccessDate: date(start + id * 2), WebsiteUrl: 'https://example.org', Location: 'Somewhere', AboutMe: `<p>${words(8)}</p>` });
  }
  // Tag wikis are posts 1..2*TAGS.length (excerpt, wiki); questions and answers follow.
  let postId = 0;
  for (let i = 0; i < TAGS.length; i++) {
    await f.tags.row({ Id: i + 1, TagName: TAGS[i], Count: 0, ExcerptPostId: postId + 1, WikiPostId: postId + 2 });
    await f.posts.row({ Id: ++postId, PostTypeId: 4, CreationDate: date(start), Score: 0, Body: `<p>${words(10)}</p>`, OwnerUserId: -1 });
    await f.posts.row({ Id: ++postId, PostTypeId: 5, CreationDate: date(start), Score: 0, Body: body(), OwnerUserId: -1 });
  }
  let question = 0;
  let commentId = 0;
  let historyId = 0;
  let voteId = 0;
  let linkId = 0;
  const questions: number[] = [];
  for (let n = 0; n < posts; n++) {
    const id = ++postId;
    const t = start + n * 60;
    const owner = 1 + Math.floor(random() * users);
    const score = Math.floor(random() * 20) - 3;
    const isQuestion = !question || random() < 0.4;
    if (isQuestion) {
      question = id;
      questions.push(id);
      if (questions.length > 1000) questions.shift();
      const tags = [...new Set([pick(TAGS), pick(TAGS)])];
      const closed = random() < 0.03;
      await f.posts.row({
        Id: id, PostTypeId: 1, AcceptedAnswerId: random() < 0.3 ? id + 1 : undefined, CreationDate: date(t), Score: score, ViewCount: Math.floor(random() * 9000), Body: body(), OwnerUserId: owner,
        LastActivityDate: date(t + 100), Title: `How to ${words(6)}?`, Tags: random() < 0.5 ? `<${tags.join('><')}>` : `|${tags.join('|')}|`, AnswerCount: 0, CommentCount: 1, ClosedDate: closed ? date(t + 50) : undefined, ContentLicense: 'CC BY-SA 4.0',
      });
      const guid = `g-${id}`;
      await f.history.row({ Id: ++historyId, PostHistoryTypeId: 1, PostId: id, RevisionGUID: guid, CreationDate: date(t), UserId: owner, Text: `How to ${words(6)}?` });
      await f.history.row({ Id: ++historyId, PostHistoryTypeId: 2, PostId: id, RevisionGUID: guid, CreationDate: date(t), UserId: owner, Text: `${words(20)}\n\n    code();` });
      await f.history.row({ Id: ++historyId, PostHistoryTypeId: 3, PostId: id, RevisionGUID: guid, CreationDate: date(t), UserId: owner, Text: `<${tags.join('><')}>` });
      if (closed) {
        const dup = questions.length > 2 && random() < 0.5 ? questions[0]! : null;
        await f.history.row({ Id: ++historyId, PostHistoryTypeId: 10, PostId: id, CreationDate: date(t + 50), UserId: -1, Comment: dup ? '101' : '102', Text: dup ? JSON.stringify({ OriginalQuestionIds: [dup] }) : '' });
        if (dup) await f.links.row({ Id: ++linkId, CreationDate: date(t + 50), PostId: id, RelatedPostId: dup, LinkTypeId: 3 });
      }
    } else {
      await f.posts.row({ Id: id, PostTypeId: 2, ParentId: question, CreationDate: date(t), Score: score, Body: body(), OwnerUserId: owner, LastActivityDate: date(t), CommentCount: 1, ContentLicense: 'CC BY-SA 4.0' });
      await f.history.row({ Id: ++historyId, PostHistoryTypeId: 2, PostId: id, RevisionGUID: `g-${id}`, CreationDate: date(t), UserId: owner, Text: words(25) });
      if (random() < 0.2) await f.history.row({ Id: ++historyId, PostHistoryTypeId: 5, PostId: id, RevisionGUID: `e-${id}`, CreationDate: date(t + 30), UserId: owner, Comment: 'fixed typo', Text: words(26) });
    }
    await f.comments.row({ Id: ++commentId, PostId: id, Score: Math.floor(random() * 3), Text: `${words(10)} \`x\``, CreationDate: date(t + 10), UserId: 1 + Math.floor(random() * users), ContentLicense: 'CC BY-SA 4.0' });
    for (let v = 0; v < 2; v++) await f.votes.row({ Id: ++voteId, PostId: id, VoteTypeId: random() < 0.85 ? 2 : 3, CreationDate: date(t + 20) });
    if (random() < 0.2) await f.badges.row({ Id: n + 1, UserId: owner, Name: pick(['Nice Answer', 'Nice Question', 'Editor', 'Teacher', 'Student']), Date: date(t + 40), Class: 3, TagBased: 'False' });
  }
  await Promise.all(Object.values(f).map((file) => file.close()));
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [folder, count = '1000000'] = process.argv.slice(2);
  if (!folder) {
    console.error('Usage: node --import tsx server/bench/stackexchange-dump.ts <folder> [posts]');
    process.exit(1);
  }
  const started = Date.now();
  await writeDump(folder, Number(count));
  console.log(`Wrote a dump of ${count} posts to ${folder} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
