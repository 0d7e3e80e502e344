/**
 * One chat message in each platform's incoming-webhook format. User text arrives cleaned and
 * shortened (message.ts) and is escaped here, the last step, for the platform it goes to.
 */
import type { ChatMessage } from './message.js';
import { clampEscaped, escapeMarkdown, escapeSlack, escapeTeams } from './text.js';

export type Platform = 'slack' | 'discord' | 'teams' | 'mattermost';

export const PLATFORMS: readonly Platform[] = ['slack', 'discord', 'teams', 'mattermost'];

const SEPARATOR = ' · ';

/** A Slack link; the URL is already safe (no `|` or `>`), the label is escaped here. */
const slackLink = (url: string | null, label: string) => (url ? `<${url}|${escapeSlack(label)}>` : escapeSlack(label));

/**
 * Slack: `text` is what notifications and old clients show, `blocks` the message itself. Slack app
 * webhooks post under the app's name, so no `username`.
 */
export function slackBody(m: ChatMessage) {
  const meta: string[] = [];
  if (m.author) meta.push(`${escapeSlack(m.labels.author)}: ${slackLink(m.author.url, m.author.name)}`);
  if (m.tags.length) meta.push(`${escapeSlack(m.labels.tags)}: ${m.tags.map(escapeSlack).join(', ')}`);
  for (const link of m.links) meta.push(slackLink(link.url, link.label));
  return {
    text: `${escapeSlack(m.heading)}: ${escapeSlack(m.title)}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${escapeSlack(m.heading)}*: ${slackLink(m.url, m.title)}` } },
      // The quote mark is ours: a `>` in the excerpt itself is escaped and quotes nothing.
      ...(m.excerpt ? [{ type: 'section', text: { type: 'mrkdwn', text: `>${escapeSlack(m.excerpt)}` } }] : []),
      ...(meta.length ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: meta.join(SEPARATOR) }] }] : []),
    ],
  };
}

/** A Markdown link (Discord, Mattermost); the URL is already safe (no `(`, `)` or spaces). */
const mdLink = (url: string | null, label: string) => (url ? `[${escapeMarkdown(label)}](${url})` : escapeMarkdown(label));

// Discord's limits on embeds, counted after escaping.
const DISCORD_TITLE_MAX = 256;
const DISCORD_FIELD_MAX = 1024;

/**
 * Discord names a webhook refuses (400 for every retry): anything with "discord" or "clyde", or
 * longer than 80. Such a name is left out, so the message still goes under the webhook's own name.
 */
export function discordAcceptsName(name: string): boolean {
  return name.length > 0 && name.length <= 80 && !/discord|clyde/i.test(name);
}

/**
 * Discord: a short `content` line and one embed (title linked to the question). `allowed_mentions`
 * with nothing to parse is Discord's own guarantee that no one is pinged, whatever the text says.
 */
export function discordBody(m: ChatMessage, botName: string) {
  const description: string[] = [];
  if (m.excerpt) description.push(`> ${escapeMarkdown(m.excerpt)}`);
  if (m.links.length) description.push(m.links.map((link) => mdLink(link.url, link.label)).join(SEPARATOR));
  const embed = {
    title: clampEscaped(m.title, escapeMarkdown, DISCORD_TITLE_MAX),
    ...(m.url && { url: m.url }),
    ...(description.length > 0 && { description: description.join('\n') }),
    // An embed's author name is plain text (no Markdown), so it needs no escaping.
    ...(m.author && { author: { name: m.author.name, ...(m.author.url && { url: m.author.url }) } }),
    ...(m.tags.length > 0 && { fields: [{ name: m.labels.tags, value: clampEscaped(m.tags.join(', '), escapeMarkdown, DISCORD_FIELD_MAX), inline: true }] }),
  };
  return {
    ...(discordAcceptsName(botName) && { username: botName }),
    content: `**${escapeMarkdown(m.heading)}**`,
    embeds: [embed],
    allowed_mentions: { parse: [] as string[] },
  };
}

/** A text run of a Teams card: never read as Markdown, so a title cannot make a link of itself. */
const teamsRun = (text: string, style: Record<string, unknown> = {}) => ({ type: 'TextRun', text: escapeTeams(text), ...style });
const teamsBlock = (...inlines: ReturnType<typeof teamsRun>[]) => ({ type: 'RichTextBlock', inlines });

/**
 * Teams: an Adaptive Card in a message, the form both Teams workflow webhooks ("when a webhook
 * request is received") and the older incoming webhooks accept. User text goes only in
 * RichTextBlock text runs, which Teams shows as typed; links are the title's action and buttons.
 */
export function teamsBody(m: ChatMessage) {
  const open = m.url ? { type: 'Action.OpenUrl', url: m.url } : undefined;
  const meta: string[] = [];
  if (m.author) meta.push(`${m.labels.author}: ${m.author.name}`);
  if (m.tags.length) meta.push(`${m.labels.tags}: ${m.tags.join(', ')}`);
  const actions = [...(m.url && m.openLabel ? [{ label: m.openLabel, url: m.url }] : []), ...m.links];
  const card = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    // 1.4 is the newest version every Teams client and the workflow webhooks render.
    version: '1.4',
    body: [
      teamsBlock(teamsRun(m.heading, { weight: 'Bolder', isSubtle: true })),
      teamsBlock(teamsRun(m.title, { size: 'Medium', weight: 'Bolder', ...(open && { color: 'Accent', selectAction: open }) })),
      ...(m.excerpt ? [teamsBlock(teamsRun(m.excerpt))] : []),
      ...(meta.length ? [teamsBlock(teamsRun(meta.join(SEPARATOR), { isSubtle: true }))] : []),
    ],
    ...(actions.length > 0 && { actions: actions.map((link) => ({ type: 'Action.OpenUrl', title: link.label, url: link.url })) }),
  };
  return {
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
  };
}

/**
 * Mattermost: Markdown `text`. `username` is used only where the server lets integrations
 * override names, and ignored elsewhere.
 */
export function mattermostBody(m: ChatMessage, botName: string) {
  const lines = [`**${escapeMarkdown(m.heading)}**: ${mdLink(m.url, m.title)}`];
  const meta: string[] = [];
  if (m.author) meta.push(`${escapeMarkdown(m.labels.author)}: ${mdLink(m.author.url, m.author.name)}`);
  if (m.tags.length) meta.push(`${escapeMarkdown(m.labels.tags)}: ${m.tags.map(escapeMarkdown).join(', ')}`);
  if (meta.length) lines.push(meta.join(SEPARATOR));
  if (m.links.length) lines.push(m.links.map((link) => mdLink(link.url, link.label)).join(SEPARATOR));
  // Last: a Markdown quote runs on into the lines that follow it.
  if (m.excerpt) lines.push(`> ${escapeMarkdown(m.excerpt)}`);
  return { text: lines.join('\n'), ...(botName && { username: botName }) };
}

/** The body for one platform. */
export function bodyFor(platform: Platform, m: ChatMessage, botName: string): unknown {
  switch (platform) {
    case 'slack':
      return slackBody(m);
    case 'discord':
      return discordBody(m, botName);
    case 'teams':
      return teamsBody(m);
    case 'mattermost':
      return mattermostBody(m, botName);
  }
}
