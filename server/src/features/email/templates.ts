import { t } from '../../core/i18n.js';
import type { Mail } from '../../core/mailer.js';

/**
 * E-mails are built from the receiver's language bundle: `email_tpl.<name>.title` and `.body`
 * (plain text with {{Variables}}; paragraphs separated by blank lines). The HTML part is the same
 * text, escaped, with the link variables (`Link`, `*Url`) as anchors.
 */
export type Template =
  | 'register'
  | 'connector_binding'
  | 'pass_reset'
  | 'change_email'
  | 'test'
  | 'unsubscribe_done'
  | 'new_answer'
  | 'new_comment'
  | 'invited_you_to_answer'
  | 'new_question'
  | 'webhook_disabled';

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Turns the given (already escaped) URLs inside escaped text into anchors, longest first, once each spot. */
export function linkify(escapedText: string, urls: string[]): string {
  const wanted = [...new Set(urls.filter(Boolean).map(escapeHtml))].sort((a, b) => b.length - a.length);
  if (!wanted.length) return escapedText;
  return escapedText.replace(new RegExp(wanted.map(escapeRegExp).join('|'), 'g'), (u) => `<a href="${u}">${u}</a>`);
}

export const htmlPage = (inner: string) =>
  `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${inner}</body></html>`;

export function renderMail(lang: string, template: Template, to: string, vars: Record<string, string>): Mail {
  const subject = t(lang, `email_tpl.${template}.title`, vars);
  const text = t(lang, `email_tpl.${template}.body`, vars);
  // Only the site's own links become anchors: user text (titles, summaries) stays plain.
  const links = Object.entries(vars)
    .filter(([name]) => name === 'Link' || name.endsWith('Url'))
    .map(([, value]) => value);
  const paragraphs = text.split(/\n{2,}/).map((p) => linkify(escapeHtml(p.trim()), links).replace(/\n/g, '<br>'));
  return { to, subject, text, html: htmlPage(paragraphs.map((p) => `<p>${p}</p>`).join('')) };
}
