import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { renderMarkdown } from '../../api/editor';
import { PostHtml } from '../PostHtml';

/** Waiting this long after the last keystroke keeps the preview live without a call per key. */
export const PREVIEW_DEBOUNCE_MS = 500;

/** The server's rendering of what is being written, refreshed shortly after typing stops. */
export function Preview({ content }: { content: string }) {
  const { t } = useTranslation();
  const [html, setHtml] = useState('');

  useEffect(() => {
    if (!content.trim()) {
      setHtml('');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      renderMarkdown(content, controller.signal)
        .then((rendered) => setHtml(rendered ?? ''))
        .catch(() => undefined);
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [content]);

  if (!html) return null;
  return (
    <section aria-label={t('editor.preview')} className="border-top p-3">
      <div className="small text-body-secondary mb-2">{t('editor.preview')}</div>
      <PostHtml html={html} testId="editor-preview" />
    </section>
  );
}
