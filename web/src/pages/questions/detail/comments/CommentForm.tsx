import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../../i18n/translator';
import { fieldErrorsOf } from '../../../../api/api-error';
import { linkMentions } from './mention';
import { MentionTextarea } from './MentionTextarea';

const MIN = 2;
const MAX = 600;

interface CommentFormProps {
  initial?: string;
  submitLabel: string;
  onSubmit: (text: string, mentions: string[]) => Promise<unknown>;
  onCancel: () => void;
}

/** Writing or editing a comment (2-600 characters, spec section 5) with @mentions. */
export function CommentForm({ initial = '', submitLabel, onSubmit, onCancel }: CommentFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const length = text.trim().length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (length < MIN || length > MAX) {
      setError(t('question.comment.length', { min: MIN, max: MAX }));
      return;
    }
    const linked = linkMentions(text.trim(), picked);
    setBusy(true);
    try {
      await onSubmit(linked.text, linked.usernames);
    } catch (e) {
      setError(Object.values(fieldErrorsOf(e)).join(' '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="mt-2" data-testid="comment-form">
      <MentionTextarea
        id={`${id}-text`}
        label={t('question.comment.label')}
        value={text}
        onChange={(v) => {
          setText(v);
          setError('');
        }}
        onMention={(name) => setPicked((p) => (p.includes(name) ? p : [...p, name]))}
        invalid={Boolean(error)}
        describedBy={`${id}-help${error ? ` ${id}-error` : ''}`}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      <div className="d-flex justify-content-between align-items-center mt-1">
        <span id={`${id}-help`} className={`small ${length > MAX ? 'text-danger' : 'text-body-secondary'}`}>
          {t('question.comment.help', { n: length, max: MAX })}
        </span>
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-link btn-sm" onClick={onCancel}>
            {t('editor.cancel')}
          </button>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
