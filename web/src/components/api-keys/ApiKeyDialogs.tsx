import { apiKeyCreateSchema, apiKeyUpdateSchema } from '@answer/contract';
import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { ApiKeyItem, ApiKeyRing } from '../../api/api-keys';
import { useForm } from '../../hooks/useForm';
import { useTranslation } from '../../i18n/translator';
import { checkForm } from '../../utils/form-errors';
import { FormDialog } from '../FormDialog';
import { FormMessage } from '../FormMessage';
import { TextField } from '../TextField';
import { EXPIRY_CHOICES, expiresAt, nowSeconds, scopesOf } from './api-key-format';

// The dialogs of the API key lists (ApiKeyManager.tsx), downloaded when first opened.

/** The longest name the server takes (packages/contract api-key.ts). */
const NAME_MAX = 150;

/**
 * A new key: its name, its scope (each explained in a line) and when it expires. The server's
 * field errors (`description`, `scope`, `expires_at`) are shown beside those fields.
 */
export function CreateApiKeyDialog({ ring, onCreated, onCancel }: { ring: ApiKeyRing; onCreated: (secret: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ description: '', scope: 'read', expires_at: 'never' });
  const { values, errors } = form;
  const submit = form.handleSubmit(async () => {
    const checked = checkForm(apiKeyCreateSchema, { ...values, expires_at: expiresAt(values.expires_at, nowSeconds()) }, (key) => t(key));
    if ('errors' in checked) {
      form.setErrors(checked.errors);
      return;
    }
    const created = await ring.create(checked.data);
    onCreated(created.access_key);
  });
  return (
    <FormDialog
      name="create-api-key"
      title={t('settings.api_keys.create')}
      cancelLabel={t('editor.cancel')}
      submitLabel={t('settings.api_keys.create_submit')}
      busy={form.busy}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField label={t('settings.api_keys.name')} help={t('settings.api_keys.name_help')} maxLength={NAME_MAX} autoComplete="off" autoFocus {...form.field('description')} />
      <fieldset className="mb-3" aria-describedby={errors.scope ? 'field-scope-error' : undefined}>
        <legend className="form-label fs-6 mb-2">{t('settings.api_keys.scope')}</legend>
        {scopesOf(ring.site).map((scope) => (
          <Form.Check key={scope} id={`field-scope-${scope}`} className="mb-2">
            <Form.Check.Input
              type="radio"
              name="scope"
              value={scope}
              checked={values.scope === scope}
              onChange={() => form.change('scope', scope)}
              isInvalid={Boolean(errors.scope)}
              aria-describedby={`field-scope-${scope}-help`}
            />
            <Form.Check.Label>{t(`settings.api_keys.scopes.${scope}`)}</Form.Check.Label>
            <div id={`field-scope-${scope}-help`} className="form-text mt-0">
              {t(`settings.api_keys.scope_help.${scope}`)}
            </div>
          </Form.Check>
        ))}
        {errors.scope && (
          <div id="field-scope-error" className="invalid-feedback d-block">
            {errors.scope}
          </div>
        )}
      </fieldset>
      <Form.Group className="mb-3" controlId="field-expires_at">
        <Form.Label>{t('settings.api_keys.expiry')}</Form.Label>
        <Form.Select
          name="expires_at"
          value={values.expires_at}
          onChange={(e) => form.change('expires_at', e.target.value)}
          isInvalid={Boolean(errors.expires_at)}
          aria-describedby={errors.expires_at ? 'field-expires_at-error' : undefined}
        >
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`settings.api_keys.expiry_choices.${choice}`)}
            </option>
          ))}
        </Form.Select>
        {errors.expires_at && (
          <Form.Control.Feedback type="invalid" id="field-expires_at-error">
            {errors.expires_at}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <FormMessage message={form.message} />
    </FormDialog>
  );
}

/**
 * The secret of a key just made, shown this once: a Copy button (with a visible "Copied") and the
 * warning that it cannot be seen again. Only Done closes it (not a click beside it, not Escape),
 * so the secret is not lost by a slip.
 */
export function ApiKeySecretDialog({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copySecret = async () => {
    try {
      // Absent on a page served over plain HTTP (not a secure context).
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // Selected instead, for the person to copy with the keyboard.
      input.current?.select();
      setCopy('failed');
    }
  };
  return (
    <Modal show onHide={onDone} backdrop="static" keyboard={false} centered aria-labelledby="api-key-secret-dialog-title" data-testid="api-key-secret-dialog">
      <Modal.Header>
        <Modal.Title id="api-key-secret-dialog-title" as="h2" className="h5">
          {t('settings.api_keys.created_title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="alert alert-warning small" role="note">
          {t('settings.api_keys.created_warning')}
        </div>
        <label htmlFor="api-key-secret" className="form-label">
          {t('settings.api_keys.secret_label')}
        </label>
        <div className="input-group">
          <input
            ref={input}
            id="api-key-secret"
            className="form-control font-monospace"
            readOnly
            value={secret}
            spellCheck={false}
            autoComplete="off"
            data-testid="api-key-secret"
            onFocus={(e) => e.target.select()}
          />
          <Button variant={copy === 'copied' ? 'success' : 'outline-secondary'} onClick={() => void copySecret()}>
            {t(copy === 'copied' ? 'settings.api_keys.copied' : 'settings.api_keys.copy')}
          </Button>
        </div>
        <div role="status" className="small mt-2" data-testid="api-key-copy-status">
          {copy === 'copied' && <span className="text-success">{t('settings.api_keys.copied_help')}</span>}
          {copy === 'failed' && <span className="text-danger">{t('settings.api_keys.copy_failed')}</span>}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onDone}>{t('settings.api_keys.done')}</Button>
      </Modal.Footer>
    </Modal>
  );
}

/** A new name for a key (its secret and scope stay). */
export function RenameApiKeyDialog({ ring, item, onDone, onCancel }: { ring: ApiKeyRing; item: ApiKeyItem; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ description: item.description });
  const submit = form.handleSubmit(async () => {
    const checked = checkForm(apiKeyUpdateSchema, { id: item.id, description: form.values.description }, (key) => t(key));
    if ('errors' in checked) {
      form.setErrors(checked.errors);
      return;
    }
    await ring.rename(checked.data);
    onDone();
  });
  return (
    <FormDialog
      name="rename-api-key"
      title={t('settings.api_keys.rename_title')}
      cancelLabel={t('editor.cancel')}
      submitLabel={t('settings.api_keys.save')}
      busy={form.busy}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField label={t('settings.api_keys.name')} maxLength={NAME_MAX} autoComplete="off" autoFocus {...form.field('description')} />
      <FormMessage message={form.message} />
    </FormDialog>
  );
}
