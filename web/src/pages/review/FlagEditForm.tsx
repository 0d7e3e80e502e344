import type { FlaggedPost } from '@answer/contract';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { FormMessage } from '../../components/FormMessage';
import type { ChosenTag } from '../../components/tag-input';
import { TagSelector } from '../../components/TagSelector';
import { type FieldErrors, serverFormErrors } from '../../utils/form-errors';

export interface FlagEditFields {
  title?: string;
  content: string;
  tags?: { slug_name: string; display_name?: string }[];
}

interface Props {
  post: FlaggedPost;
  onCancel: () => void;
  /** Sends the edit; throws the server's refusal, shown beside the fields. */
  onSave: (fields: FlagEditFields) => Promise<void>;
}

/**
 * The inline editor of a flagged post: title, body and tags of a question, the text of an answer
 * or comment. The edit applies at once (staff edit without review).
 */
export function FlagEditForm({ post, onCancel, onSave }: Props) {
  const { t } = useTranslation();
  const question = post.object_type === 'question';
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.original_text);
  const [tags, setTags] = useState<ChosenTag[]>(post.tags.map((tag) => ({ slug_name: tag.slug_name, display_name: tag.display_name })));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    const missing: FieldErrors = {};
    if (question && !title.trim()) missing.title = t('review.flagged.edit.required');
    if (!content.trim()) missing.content = t('review.flagged.edit.required');
    if (question && !tags.length) missing.tags = t('review.flagged.edit.tags_required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      await onSave(question ? { title: title.trim(), content, tags: tags.map(({ slug_name, display_name }) => ({ slug_name, display_name })) } : { content });
    } catch (error) {
      const shown = serverFormErrors(error, ['title', 'content', 'tags'], t('common.request_failed'));
      setErrors(shown.fields);
      setMessage(shown.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={submit} className="border rounded p-3 mb-3" data-testid="flag-edit-form" aria-label={t('review.flagged.edit.title')}>
      <FormMessage message={message} />
      {question && (
        <Form.Group controlId="flag-edit-title" className="mb-3">
          <Form.Label>{t('review.flagged.edit.title_label')}</Form.Label>
          <Form.Control value={title} isInvalid={Boolean(errors.title)} onChange={(e) => setTitle(e.target.value)} />
          <Form.Control.Feedback type="invalid">{errors.title}</Form.Control.Feedback>
        </Form.Group>
      )}
      <Form.Group controlId="flag-edit-content" className="mb-3">
        <Form.Label>{t('review.flagged.edit.content_label')}</Form.Label>
        <Form.Control as="textarea" rows={question ? 8 : 4} value={content} isInvalid={Boolean(errors.content)} onChange={(e) => setContent(e.target.value)} />
        <Form.Control.Feedback type="invalid">{errors.content}</Form.Control.Feedback>
      </Form.Group>
      {question && (
        <div className="mb-3">
          <TagSelector label={t('review.flagged.edit.tags_label')} value={tags} onChange={setTags} error={errors.tags} />
        </div>
      )}
      <div className="d-flex gap-2">
        <Button type="submit" disabled={busy}>
          {t('review.flagged.edit.save')}
        </Button>
        <Button variant="link" onClick={onCancel} disabled={busy}>
          {t('editor.cancel')}
        </Button>
      </div>
    </Form>
  );
}
