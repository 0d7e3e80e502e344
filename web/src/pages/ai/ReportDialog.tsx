import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { isApiError } from '../../api/api-error';
import { reportAiAnswer } from '../../api/ai-chat';
import { FormDialog } from '../../components/FormDialog';
import { useTranslation } from '../../i18n/translator';

const REASON_MAX = 500;

/** Reports an answer (wrong, harmful, leaking), with an optional reason. */
export function ReportDialog({ chatCompletionId, onDone, onCancel }: { chatCompletionId: string; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await reportAiAnswer({ chat_completion_id: chatCompletionId, reason: reason.trim() });
      onDone();
    } catch (e) {
      setError(isApiError(e) && e.msg ? e.msg : t('common.request_failed'));
      setBusy(false);
    }
  };
  return (
    <FormDialog name="ai-report" title={t('ai.report_title')} cancelLabel={t('ai.cancel')} submitLabel={t('ai.report_send')} busy={busy} onSubmit={submit} onCancel={onCancel}>
      <p className="small text-body-secondary">{t('ai.report_hint')}</p>
      <Form.Group controlId="ai-report-reason">
        <Form.Label>{t('ai.report_reason')}</Form.Label>
        <Form.Control as="textarea" rows={3} maxLength={REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Form.Group>
      {error && (
        <div className="text-danger small mt-2" role="alert">
          {error}
        </div>
      )}
    </FormDialog>
  );
}
