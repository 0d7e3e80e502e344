/**
 * What a chat message says, before any platform's format: user text cleaned and shortened (not yet
 * escaped: each format escapes for itself), URLs checked, and the plugin's own labels.
 */
import type { SiteEvent } from '@answer/plugin-sdk';
import type { Labels } from './labels.js';
import { safeUrl, userText } from './text.js';

// Short on purpose: a chat message points at the post, it does not replace it.
const TITLE_MAX = 150;
const EXCERPT_MAX = 280;
const NAME_MAX = 80;
const TAG_MAX = 40;
const TAGS_SHOWN = 5;

export interface ChatLink {
  /** The plugin's own label (trusted). */
  label: string;
  url: string;
}

export interface ChatMessage {
  /** The plugin's own words, e.g. "New question" (trusted). */
  heading: string;
  title: string;
  /** The question's URL, null when it is not a usable http(s) URL. */
  url: string | null;
  author: { name: string; url: string | null } | null;
  tags: string[];
  excerpt: string;
  /** Links after the main one, e.g. the answer. */
  links: ChatLink[];
  /** The label of a button to the main URL, for formats whose links are buttons (Teams); null: none. */
  openLabel: string | null;
  labels: Pick<Labels, 'author' | 'tags'>;
}

/** The message for a site event. */
export function eventMessage(event: SiteEvent, labels: Labels): ChatMessage {
  const url = safeUrl(event.questionUrl);
  const answerUrl = event.type === 'question.created' ? null : safeUrl(event.answerUrl);
  const name = userText(event.authorName, NAME_MAX);
  return {
    heading: labels.kinds[event.type],
    // A title the user emptied out (only spaces or controls) still needs something to click.
    title: userText(event.questionTitle, TITLE_MAX) || url || labels.kinds[event.type],
    url,
    author: name ? { name, url: safeUrl(event.authorUrl) } : null,
    tags: (Array.isArray(event.tags) ? event.tags : [])
      .slice(0, TAGS_SHOWN)
      .map((tag) => userText(tag, TAG_MAX))
      .filter(Boolean),
    excerpt: userText(event.excerpt, EXCERPT_MAX),
    links: answerUrl ? [{ label: labels.viewAnswer, url: answerUrl }] : [],
    openLabel: labels.viewQuestion,
    labels,
  };
}

/** The message the config form's test button sends: the site's name, linked to the site. */
export function testMessage(siteName: string, siteUrl: string, labels: Labels): ChatMessage {
  const url = safeUrl(siteUrl);
  return {
    heading: labels.testHeading,
    title: userText(siteName, TITLE_MAX) || url || labels.testHeading,
    url,
    author: null,
    tags: [],
    excerpt: labels.testBody,
    links: [],
    openLabel: null,
    labels,
  };
}
