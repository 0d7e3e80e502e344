import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error';
import { voteAiAnswer } from '../../api/ai-chat';
import { PostHtml } from '../../components/PostHtml';
import { SvgIcon } from '../../components/icons/svg-icon';
import { useTranslation } from '../../i18n/translator';
import { showToast } from '../../state/notices';
import { AI_ICONS } from './ai-icons';
import { AiSources } from './AiSources';
import type { AnswerState, Vote } from './answer-state';
import { ReportDialog } from './ReportDialog';

/** The ask page with the question filled in (its title at most 150 characters, the limit of titles). */
export const askCommunityHref = (question: string) => {
  const text = question.trim();
  const title = text.length > 150 ? `${text.slice(0, 149)}…` : text;
  return `/questions/ask?${new URLSearchParams({ title, content: text })}`;
};

/** What the assistant is doing while no text flows yet. */
function Progress({ answer }: { answer: AnswerState }) {
  const { t } = useTranslation();
  const step = answer.step;
  const label = step ? t(`ai.${step.kind}`, { detail: step.detail }) : t('ai.thinking');
  return (
    <div className="d-flex align-items-center gap-2 text-body-secondary small" role="status" data-testid="ai-step">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      {label}
    </div>
  );
}

/** Helpful / not helpful (each a toggle), Report, Copy. */
function AnswerActions({ answer, onChange }: { answer: AnswerState; onChange: (change: Partial<AnswerState>) => void }) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const [copied, setCopied] = useState(false);
  const vote = async (type: 'helpful' | 'unhelpful') => {
    const before: Vote = answer.vote;
    const cancel = before === type;
    onChange({ vote: cancel ? null : type });
    try {
      await voteAiAnswer({ chat_completion_id: answer.id, vote_type: type, cancel });
    } catch (e) {
      onChange({ vote: before });
      showToast(isApiError(e) && e.msg ? e.msg : t('common.request_failed'));
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answer.text);
      setCopied(true);
    } catch {
      showToast(t('ai.copy_failed'));
    }
  };
  const button = 'btn btn-sm btn-outline-secondary d-inline-flex align-items-center gap-1';
  return (
    <div className="d-flex flex-wrap gap-2 mt-3" data-testid="ai-actions">
      <button type="button" className={button} aria-pressed={answer.vote === 'helpful'} onClick={() => vote('helpful')} title={t('ai.helpful')}>
        <SvgIcon shapes={answer.vote === 'helpful' ? AI_ICONS.thumbsUpFill : AI_ICONS.thumbsUp} />
        <span className="visually-hidden">{t('ai.helpful')}</span>
      </button>
      <button type="button" className={button} aria-pressed={answer.vote === 'unhelpful'} onClick={() => vote('unhelpful')} title={t('ai.unhelpful')}>
        <SvgIcon shapes={answer.vote === 'unhelpful' ? AI_ICONS.thumbsDownFill : AI_ICONS.thumbsDown} />
        <span className="visually-hidden">{t('ai.unhelpful')}</span>
      </button>
      <button type="button" className={button} disabled={answer.reported} onClick={() => setReporting(true)}>
        <SvgIcon shapes={AI_ICONS.flag} />
        {answer.reported ? t('ai.reported') : t('ai.report')}
      </button>
      {answer.text && answer.grounded && (
        <button type="button" className={button} onClick={copy}>
          <SvgIcon shapes={copied ? AI_ICONS.clipboardCheck : AI_ICONS.clipboard} />
          <span aria-live="polite">{copied ? t('ai.copied') : t('ai.copy')}</span>
        </button>
      )}
      {reporting && (
        <ReportDialog
          chatCompletionId={answer.id}
          onCancel={() => setReporting(false)}
          onDone={() => {
            setReporting(false);
            onChange({ reported: true });
            showToast(t('ai.report_sent'), 'success');
          }}
        />
      )}
    </div>
  );
}

/**
 * One answer: the plain text while it streams (after what the assistant is searching or reading),
 * then the server's sanitised HTML with its numbered sources; the honest notice when no post of the
 * site supports an answer; the server's message when it failed.
 */
export function AiAnswer({ question, answer, onChange, onRetry }: { question: string; answer: AnswerState; onChange: (change: Partial<AnswerState>) => void; onRetry?: () => void }) {
  const { t } = useTranslation();
  let body;
  if (answer.status === 'error') {
    body = (
      <div className="alert alert-danger mb-0" role="alert" data-testid="ai-error">
        <p className="fw-semibold mb-1">{t('ai.error_title')}</p>
        <p className="mb-2">{answer.error || t('common.request_failed')}</p>
        <p className="small mb-0">{t('ai.try_again_later')}</p>
        {onRetry && (
          <button type="button" className="btn btn-sm btn-outline-danger mt-2" onClick={onRetry}>
            {t('ai.retry')}
          </button>
        )}
      </div>
    );
  } else if (answer.status === 'streaming') {
    body = (
      <>
        {!answer.text && <Progress answer={answer} />}
        {answer.text && (
          <div className="text-break" style={{ whiteSpace: 'pre-wrap' }} data-testid="ai-streaming">
            {answer.text}
          </div>
        )}
      </>
    );
  } else if (answer.status === 'stopped') {
    body = (
      <>
        {answer.text && (
          <div className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
            {answer.text}
          </div>
        )}
        <p className="small text-body-secondary mb-0">{t('ai.stopped')}</p>
      </>
    );
  } else if (!answer.grounded) {
    body = (
      <div className="alert alert-secondary mb-0" data-testid="ai-not-grounded">
        <p className="fw-semibold mb-1">{t('ai.not_grounded')}</p>
        <p className="small mb-2">{t('ai.not_grounded_hint')}</p>
        {question && (
          <Link className="btn btn-sm btn-primary" to={askCommunityHref(question)}>
            {t('ai.ask_community')}
          </Link>
        )}
      </div>
    );
  } else {
    body = (
      <>
        {answer.html ? (
          <PostHtml html={answer.html} testId="ai-answer-html" />
        ) : (
          <div className="text-break" style={{ whiteSpace: 'pre-wrap' }} data-testid="ai-answer-html">
            {answer.text}
          </div>
        )}
        <AiSources citations={answer.citations} />
      </>
    );
  }
  return (
    <div className="card-body" aria-busy={answer.status === 'streaming'} aria-label={t('ai.answer_label')} role="region" data-testid="ai-answer">
      {body}
      {answer.status === 'done' && answer.id && <AnswerActions answer={answer} onChange={onChange} />}
    </div>
  );
}
