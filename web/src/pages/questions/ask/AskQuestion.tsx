import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, Suspense, lazy, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/translator';
import { fieldErrorsOf } from '../../../api/api-error';
import { aiEnabled } from '../../../api/ai-enabled';
import { askQuestion, askQuestionWithAnswer } from '../../../api/questions';
import { MarkdownField } from '../../../components/editor/MarkdownField';
import { questionPath } from '../../../components/question-links';
import { tagsForRequest } from '../../../components/tag-input';
import { TagSelector } from '../../../components/TagSelector';
import { TextField } from '../../../components/TextField';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { useUnsavedChangesPrompt } from '../../../hooks/useUnsavedChangesPrompt';
import { useSiteInfo } from '../../../state/site';
import { DRAFT_KEYS } from '../drafts';
import { type FieldProblems, questionProblemValues, questionRules, serverFieldErrors, validateAnswer, validateQuestion } from '../question-form';
import { useDraft } from '../useDraft';
import { EMPTY_DRAFT, type QuestionDraft, isEmptyDraft } from './ask-draft';
import { SimilarQuestions } from './SimilarQuestions';

// What the site already says about the question (the assistant): its own chunk, loaded only when the assistant is on.
const AskSummary = lazy(() => import('../../ai/ask-summary').then(async (module) => {
  await module.ready();
  return { default: module.AskSummary };
}));

/** `?title=&content=` (the assistant's "Ask the community"): the question filled in, unless a draft is waiting. */
function prefilled(params: URLSearchParams): Partial<QuestionDraft> {
  const title = params.get('title') ?? '';
  const content = params.get('content') ?? '';
  return { ...(title && { title }), ...(content && { content }) };
}

/** /questions/ask: a new question, optionally with the asker's own answer; kept as a draft meanwhile. */
export function AskQuestion() {
  const { t } = useTranslation();
  usePageTitle(t('questions.ask'));
  const queryClient = useQueryClient();
  const site = useSiteInfo();
  const permalink = site?.site_seo.permalink;
  const rules = questionRules(site);
  const draft = useDraft<QuestionDraft>(DRAFT_KEYS.question);
  const [params] = useSearchParams();
  const [restored] = useState(() => draft.load());
  const [form, setForm] = useState<QuestionDraft>(() => ({ ...EMPTY_DRAFT, ...(restored && !isEmptyDraft(restored) ? restored : prefilled(params)) }));
  const [answerOwn, setAnswerOwn] = useState(Boolean(restored?.answer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Only the user's changes are saved: not what was just restored (effects may run twice on mount).
  const changed = useRef(false);

  const { leave } = useUnsavedChangesPrompt(!isEmptyDraft(form));

  useEffect(() => {
    if (!changed.current) return;
    if (isEmptyDraft(form)) draft.discard();
    else draft.save(form);
  }, [form, draft]);

  const set = <K extends keyof QuestionDraft>(key: K) => (value: QuestionDraft[K]) => {
    changed.current = true;
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key === 'answer' ? 'answer_content' : key]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: FieldProblems = validateQuestion(form, rules);
    if (answerOwn) problems.answer_content = validateAnswer(form.answer);
    const values = questionProblemValues(rules);
    const shown = Object.fromEntries(Object.entries(problems).flatMap(([k, v]) => (v ? [[k, t(v, values[v])]] : [])));
    setErrors(shown);
    if (Object.keys(shown).length) return;

    setBusy(true);
    try {
      const body = { title: form.title.trim(), content: form.content, tags: tagsForRequest(form.tags) };
      const question = answerOwn ? await askQuestionWithAnswer({ ...body, answer_content: form.answer }) : await askQuestion(body);
      draft.remove();
      await queryClient.invalidateQueries({ queryKey: ['questions'] });
      leave(questionPath(permalink, question));
    } catch (e) {
      setErrors(serverFieldErrors(fieldErrorsOf(e), ['title', 'content', 'tags', 'answer_content']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="row g-4">
      <div className="col-xl-9">
        <h1 className="h4 mb-4">{t('questions.ask')}</h1>
        {restored && !isEmptyDraft(restored) && (
          <Alert variant="info" className="py-2 small">
            {t('question.form.draft_restored')}
          </Alert>
        )}
        <Form noValidate onSubmit={submit} data-testid="ask-form">
          <TextField
            name="title"
            label={t('question.form.title')}
            help={t('question.form.title_help')}
            value={form.title}
            onChange={set('title')}
            error={errors.title}
            autoComplete="off"
          />
          <SimilarQuestions title={form.title} />
          <MarkdownField id="ask-body" label={t('question.form.body')} value={form.content} onChange={set('content')} error={errors.content} testId="ask-body" />
          <TagSelector label={t('question.form.tags')} value={form.tags} onChange={set('tags')} error={errors.tags} max={rules.max_tags} />
          <Form.Check
            id="ask-answer-own"
            className="mb-3"
            label={t('question.form.answer_own')}
            checked={answerOwn}
            onChange={(e) => setAnswerOwn(e.target.checked)}
          />
          {answerOwn && (
            <MarkdownField
              id="ask-answer"
              label={t('question.form.your_answer')}
              value={form.answer}
              onChange={set('answer')}
              error={errors.answer_content}
              testId="ask-answer"
            />
          )}
          {errors.form && (
            <Alert variant="danger" className="small">
              {errors.form}
            </Alert>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {answerOwn ? t('question.form.post_both') : t('question.form.post_question')}
          </button>
        </Form>
      </div>
      <aside className="col-xl-3">
        {aiEnabled(site) && (
          <Suspense fallback={null}>
            <AskSummary title={form.title} content={form.content} />
          </Suspense>
        )}
        <section className="card small">
          <h2 className="card-header h6 mb-0">{t('question.form.tips_title')}</h2>
          <ul className="card-body mb-0 ps-4">
            <li>{t('question.form.tip_title')}</li>
            <li>{t('question.form.tip_body')}</li>
            <li>{t('question.form.tip_tags')}</li>
          </ul>
        </section>
      </aside>
    </section>
  );
}
