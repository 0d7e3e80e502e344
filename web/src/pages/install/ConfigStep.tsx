import type { DbSettings } from '@answer/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { isApiError } from '../../api/api-error';
import { checkConfigFile, initConfig } from '../../api/install';

interface Props {
  db: DbSettings;
  onBack: () => void;
  onNext: () => void;
}

const manualConfigOf = (e: unknown): string | null => {
  const data = isApiError(e) ? (e.data as { create_config_failed?: boolean; default_config?: string } | null) : null;
  return data?.create_config_failed ? (data.default_config ?? '') : null;
};

/**
 * Step 3: write config.yaml and create the tables (POST config-file/check, then init). When the
 * server cannot write the file, it hands back the content so the admin can create it and continue.
 */
export function ConfigStep({ db, onBack, onNext }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [manualConfig, setManualConfig] = useState<string | null>(null);

  const run = async () => {
    setBusy(true);
    setFailure('');
    try {
      const existing = await checkConfigFile();
      if (!existing.config_file_exist) await initConfig(db);
      onNext();
    } catch (e) {
      const manual = manualConfigOf(e);
      if (manual !== null) setManualConfig(manual);
      setFailure(isApiError(e) ? e.msg : t('install.config.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="install-step-3">
      <h2 className="h5 mb-3">{t('install.config.title')}</h2>
      <p>{t('install.config.description')}</p>
      {failure && (
        <Alert variant="danger" data-testid="install-error">
          {failure}
        </Alert>
      )}
      {manualConfig !== null && (
        <Form.Group className="mb-3" controlId="install-default-config">
          <Form.Label>{t('install.config.manual_label')}</Form.Label>
          <Form.Control as="textarea" readOnly rows={12} value={manualConfig} className="font-monospace small" />
          <Form.Text>{t('install.config.manual_help')}</Form.Text>
        </Form.Group>
      )}
      <div className="d-flex gap-2">
        <Button variant="outline-secondary" onClick={onBack} disabled={busy}>
          {t('install.back')}
        </Button>
        <Button onClick={run} disabled={busy}>
          {manualConfig !== null ? t('install.config.retry') : t('install.next')}
        </Button>
      </div>
    </div>
  );
}
