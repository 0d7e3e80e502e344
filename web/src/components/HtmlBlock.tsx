/**
 * HTML an administrator wrote (custom header, footer, sidebar) or the server already sanitised
 * (legal pages): trusted by design, so it is inserted as is.
 */
export function HtmlBlock({ html, className }: { html: string | undefined; className?: string }) {
  if (!html) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
