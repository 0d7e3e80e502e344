import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../../i18n/translator';
import { closeQuestion, getCloseReasons } from '../../../api/operations';
import { FormMessage } from '../../../components/FormMessage';
import { PageLoading } from '../../../components/PageLoading';
import { type FieldErrors, serverFormErrors } from '../../../utils/form-errors';
import { type CloseValues, checkClose, wantsMessage } from './close-form';
import { FormDialog } from '../../../components/FormDialog';

interface CloseDialogProps {
  questionId: string;
  onCancel: () => void;
  onClosed: () => void;
  /** Closes another way than `PUT /question/status` (the flag queue closes through the flag review). */
  submitClose?: (input: { close_type: number; close_msg: string }) => Promise<unknown>;
}

/** Closing a question: pick one of the site's close reasons, with a message where the reason asks for one. */
export function CloseDialog({ questionId, onCancel, onClosed, submitClose }: CloseDialogProps) {
  const { t } = useTranslation();
  const reasons = useQuery({ queryKey: ['reasons', 'question', 'close'], queryFn: ({ signal }) => getCloseReasons(signal), staleTime: Number.POSITIVE_INFINITY });
  const list = reasons.data ?? [];
  const [values, setValues] = useState<CloseValues>({ close_type: null, close_msg: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = list.find((r) => r.reason_type === values.close_type);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    const problems = checkClose(values, list, window.location.origin);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)])));
    if (Object.keys(problems).length || values.close_type === null) return;
    setBusy(true);
    try {
      const input = { close_type: values.close_type, close_msg: wantsMessage(chosen) ? values.close_msg.trim() : '' };
      await (submitClose ? submitClose(input) : closeQuestion({ id: questionId, ...input }));
      onClosed();
    } catch (error) {
      const shown = serverFormErrors(error, ['close_type', 'close_msg'], t('common.request_failed'));
      setErrors(shown.fields);
      setMessage(shown.message);
    } finally {
      setBusy(false);
    }
  };

  const msgId = 'close-msg';
  return (
    <FormDialog name="close" title={t('question.close.title')} cancelLabel={t('editor.cancel')} submitLabel={t('question.close.submit')} busy={busy || reasons.isPending} onSubmit={submit} onCancel={onCancel}>
      <FormMessage message={message} />
      {reasons.isPending ? (
        <PageLoading />
      ) : (
        <fieldset aria-describedby={errors.close_type ? 'close-type-error' : undefined}>
          <legend className="fs-6">{t('question.close.intro')}</legend>
          {list.map((reason) => (
            <Form.Check key={reason.reason_type} type="radio" id={`close-reason-${reason.reason_type}`} className="mb-2">
              <Form.Check.Input
                type="radio"
                name="close_type"
                checked={values.close_type === reason.reason_type}
                isInvalid={Boolean(errors.close_type)}
                onChange={() => {
                  setValues({ close_type: reason.reason_type, close_msg: '' });
                  setErrors({});
                }}
              />
              <Form.Check.Label className="fw-semibold">{reason.name}</Form.Check.Label>
              {reason.description && <div className="small text-body-secondary">{reason.description}</div>}
            </Form.Check>
          ))}
          {errors.close_type && (
            <div id="close-type-error" className="invalid-feedback d-block">
              {errors.close_type}
            </div>
          )}
        </fieldset>
      )}
      {chosen && wantsMessage(chosen) && (
        <Form.Group controlId={msgId} className="mt-2">
          <Form.Label className="small">{t('question.close.msg_label')}</Form.Label>
          <Form.Control
            {...(chosen.content_type === 'textarea' ? { as: 'textarea' as const, rows: 3 } : { type: 'text' })}
            placeholder={chosen.placeholder}
            value={values.close_msg}
            isInvalid={Boolean(errors.close_msg)}
            aria-describedby={errors.close_msg ? `${msgId}-error` : undefined}
            onChange={(e) => {
              setValues((v) => ({ ...v, close_msg: e.target.value }));
              setErrors((er) => ({ ...er, close_msg: '' }));
            }}
          />
          {errors.close_msg && (
            <Form.Control.Feedback type="invalid" id={`${msgId}-error`}>
              {errors.close_msg}
            </Form.Control.Feedback>
          )}
        </Form.Group>
      )}
    </FormDialog>
  );
}
