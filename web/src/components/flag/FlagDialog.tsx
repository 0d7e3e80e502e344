import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { type FlagObjectType, getFlagReasons, postFlag } from '../../api/report';
import { type FieldErrors, serverFormErrors } from '../../utils/form-errors';
import { FormDialog } from '../FormDialog';
import { FormMessage } from '../FormMessage';
import { PageLoading } from '../PageLoading';
import { checkFlag, type FlagValues, wantsText } from './flag-form';

interface FlagDialogProps {
  objectType: FlagObjectType;
  objectId: string;
  onCancel: () => void;
  onFlagged: () => void;
}

/**
 * Flagging a question, answer or comment: the object type's flag reasons as a radio list with
 * their descriptions, and a field where the reason asks for a link or an explanation.
 */
export function FlagDialog({ objectType, objectId, onCancel, onFlagged }: FlagDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reasons = useQuery({
    queryKey: ['reasons', objectType, 'flag'],
    queryFn: ({ signal }) => getFlagReasons(objectType, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const list = reasons.data ?? [];
  const [values, setValues] = useState<FlagValues>({ report_type: null, content: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = list.find((r) => r.reason_type === values.report_type);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    const problems = checkFlag(values, list);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)])));
    if (Object.keys(problems).length || values.report_type === null) return;
    setBusy(true);
    try {
      await postFlag({ object_id: objectId, report_type: values.report_type, content: wantsText(chosen) ? values.content.trim() : '' });
      // Staff see the flag queue's count in the navigation.
      void queryClient.invalidateQueries({ queryKey: ['review'] });
      onFlagged();
    } catch (error) {
      const shown = serverFormErrors(error, ['report_type', 'content'], t('common.request_failed'));
      setErrors(shown.fields);
      setMessage(shown.message);
    } finally {
      setBusy(false);
    }
  };

  const textId = `flag-content-${objectId}`;
  return (
    <FormDialog name="flag" title={t(`flag.title.${objectType}`)} cancelLabel={t('editor.cancel')} submitLabel={t('flag.submit')} busy={busy || reasons.isPending} onSubmit={submit} onCancel={onCancel}>
      <FormMessage message={message} />
      {reasons.isPending ? (
        <PageLoading />
      ) : (
        <fieldset aria-describedby={errors.report_type ? 'flag-type-error' : undefined}>
          <legend className="fs-6">{t('flag.intro')}</legend>
          {list.map((reason) => (
            <Form.Check key={reason.reason_type} type="radio" id={`flag-reason-${reason.reason_type}`} className="mb-2">
              <Form.Check.Input
                type="radio"
                name="report_type"
                checked={values.report_type === reason.reason_type}
                isInvalid={Boolean(errors.report_type)}
                onChange={() => {
                  setValues({ report_type: reason.reason_type, content: '' });
                  setErrors({});
                }}
              />
              <Form.Check.Label className="fw-semibold">{reason.name}</Form.Check.Label>
              {reason.description && <div className="small text-body-secondary">{reason.description}</div>}
            </Form.Check>
          ))}
          {errors.report_type && (
            <div id="flag-type-error" className="invalid-feedback d-block">
              {errors.report_type}
            </div>
          )}
        </fieldset>
      )}
      {chosen && wantsText(chosen) && (
        <Form.Group controlId={textId} className="mt-2">
          <Form.Label className="small">{t(chosen.content_type === 'text' ? 'flag.url_label' : 'flag.text_label')}</Form.Label>
          <Form.Control
            {...(chosen.content_type === 'textarea' ? { as: 'textarea' as const, rows: 3 } : { type: 'url' })}
            placeholder={chosen.placeholder}
            value={values.content}
            maxLength={500}
            isInvalid={Boolean(errors.content)}
            aria-describedby={errors.content ? `${textId}-error` : undefined}
            onChange={(e) => {
              setValues((v) => ({ ...v, content: e.target.value }));
              setErrors((er) => ({ ...er, content: '' }));
            }}
          />
          {errors.content && (
            <Form.Control.Feedback type="invalid" id={`${textId}-error`}>
              {errors.content}
            </Form.Control.Feedback>
          )}
        </Form.Group>
      )}
    </FormDialog>
  );
}
