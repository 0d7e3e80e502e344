import type { ConfigFieldWire } from '@answer/plugin-sdk';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { useTranslation } from '../../i18n/translator';
import { showToast } from '../../state/notices';
import { type FieldErrors, serverFormErrors } from '../../utils/form-errors';
import { FormMessage } from '../FormMessage';
import { ActionButton } from './ActionButton';
import { ConfigField } from './ConfigField';
import { type FieldValue, type FormValues, initialValues } from './form-values';

interface PluginFormProps {
  /** The form as the server describes it (upstream's config_fields), with the saved values. */
  fields: ConfigFieldWire[];
  /** Stores the values; rejects with the server's field errors for a refused save. */
  onSave: (values: FormValues) => Promise<unknown>;
  /** Reads the form again (a button asks for it). The caller renders a new form with what it read. */
  onReload: () => Promise<unknown>;
  testId?: string;
}

/**
 * A plugin's settings form, the admin's (/admin/{slug}) or a member's (/users/settings/{slug}):
 * every field type of upstream's config forms, the server's field errors beside their fields, a
 * toast once saved and the leave-page question while there are unsaved changes.
 */
export function PluginForm({ fields, onSave, onReload, testId }: PluginFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => initialValues(fields));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty);

  const change = (name: string, value: FieldValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: '' }));
    setDirty(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage('');
    setBusy(true);
    try {
      await onSave(values);
      setDirty(false);
      showToast(t('plugin_form.saved'), 'success');
    } catch (error) {
      const shown = serverFormErrors(error, fields.map((f) => f.name), t('common.request_failed'));
      setErrors(shown.fields);
      setMessage(shown.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={submit} data-testid={testId} style={{ maxWidth: 640 }}>
      {fields.map((field) => {
        if (field.type === 'legend') {
          return (
            <div key={field.name} className="mt-4 mb-3" data-field={field.name}>
              <h2 className="h5 mb-1">{field.title}</h2>
              {field.description && <p className="text-body-secondary small mb-0">{field.description}</p>}
            </div>
          );
        }
        if (field.type === 'button') {
          return <ActionButton key={field.name} field={field} values={values} onReload={onReload} onFieldErrors={(found) => setErrors((e) => ({ ...e, ...found }))} />;
        }
        return <ConfigField key={field.name} field={field} value={values[field.name]} error={errors[field.name]} onChange={(value) => change(field.name, value)} />;
      })}
      <FormMessage message={message} />
      <Button type="submit" disabled={busy}>
        {t('plugin_form.save')}
      </Button>
    </Form>
  );
}
