import { describe, expect, it } from 'vitest';
import plugin from '../src/server.ts';
import { fakeContext, HOSTILE_TITLE, siteEvent, WEBHOOKS } from './fake-context.ts';

type Json = Record<string, any>;

/** Runs the hook for one event with every webhook set, and gives each platform's body. */
async function bodies(overrides: Parameters<typeof siteEvent>[0] = {}, config: Json = {}) {
  const fake = fakeContext({ ...WEBHOOKS, ...config });
  await plugin.notification!.siteEvent!(siteEvent(overrides), fake.ctx);
  const byUrl = (url: string) => fake.queued.find((d) => d.url === url)!.body as Json;
  return {
    slack: byUrl(WEBHOOKS.slack_webhook_url),
    discord: byUrl(WEBHOOKS.discord_webhook_url),
    teams: byUrl(WEBHOOKS.teams_webhook_url),
    mattermost: byUrl(WEBHOOKS.mattermost_webhook_url),
  };
}

/** Characters of `chars` not preceded by a backslash (Markdown that still means something). */
const unescaped = (text: string, chars: string) => [...text.matchAll(/\\.|./gsu)].map((m) => m[0]).filter((c) => chars.includes(c));

const QUESTION_URL = siteEvent().questionUrl;
const ZWSP = '\u200b';

describe('Slack', () => {
  it('sends text and a mrkdwn section linking the title', async () => {
    const { slack } = await bodies();
    expect(slack.text).toBe('New question: How do I read a file?');
    expect(slack.blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: `*New question*: <${QUESTION_URL}|How do I read a file?>` } });
    expect(slack.blocks[1].text.text).toBe('>I tried fs.readFile but it returns a Buffer.');
    expect(slack.blocks[2]).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: 'Author: <https://answers.example.com/users/ada|Ada> · Tags: node-js, fs' }],
    });
    expect(slack).not.toHaveProperty('username');
  });

  it('escapes a hostile title so it stays inside its link and mentions no one', async () => {
    const { slack } = await bodies({ questionTitle: HOSTILE_TITLE, excerpt: '> quoted <@U123> & more' });
    const label = `&lt;!channel&gt; *x* [a](http://evil) @${ZWSP}everyone`;
    expect(slack.blocks[0].text.text).toBe(`*New question*: <${QUESTION_URL}|${label}>`);
    expect(slack.text).toBe(`New question: ${label}`);
    expect(slack.blocks[1].text.text).toBe(`>&gt; quoted &lt;@${ZWSP}U123&gt; &amp; more`);
    expect(JSON.stringify(slack)).not.toMatch(/<!channel>|@everyone/);
  });
});

describe('Discord', () => {
  it('sends content and an embed with title, url, description, author and tags', async () => {
    const { discord } = await bodies({ type: 'answer.created', answerUrl: `${QUESTION_URL}/10020000000000001` }, { bot_name: 'Answer bot' });
    expect(discord.username).toBe('Answer bot');
    expect(discord.content).toBe('**New answer**');
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.embeds).toEqual([
      {
        title: 'How do I read a file?',
        url: QUESTION_URL,
        description: `> I tried fs\\.readFile but it returns a Buffer\\.\n[View answer](${QUESTION_URL}/10020000000000001)`,
        author: { name: 'Ada', url: 'https://answers.example.com/users/ada' },
        fields: [{ name: 'Tags', value: 'node\\-js, fs', inline: true }],
      },
    ]);
  });

  it('escapes Markdown, links and mentions of a hostile title', async () => {
    const { discord } = await bodies({ questionTitle: HOSTILE_TITLE, excerpt: HOSTILE_TITLE, authorName: '@here' });
    const title = discord.embeds[0].title as string;
    expect(title).toBe(`\\<\\!channel\\> \\*x\\* \\[a\\]\\(http\\://evil\\) @${ZWSP}everyone`);
    expect(unescaped(title, '[]()<>*')).toEqual([]);
    // After the quote mark that starts the line, which is the plugin's own.
    expect(discord.embeds[0].description.startsWith('> ')).toBe(true);
    expect(unescaped(discord.embeds[0].description.slice(2), '[]()<>*')).toEqual([]);
    expect(discord.embeds[0].author.name).toBe(`@${ZWSP}here`);
    expect(JSON.stringify(discord)).not.toMatch(/@everyone|@here/);
  });

  it('keeps the escaped title within 256 characters without splitting an escape', async () => {
    const { discord } = await bodies({ questionTitle: '*'.repeat(150) });
    const title = discord.embeds[0].title as string;
    expect(title.length).toBeLessThanOrEqual(256);
    expect(title.endsWith('…')).toBe(true);
    expect(unescaped(title, '*')).toEqual([]);
  });

  it('leaves out a bot name Discord would refuse', async () => {
    const { discord, mattermost } = await bodies({}, { bot_name: 'Discord helper' });
    expect(discord).not.toHaveProperty('username');
    expect(mattermost.username).toBe('Discord helper');
  });
});

