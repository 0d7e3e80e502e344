import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { useParams } from 'react-router';
import { fieldErrorsOf } from '../../api/api-error';
import { type QuestionInfo, editQuestion, getQuestion } from '../../api/questions';
import { MarkdownField } from '../../components/editor/MarkdownField';
import { PageLoading } from '../../components/PageLoading';
import { questionPath } from '../../components/question-links';
import { RevisionPicker } from '../../components/RevisionPicker';
import { type RevisionContent, withKnownNames } from '../../components/revision-snapshot';
import { type ChosenTag, tagsForRequest } from '../../components/tag-input';
import { TagSelector } from '../../components/TagSelector';
import { TextField } from '../../components/TextField';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { showToast } from '../../state/notices';
import { useSiteInfo } from '../../state/site';
import { SimilarQuestions } from '../questions/ask/SimilarQuestions';
import { questionProblemValues, questionRules, serverFieldErrors, validateQuestion } from '../questions/question-form';
import { EditButtons } from './EditButtons';
import { EditSummary } from './EditSummary';

/** /posts/:qid/edit: loads the question, then its form. */
export function EditQuestion() {
  const { t } = useTranslation();
  usePageTitle(t('questions.edit'));
  const { qid = '' } = useParams();
  const question = useQuery({ queryKey: ['question', qid], queryFn: ({ signal }) => getQuestion(qid, signal), staleTime: 0 });
  if (!question.data) return question.isPending ? <PageLoading /> : null;
  return <EditQuestionForm key={question.data.id} question={question.data} />;
}

const sameTags = (a: ChosenTag[], b: ChosenTag[]) => a.map((x) => x.slug_name).join() === b.map((x) => x.slug_name).join();

function EditQuestionForm({ question: q }: { question: QuestionInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const site = useSiteInfo();
  const permalink = site?.site_seo.permalink;
  const rules = questionRules(site);
  const initialTags = q.tags.map((tag) => ({ slug_name: tag.slug_name, display_name: tag.display_name }));
  const [title, setTitle] = useState(q.title);
  const [content, setContent] = useState(q.content);
  const [tags, setTags] = useState<ChosenTag[]>(initialTags);
  const [summary, setSummary] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const dirty = title !== q.title || content !== q.content || !sameTags(tags, initialTags) || Boolean(summary);
  const { leave } = useUnsavedChangesPrompt(dirty);

  const loadRevision = (revision: RevisionContent) => {
    setTitle(revision.title);
    setContent(revision.body);
    setTags(withKnownNames(revision.tags, initialTags));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateQuestion({ title, content, tags }, rules);
    const values = questionProblemValues(rules);
    const shown = Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, t(v, values[v])]));
    setErrors(shown);
    if (Object.keys(shown).length) return;
    setBusy(true);
    try {
      const result = await editQuestion({ id: q.id, title: title.trim(), content, tags: tagsForRequest(tags), edit_summary: summary.trim() });
      if (result.wait_for_review) showToast(t('question.edit.review_notice'), 'info');
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['question'] }), queryClient.invalidateQueries({ queryKey: ['questions'] })]);
      leave(questionPath(permalink, { id: q.id, url_title: result.url_title || q.url_title }));
    } catch (e) {
      setErrors(serverFieldErrors(fieldErrorsOf(e), ['title', 'content', 'tags']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <h1 className="h4 mb-4">{t('questions.edit')}</h1>
      <RevisionPicker objectId={q.id} type="question" current={{ title, body: content, tags, slug_name: '' }} onLoad={loadRevision} />
      <Form noValidate onSubmit={submit} data-testid="edit-question-form">
        <TextField name="title" label={t('question.form.title')} value={title} onChange={setTitle} error={errors.title} autoComplete="off" />
        {/* Only a changed title may now resemble other questions. */}
        <SimilarQuestions title={title === q.title ? '' : title} excludeId={q.id} />
        <MarkdownField id="edit-body" label={t('question.form.body')} value={content} onChange={setContent} error={errors.content} testId="edit-body" />
        <TagSelector label={t('question.form.tags')} value={tags} onChange={setTags} error={errors.tags} max={rules.max_tags} />
        <EditSummary value={summary} onChange={setSummary} />
        {errors.form && (
          <Alert variant="danger" className="small">
            {errors.form}
          </Alert>
        )}
        <EditButtons busy={busy} />
      </Form>
    </section>
  );
}
