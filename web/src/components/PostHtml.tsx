import { useRef } from 'react';
import { usePluginRenderers } from '../plugins/usePluginRenderers';
import './post-html.css';

/**
 * A post's or comment's HTML as the server rendered it from Markdown and sanitised it (`html`,
 * `parsed_text`, the preview). Nothing else may go through here: titles, names and excerpts are
 * plain text and rendered as such. Plugins' renderers (maths, diagrams...) run over it once it is
 * in the page.
 */
export function PostHtml({ html, className = '', testId }: { html: string; className?: string; testId?: string }) {
  const body = useRef<HTMLDivElement>(null);
  usePluginRenderers(body, html);
  return <div ref={body} className={`post-html ${className}`} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
