import { type FormEvent, useState } from 'react';
import { useTranslation } from '../i18n/translator';
import { type FieldErrors, serverFormErrors } from '../utils/form-errors';

/**
 * The state every account and settings form shares: its text values, an error per field, a message
 * above the button, busy while sending, and dirty once the user typed (for the leave-page prompt).
 */
export function useForm<F extends Record<string, string>>(initial: F) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);

  const change = <K extends keyof F>(name: K, value: F[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: '' }));
    setDirty(true);
  };

  /** Props for a TextField bound to one value. */
  const field = <K extends keyof F & string>(name: K) => ({
    name,
    value: values[name],
    onChange: (value: string) => change(name, value as F[K]),
    error: errors[name],
  });

  /**
   * A submit handler running `send`: busy meanwhile; if it rejects, the server's field errors go
   * beside the fields this form has and anything else becomes the message.
   */
  const handleSubmit = (send: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage('');
    setBusy(true);
    try {
      await send();
    } catch (e) {
      const shown = serverFormErrors(e, Object.keys(values), t('common.request_failed'));
      setErrors(shown.fields);
      setMessage(shown.message);
    } finally {
      setBusy(false);
    }
  };

  return { values, setValues, change, field, errors, setErrors, message, busy, dirty, setDirty, handleSubmit };
}
