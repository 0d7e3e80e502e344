import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { useParams } from 'react-router';
import { type TagInfo, editTag, getTag } from '../../api/tags';
import { EditableGuard } from '../../app/EditableGuard';
import { deriveLoginState } from '../../app/login-state';
import { MarkdownField } from '../../components/editor/MarkdownField';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { tagPath } from '../../components/question-links';
import { RevisionPicker } from '../../components/RevisionPicker';
import type { RevisionContent } from '../../components/revision-snapshot';
import { slugOf } from '../../components/tag-input';
import { TextField } from '../../components/TextField';
import { useForm } from '../../hooks/useForm';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { showToast } from '../../state/notices';
import { useUser } from '../../state/user';
import { EditButtons } from '../posts/EditButtons';
import { EditSummary } from '../posts/EditSummary';
import { TAG_PROBLEM_VALUES, validateTagNames } from './tag-form';

/** /tags/:tagId/edit: asks the server whether the tag may be edited now (a pending suggestion blocks it), loads it, then its form. */
export function EditTag() {
  const { t } = useTranslation();
  usePageTitle(t('tags.edit'));
  const { tagId = '' } = useParams();
  return (
    <EditableGuard objectId={tagId}>
      <TagLoader id={tagId} />
    </EditableGuard>
  );
}

function TagLoader({ id }: { id: string }) {
  const tag = useQuery({ queryKey: ['tag', id], queryFn: ({ signal }) => getTag(id, signal), staleTime: 0 });
  if (!tag.data) return tag.isPending ? <PageLoading /> : null;
  return <EditTagForm key={tag.data.tag_id} tag={tag.data} />;
}

function EditTagForm({ tag }: { tag: TagInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const login = deriveLoginState(useUser());
  // The server refuses a new slug without the tag.edit_slug_name power, which only staff roles hold.
  const canEditSlug = login.isAdmin || login.isModerator;
  const initial = { display_name: tag.display_name, slug_name: tag.slug_name, original_text: tag.original_text, edit_summary: '' };
  const form = useForm(initial);
  const { values } = form;
  const dirty = (Object.keys(initial) as (keyof typeof initial)[]).some((key) => values[key] !== initial[key]);
  const { leave } = useUnsavedChangesPrompt(dirty);

  const loadRevision = (revision: RevisionContent) => {
    form.setValues((v) => ({
      ...v,
      display_name: revision.title,
      slug_name: canEditSlug && revision.slug_name ? revision.slug_name : v.slug_name,
      original_text: revision.body,
    }));
    form.setErrors({});
  };

  const submit = form.handleSubmit(async () => {
    const problems = validateTagNames(values);
    if (Object.keys(problems).length) {
      form.setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key, TAG_PROBLEM_VALUES)])));
      return;
    }
    const result = await editTag({
      tag_id: tag.tag_id,
      display_name: values.display_name.trim(),
      slug_name: values.slug_name.trim(),
      original_text: values.original_text,
      edit_summary: values.edit_summary.trim(),
    });
    if (result.wait_for_review) showToast(t('question.edit.review_notice'), 'info');
    else showToast(t('settings.update_success'), 'success');
    await queryClient.invalidateQueries({ queryKey: ['tag'] });
    // A suggestion changes nothing until approved, so the tag keeps its address meanwhile.
    leave(tagPath(result.wait_for_review ? tag.slug_name : slugOf(values.slug_name)));
  });

  return (
    <section>
      <h1 className="h4 mb-4">{t('tags.edit')}</h1>
      <RevisionPicker
        objectId={tag.tag_id}
        type="tag"
        current={{ title: values.display_name, body: values.original_text, tags: [], slug_name: values.slug_name }}
        onLoad={loadRevision}
      />
      <form noValidate onSubmit={submit} data-testid="edit-tag-form">
        <TextField label={t('tags.form.display_name')} {...form.field('display_name')} autoComplete="off" />
        <TextField
          label={t('tags.form.slug_name')}
          {...form.field('slug_name')}
          readOnly={!canEditSlug}
          help={canEditSlug ? t('tags.form.slug_name_help') : t('tags.form.slug_locked')}
          autoComplete="off"
        />
        <MarkdownField
          id="edit-tag-description"
          label={t('tags.form.description')}
          value={values.original_text}
          onChange={(value) => form.change('original_text', value)}
          error={form.errors.original_text}
          testId="edit-tag-description"
        />
        <EditSummary value={values.edit_summary} onChange={(value) => form.change('edit_summary', value)} error={form.errors.edit_summary} />
        <FormMessage message={form.message} />
        <EditButtons busy={form.busy} />
      </form>
    </section>
  );
}
