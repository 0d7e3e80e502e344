import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { createTag } from '../../api/tags';
import { MarkdownField } from '../../components/editor/MarkdownField';
import { FormMessage } from '../../components/FormMessage';
import { tagPath } from '../../components/question-links';
import { slugOf } from '../../components/tag-input';
import { TextField } from '../../components/TextField';
import { useForm } from '../../hooks/useForm';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { showToast } from '../../state/notices';
import { TAG_PROBLEM_VALUES, validateTagNames } from './tag-form';

/** /tags/create (staff): name, slug (follows the name until typed in) and description; the server's field errors land on the fields. */
export function CreateTag() {
  const { t } = useTranslation();
  usePageTitle(t('tags.create'));
  const queryClient = useQueryClient();
  const form = useForm({ display_name: '', slug_name: '', original_text: '' });
  const { values } = form;
  const [slugTyped, setSlugTyped] = useState(false);
  const { leave } = useUnsavedChangesPrompt(form.dirty);

  const submit = form.handleSubmit(async () => {
    const problems: Record<string, string> = Object.fromEntries(
      Object.entries(validateTagNames(values)).map(([field, key]) => [field, t(key, TAG_PROBLEM_VALUES)]),
    );
    // The server needs a description for a tag created here (domain.md 7.2).
    if (!values.original_text.trim()) problems.original_text = t('tags.form.description_empty');
    if (Object.keys(problems).length) {
      form.setErrors(problems);
      return;
    }
    const created = await createTag({
      display_name: values.display_name.trim(),
      slug_name: slugOf(values.slug_name),
      original_text: values.original_text,
    });
    showToast(t('tags.created_notice'), 'success');
    await queryClient.invalidateQueries({ queryKey: ['tags'] });
    leave(tagPath(created?.slug_name || slugOf(values.slug_name)));
  });

  return (
    <section>
      <h1 className="h4 mb-4">{t('tags.create')}</h1>
      <form noValidate onSubmit={submit} data-testid="create-tag-form">
        <TextField
          label={t('tags.form.display_name')}
          {...form.field('display_name')}
          onChange={(value) => {
            form.change('display_name', value);
            if (!slugTyped) form.change('slug_name', slugOf(value));
          }}
          autoComplete="off"
        />
        <TextField
          label={t('tags.form.slug_name')}
          {...form.field('slug_name')}
          onChange={(value) => {
            setSlugTyped(true);
            form.change('slug_name', value);
          }}
          help={t('tags.form.slug_name_create_help')}
          autoComplete="off"
        />
        <MarkdownField
          id="create-tag-description"
          label={t('tags.form.description')}
          value={values.original_text}
          onChange={(value) => form.change('original_text', value)}
          error={form.errors.original_text}
          testId="create-tag-description"
        />
        <FormMessage message={form.message} />
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>
            {t('tags.form.create_submit')}
          </button>
          <button type="button" className="btn btn-link" onClick={() => window.history.back()}>
            {t('editor.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
