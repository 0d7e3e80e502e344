import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AI_KEYS, getAiConversation, getAiStatus } from '../../api/ai-chat';
import { aiEnabled } from '../../api/ai-enabled';
import { deriveLoginState } from '../../app/login-state';
import { rememberRedirect } from '../../app/redirect';
import { ROUTES } from '../../app/paths';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTranslation } from '../../i18n/translator';
import { useSiteInfo } from '../../state/site';
import { useUser } from '../../state/user';
import { AiAnswer } from './AiAnswer';
import { AskBox } from './AskBox';
import { turnsOf } from './answer-state';
import { ConversationList } from './ConversationList';
import { useAiChat } from './use-ai-chat';

/** Why the assistant cannot be used here, and what to do about it. */
function EmptyState({ title, text, children, testId }: { title: string; text: string; children?: ReactNode; testId: string }) {
  return (
    <div className="border rounded p-4 text-center" data-testid={testId}>
      <h2 className="h5">{title}</h2>
      <p className="text-body-secondary mb-0">{text}</p>
      {children}
    </div>
  );
}

/** The conversation: its questions and answers, then the box to ask the next. */
function Chat({ conversationId, remaining }: { conversationId: string | undefined; remaining: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const onCreated = useCallback((id: string) => navigate(`/ai/${id}`, { replace: true }), [navigate]);
  const chat = useAiChat(conversationId, onCreated, t('common.request_failed'));
  const { replace } = chat;
  const stored = useQuery({
    queryKey: AI_KEYS.conversation(conversationId ?? ''),
    queryFn: ({ signal }) => getAiConversation(conversationId!, signal),
    enabled: Boolean(conversationId) && !chat.isCreatedHere(conversationId),
    // Loaded once: a refetch would replace the answers this page holds (one may be streaming).
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (stored.data && stored.data.conversation_id === conversationId) replace(turnsOf(stored.data.records));
  }, [stored.data, conversationId, replace]);

  // /ai?q=…, the search page's link: asked at once, and once.
  const asked = useRef(false);
  const q = params.get('q')?.trim() ?? '';
  useEffect(() => {
    if (asked.current || !q || conversationId || remaining === 0) return;
    asked.current = true;
    void chat.ask(q);
  }, [q, conversationId, remaining, chat.ask]);

  const end = useRef<HTMLDivElement>(null);
  const count = chat.turns.length;
  useEffect(() => {
    if (count) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  return (
    <div data-testid="ai-chat">
      {stored.isError && (
        <div className="alert alert-warning" role="alert">
          {t('ai.load_failed')}
        </div>
      )}
      {conversationId && stored.isPending && !chat.isCreatedHere(conversationId) && <PageLoading />}
      <ol className="list-unstyled mb-0" aria-live="polite">
        {chat.turns.map((turn, i) => (
          <li key={turn.key} className="mb-3">
            {turn.question && (
              <div className="d-flex justify-content-end mb-2">
                <div className="bg-primary-subtle text-break rounded-3 px-3 py-2" style={{ whiteSpace: 'pre-wrap', maxWidth: '85%' }} data-testid="ai-question">
                  <span className="visually-hidden">{t('ai.you')}: </span>
                  {turn.question}
                </div>
              </div>
            )}
            <div className="card">
              <AiAnswer
                question={turn.question}
                answer={turn.answer}
                onChange={(change) => chat.patch(turn.key, (a) => ({ ...a, ...change }))}
                onRetry={i === count - 1 && turn.question && !chat.busy ? () => chat.ask(turn.question) : undefined}
              />
            </div>
          </li>
        ))}
      </ol>
      <div ref={end} />
      {remaining >= 0 && (
        <p className={`small mb-0 ${remaining === 0 ? 'text-danger' : 'text-body-secondary'}`} data-testid="ai-remaining">
          {t('ai.remaining', { count: remaining })}
        </p>
      )}
      <AskBox busy={chat.busy} disabled={remaining === 0} onAsk={chat.ask} onStop={chat.stop} />
    </div>
  );
}

/** /ai and /ai/:conversationId: ask the assistant, which answers from the site's posts with its sources. */
export function AiAssistant() {
  const { t } = useTranslation();
  usePageTitle(t('ai.title'));
  const { conversationId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const site = useSiteInfo();
  const login = deriveLoginState(useUser());
  const enabled = aiEnabled(site);
  const status = useQuery({ queryKey: AI_KEYS.status, queryFn: ({ signal }) => getAiStatus(signal), enabled: login.isLoggedIn && enabled });

  let content: ReactNode;
  if (!enabled) content = <EmptyState title={t('ai.off_title')} text={t('ai.off_text')} testId="ai-off" />;
  else if (!login.isLoggedIn)
    content = (
      <EmptyState title={t('ai.sign_in_title')} text={t('ai.sign_in_text')} testId="ai-sign-in">
        <Link to={ROUTES.login} className="btn btn-primary mt-3" onClick={() => rememberRedirect(location.pathname + location.search)}>
          {t('ai.sign_in')}
        </Link>
      </EmptyState>
    );
  else if (status.isError) content = <EmptyState title={t('ai.error_title')} text={t('ai.status_failed')} testId="ai-status-failed" />;
  else if (!status.data) content = <PageLoading />;
  else if (!status.data.enabled) content = <EmptyState title={t('ai.off_title')} text={t('ai.off_text')} testId="ai-off" />;
  else if (!status.data.can_use) content = <EmptyState title={t('ai.not_allowed_title')} text={t('ai.not_allowed_text')} testId="ai-not-allowed" />;
  else
    content = (
      <div className="row g-4">
        <div className="col-lg-4 col-xl-3">
          <ConversationList activeId={conversationId} onDeleted={(id) => id === conversationId && navigate('/ai')} />
        </div>
        <div className="col-lg-8 col-xl-9">
          <Chat conversationId={conversationId} remaining={status.data.remaining_today} />
        </div>
      </div>
    );

  return (
    <section aria-labelledby="ai-title">
      <h1 id="ai-title" className="h4 mb-1">
        {t('ai.title')}
      </h1>
      <p className="text-body-secondary mb-4">{t('ai.intro')}</p>
      {content}
    </section>
  );
}
