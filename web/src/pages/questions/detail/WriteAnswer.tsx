import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/translator';
import { Link, useLocation } from 'react-router';
import { fieldErrorsOf } from '../../../api/api-error';
import { postAnswer } from '../../../api/answers';
import type { QuestionInfo } from '../../../api/questions';
import { QUESTION_STATUS } from '../../../api/questions';
import { deriveLoginState } from '../../../app/login-state';
import { ROUTES } from '../../../app/paths';
import { rememberRedirect } from '../../../app/redirect';
import { MarkdownEditor } from '../../../components/editor/LazyMarkdownEditor';
import { editAnswerPath } from '../../../components/question-links';
import { useUnsavedChangesPrompt } from '../../../hooks/useUnsavedChangesPrompt';
import { useSiteInfo } from '../../../state/site';
import { useUser } from '../../../state/user';
import { DRAFT_KEYS } from '../drafts';
import { PROBLEM_VALUES, validateAnswer } from '../question-form';
import { useDraft } from '../useDraft';
import type { AnswerDraft } from './answer-draft';

/**
 * "Your answer" under a question. Visitors are offered to log in; a viewer who already answered
 * (when the site allows one answer per user) gets a link to edit that answer instead. A closed
 * question shows the form only where the site lets closed questions take answers.
 */
export function WriteAnswer({ question: q }: { question: QuestionInfo }) {
  const { t } = useTranslation();
  const login = deriveLoginState(useUser());
  const site = useSiteInfo();
  const restrict = site?.site_write.restrict_answer ?? true;
  const answerClosed = site?.site_question.allow_answer_closed ?? false;
  const { pathname } = useLocation();

  if ((q.status === QUESTION_STATUS.closed && !answerClosed) || q.status === QUESTION_STATUS.deleted) return null;
  if (!login.isLoggedIn) {
    return (
      <p className="mt-4 text-body-secondary">
        <Link to={ROUTES.login} onClick={() => rememberRedirect(pathname)}>
          {t('question.answer_form.login_to_answer')}
        </Link>
      </p>
    );
  }
  if (q.answered && restrict) {
    return (
      <p className="mt-4" data-testid="already-answered">
        {t('question.answer_form.already_answered')} <Link to={editAnswerPath(q.id, q.first_answer_id)}>{t('question.answer_form.edit_yours')}</Link>
      </p>
    );
  }
  if (!login.isActivated) return <p className="mt-4 text-body-secondary">{t('question.answer_form.activate_first')}</p>;
  return <AnswerForm questionId={q.id} />;
}

function AnswerForm({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const draft = useDraft<AnswerDraft>(DRAFT_KEYS.answer);
  const [content, setContent] = useState(() => {
    const saved = draft.load();
    return saved?.questionId === questionId ? saved.content : '';
  });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Only the user's changes are saved: not what was just restored (effects may run twice on mount).
  const changed = useRef(false);

  useUnsavedChangesPrompt(Boolean(content.trim()));

  useEffect(() => {
    if (!changed.current) return;
    if (content.trim()) draft.save({ questionId, content });
    else draft.discard();
  }, [content, questionId, draft]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateAnswer(content);
    setError(problem ? t(problem, PROBLEM_VALUES) : '');
    if (problem) return;
    setBusy(true);
    try {
      await postAnswer(questionId, content);
      draft.remove();
      setContent('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['answers', questionId] }),
        queryClient.invalidateQueries({ queryKey: ['question'] }),
        queryClient.invalidateQueries({ queryKey: ['questions'] }),
      ]);
    } catch (e) {
      setError(Object.values(fieldErrorsOf(e)).join(' '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="mt-5" aria-labelledby="write-answer-title" data-testid="answer-form">
      <h2 id="write-answer-title" className="h5 mb-3">
        {t('question.form.your_answer')}
      </h2>
      <MarkdownEditor
        value={content}
        onChange={(v) => {
          changed.current = true;
          setContent(v);
          setError('');
        }}
        labelledBy="write-answer-title"
        describedBy={error ? 'write-answer-error' : undefined}
        invalid={Boolean(error)}
        testId="answer-body"
      />
      {error && (
        <div id="write-answer-error" className="invalid-feedback d-block">
          {error}
        </div>
      )}
      <button type="submit" className="btn btn-primary mt-3" disabled={busy}>
        {t('question.answer_form.submit')}
      </button>
    </form>
  );
}