describe('Microsoft Teams', () => {
  it('sends an Adaptive Card in a message, with the title as a link and buttons', async () => {
    const { teams } = await bodies({ type: 'answer.accepted', answerUrl: `${QUESTION_URL}/10020000000000001` });
    expect(teams.type).toBe('message');
    expect(teams.attachments).toHaveLength(1);
    const { contentType, content: card } = teams.attachments[0];
    expect(contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    const runs = card.body.flatMap((block: Json) => block.inlines);
    expect(card.body.every((block: Json) => block.type === 'RichTextBlock')).toBe(true);
    expect(runs.map((run: Json) => run.text)).toEqual([
      'Answer accepted',
      'How do I read a file?',
      'I tried fs.readFile but it returns a Buffer.',
      'Author: Ada · Tags: node-js, fs',
    ]);
    expect(runs[1].selectAction).toEqual({ type: 'Action.OpenUrl', url: QUESTION_URL });
    expect(card.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'View question', url: QUESTION_URL },
      { type: 'Action.OpenUrl', title: 'View answer', url: `${QUESTION_URL}/10020000000000001` },
    ]);
  });

  it('puts a hostile title only in a text run, which Teams never reads as Markdown', async () => {
    const { teams } = await bodies({ questionTitle: `${HOSTILE_TITLE} {{DATE(2017-02-14T06:08:39Z, SHORT)}}` });
    const card = teams.attachments[0].content;
    expect(card.body[1].inlines[0].text).toBe(`<!channel> *x* [a](http://evil) @${ZWSP}everyone {${ZWSP}{DATE(2017-02-14T06:08:39Z, SHORT)}}`);
    expect(JSON.stringify(teams)).not.toContain('@everyone');
  });
});

describe('Mattermost', () => {
  it('sends Markdown text with the title linked', async () => {
    const { mattermost } = await bodies({}, { bot_name: 'Answer' });
    expect(mattermost).toEqual({
      text: [
        `**New question**: [How do I read a file?](${QUESTION_URL})`,
        'Author: [Ada](https://answers.example.com/users/ada) · Tags: node\\-js, fs',
        '> I tried fs\\.readFile but it returns a Buffer\\.',
      ].join('\n'),
      username: 'Answer',
    });
  });

  it('keeps a hostile title inside its link label', async () => {
    const { mattermost } = await bodies({ questionTitle: HOSTILE_TITLE, tags: ['@all', '#x'] });
    const first = (mattermost.text as string).split('\n')[0]!;
    expect(first).toBe(`**New question**: [\\<\\!channel\\> \\*x\\* \\[a\\]\\(http\\://evil\\) @${ZWSP}everyone](${QUESTION_URL})`);
    // Only the link's own brackets are left unescaped.
    expect(unescaped(first, '[]()')).toEqual(['[', ']', '(', ')']);
    expect(mattermost.text).toContain(`Tags: @${ZWSP}all, \\#x`);
    expect(mattermost).not.toHaveProperty('username');
  });
});

describe('URLs and lengths', () => {
  it('percent-encodes what would close a link, and drops non-http URLs', async () => {
    const { slack, mattermost } = await bodies({ questionUrl: 'https://answers.example.com/questions/1/a)b|c>d', authorUrl: 'javascript:alert(1)' });
    expect(slack.blocks[0].text.text).toBe('*New question*: <https://answers.example.com/questions/1/a%29b%7Cc%3Ed|How do I read a file?>');
    expect(slack.blocks[2].elements[0].text).toMatch(/^Author: Ada · /);
    expect(mattermost.text).toContain('(https://answers.example.com/questions/1/a%29b%7Cc%3Ed)');
    expect(mattermost.text).not.toContain('javascript');
  });

  it('shortens long excerpts and titles on whole characters, on one line', async () => {
    const family = '👨‍👩‍👧';
    const { slack } = await bodies({ questionTitle: family.repeat(400), excerpt: `line one\nline two ${'word '.repeat(200)}` });
    const excerpt = slack.blocks[1].text.text as string;
    expect(excerpt).toMatch(/^>line one line two word /);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(282);
    expect(slack.text).toBe(`New question: ${family.repeat(149)}…`);
  });
});
