import type { ConfigFieldWire } from '@answer/plugin-sdk';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { fieldErrorsOf } from '../../api/api-error';
import { runFormAction } from '../../api/plugins';
import { showToast } from '../../state/notices';
import type { FieldErrors } from '../../utils/form-errors';
import { FieldFrame } from './FieldFrame';
import type { FormValues } from './form-values';

interface ActionButtonProps {
  field: ConfigFieldWire;
  /** The form as it is now (saved or not): the plugin's route acts on it (testing a connection, say). */
  values: FormValues;
  onFieldErrors: (errors: FieldErrors) => void;
  /** Reads the form again from the server. */
  onReload: () => Promise<unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A `button` field: calls its plugin's route, then says what the route answered and re-reads the form, if the field asks. */
export function ActionButton({ field, values, onFieldErrors, onReload }: ActionButtonProps) {
  const [busy, setBusy] = useState(false);
  const action = field.ui_options.action;
  const text = field.ui_options.text || field.title;

  const run = async () => {
    if (!action) return;
    setBusy(true);
    try {
      const reply = await runFormAction(action, values);
      // A route may answer its message as data ({message}) rather than in the envelope.
      const message = isRecord(reply.data) && typeof reply.data.message === 'string' && reply.data.message ? reply.data.message : reply.msg;
      if (action.on_complete?.toast_return_message && message) showToast(message, 'success');
      if (action.on_complete?.refresh_form_config) await onReload();
    } catch (error) {
      // Field errors go beside their fields; the request client has told the person anything else.
      const errors = fieldErrorsOf(error);
      if (Object.keys(errors).length) onFieldErrors(errors);
    } finally {
      setBusy(false);
    }
  };

  return (
    // The title above only when the button has a text of its own to say.
    <FieldFrame field={field} title={Boolean(field.ui_options.text && field.title)}>
      <Button
        id={`field-${field.name}`}
        variant={field.ui_options.variant || 'outline-secondary'}
        className={field.ui_options.field_class_name}
        disabled={busy || !action}
        aria-busy={busy || undefined}
        onClick={() => void run()}
      >
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {busy ? action?.loading?.text || text : text}
      </Button>
    </FieldFrame>
  );
}
