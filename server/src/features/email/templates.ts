import { t } from '../../core/i18n.js';
import type { Mail } from '../../core/mailer.js';

/**
 * E-mails are built from the receiver's language bundle: `email_tpl.<name>.title` and `.body`
 * (plain text with {{Variables}}; paragraphs separated by blank lines). The HTML part is the same
 * text, escaped, with the action link as a button-like anchor.
 */
export type Template = 'register' | 'pass_reset' | 'change_email' | 'test' | 'unsubscribe_done';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function renderMail(lang: string, template: Template, to: string, vars: Record<string, string>): Mail {
  const subject = t(lang, `email_tpl.${template}.title`, vars);
  const text = t(lang, `email_tpl.${template}.body`, vars);
  const link = vars.Link;
  const paragraphs = text.split(/\n{2,}/).map((p) => {
    const safe = escapeHtml(p.trim()).replace(/\n/g, '<br>');
    return link ? safe.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`) : safe;
  });
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
  return { to, subject, text, html };
}
