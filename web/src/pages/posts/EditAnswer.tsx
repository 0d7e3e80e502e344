import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { Link, useParams } from 'react-router';
import { fieldErrorsOf } from '../../api/api-error';
import { type AnswerInfo, editAnswer, getAnswer } from '../../api/answers';
import type { QuestionInfo } from '../../api/questions';
import { MarkdownField } from '../../components/editor/MarkdownField';
import { PageLoading } from '../../components/PageLoading';
import { PostHtml } from '../../components/PostHtml';
import { questionPath } from '../../components/question-links';
import { RevisionPicker } from '../../components/RevisionPicker';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { showToast } from '../../state/notices';
import { useSiteInfo } from '../../state/site';
import { PROBLEM_VALUES, validateAnswer } from '../questions/question-form';
import { EditButtons } from './EditButtons';
import { EditSummary } from './EditSummary';

/** /posts/:qid/:aid/edit (behind the editable check): loads the answer and its question, then the form. */
export function EditAnswer() {
  const { t } = useTranslation();
  usePageTitle(t('questions.edit_answer'));
  const { aid = '' } = useParams();
  const answer = useQuery({ queryKey: ['answer', aid], queryFn: ({ signal }) => getAnswer(aid, signal), staleTime: 0 });
  if (!answer.data) return answer.isPending ? <PageLoading /> : null;
  return <EditAnswerForm key={answer.data.info.id} answer={answer.data.info} question={answer.data.question} />;
}

function EditAnswerForm({ answer: a, question: q }: { answer: AnswerInfo; question: QuestionInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const permalink = useSiteInfo()?.site_seo.permalink;
  const [content, setContent] = useState(a.content);
  const [summary, setSummary] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const { leave } = useUnsavedChangesPrompt(content !== a.content || Boolean(summary));

  const changeContent = (value: string) => {
    setContent(value);
    setError('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateAnswer(content);
    setError(problem ? t(problem, PROBLEM_VALUES) : '');
    if (problem) return;
    setBusy(true);
    try {
      const result = await editAnswer({ id: a.id, question_id: q.id, content, edit_summary: summary.trim() });
      if (result.wait_for_review) showToast(t('question.edit.review_notice'), 'info');
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['answers', q.id] }), queryClient.invalidateQueries({ queryKey: ['question'] })]);
      leave(questionPath(permalink, q, a.id));
    } catch (e) {
      setError(Object.values(fieldErrorsOf(e)).join(' '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <h1 className="h4 mb-3">{t('questions.edit_answer')}</h1>
      <details className="mb-4 border rounded p-3">
        <summary className="fw-semibold">{q.title}</summary>
        <PostHtml html={q.html} className="my-3" />
        <Link to={questionPath(permalink, q)} className="small">
          {t('question.edit.view_question')}
        </Link>
      </details>
      <RevisionPicker
        objectId={a.id}
        type="answer"
        current={{ title: '', body: content, tags: [], slug_name: '' }}
        onLoad={(revision) => changeContent(revision.body)}
      />
      <form noValidate onSubmit={submit} data-testid="edit-answer-form">
        <MarkdownField
          id="edit-answer"
          label={t('question.form.your_answer')}
          value={content}
          onChange={changeContent}
          error={error}
          testId="edit-answer-body"
        />
        <EditSummary value={summary} onChange={setSummary} />
        <EditButtons busy={busy} />
      </form>
    </section>
  );
}
