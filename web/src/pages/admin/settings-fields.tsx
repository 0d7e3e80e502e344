import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';

interface SettingsPageProps {
  /** Key of the page's title (admin.menu.*). */
  titleKey: string;
  /** False until the settings arrived. */
  ready: boolean;
  failed: boolean;
  busy: boolean;
  /** Why the last save failed when it is not about one field. */
  message: string;
  onSubmit: (event: FormEvent) => void;
  testId: string;
  intro?: string;
  /** The form's width in px (640 suits single fields; wide editors take more). */
  maxWidth?: number;
  children?: ReactNode;
}

/** The frame every settings page shares: title, loading or failure, the form and its save button. */
export function SettingsPage({ titleKey, ready, failed, busy, message, onSubmit, testId, intro, maxWidth = 640, children }: SettingsPageProps) {
  const { t } = useTranslation();
  usePageTitle(t(titleKey));
  return (
    <>
      <h1 className="h3 mb-2">{t(titleKey)}</h1>
      {intro && <p className="text-secondary mb-4">{intro}</p>}
      {!ready ? (
        failed ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />
      ) : (
        <Form onSubmit={onSubmit} noValidate data-testid={testId} style={{ maxWidth }}>
          {children}
          <FormMessage message={message} />
          <Button type="submit" disabled={busy}>
            {t('admin.settings.save')}
          </Button>
        </Form>
      )}
    </>
  );
}

interface SettingsSwitchProps {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  help?: string;
  error?: string;
}

/** An on/off setting with its help text and error. */
export function SettingsSwitch({ name, label, checked, onChange, help, error }: SettingsSwitchProps) {
  const id = `field-${name}`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Check type="switch" name={name} label={label} checked={checked} isInvalid={Boolean(error)} onChange={(e) => onChange(e.target.checked)} />
      {help && <Form.Text className="d-block">{help}</Form.Text>}
      {error && <div className="invalid-feedback d-block" id={`${id}-error`}>{error}</div>}
    </Form.Group>
  );
}
