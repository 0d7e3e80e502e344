import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useState } from 'react';
import { AI_KEYS, getAiStatus, getAskSummary } from '../../api/ai-chat';
import { PostHtml } from '../../components/PostHtml';
import { useTranslation } from '../../i18n/translator';
import { AiSources } from './AiSources';
import { SUMMARY_PAUSE_MS, readyForSummary, titleMuchChanged } from './ask-summary-rules';

function openBeside(event: MouseEvent) {
  const link = (event.target as Element).closest('a[href]');
  if (!link) return;
  event.preventDefault();
  window.open((link as HTMLAnchorElement).href, '_blank', 'noopener');
}

interface Asked {
  title: string;
  content: string;
  /** Bumped by Refresh: the same text asked again. */
  round: number;
}

/**
 * On the ask page: what the site already says about the question being typed, with its sources,
 * once the title and body say enough and the asker pauses. Asked once for a text; again on Refresh
 * or when the title becomes another question. Nothing when the site has nothing on it; a failure is
 * one quiet line, as the asker came to ask, not to read errors.
 */
export function AskSummary({ title, content }: { title: string; content: string }) {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: AI_KEYS.status, queryFn: ({ signal }) => getAiStatus(signal), staleTime: 60_000 });
  const allowed = status.data?.enabled === true && status.data.can_use && status.data.remaining_today !== 0;
  const [asked, setAsked] = useState<Asked | null>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!allowed || dismissed || !readyForSummary(title, content)) return;
    if (asked && !titleMuchChanged(asked.title, title)) return;
    const timer = setTimeout(() => setAsked({ title: title.trim(), content, round: 0 }), SUMMARY_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [allowed, dismissed, title, content, asked]);

  const summary = useQuery({
    queryKey: ['ai', 'ask-summary', asked],
    queryFn: ({ signal }) => getAskSummary({ title: asked!.title, content: asked!.content }, signal),
    enabled: asked !== null && !dismissed,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  if (!asked || dismissed) return null;
  if (summary.isPending) {
    return (
      <p className="small text-body-secondary d-flex align-items-center gap-2" role="status" data-testid="ask-summary-loading">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        {t('ai.summary.loading')}
      </p>
    );
  }
  if (summary.isError) {
    return (
      <p className="small text-body-secondary" data-testid="ask-summary-failed">
        {t('ai.summary.failed')}
      </p>
    );
  }
  if (!summary.data.grounded) return null;
  const refresh = () => setAsked({ title: title.trim(), content, round: asked.round + 1 });
  return (
    <section className="card small mb-3" aria-labelledby="ask-summary-title" data-testid="ask-summary">
      <div className="card-header d-flex justify-content-between align-items-center gap-2">
        <h2 id="ask-summary-title" className="h6 mb-0">
          {t('ai.summary.title')}
        </h2>
        <button type="button" className="btn-close" aria-label={t('ai.summary.dismiss')} onClick={() => setDismissed(true)} />
      </div>
      <div className="card-body">
        {/* Its [n] links open beside the form, which holds unsaved work (as its sources do). */}
        <div onClickCapture={openBeside}>
          <PostHtml html={summary.data.html} />
        </div>
        <AiSources citations={summary.data.citations} newTab />
        <button type="button" className="btn btn-sm btn-outline-secondary mt-3" onClick={refresh} disabled={summary.isFetching}>
          {t('ai.summary.refresh')}
        </button>
      </div>
    </section>
  );
}
