import { DIGEST_FREQUENCIES, NOTIFICATION_SOURCES } from '@answer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import {
  type DigestFrequency,
  type NotificationConfig,
  type NotificationSource,
  getNotificationConfig,
  saveNotificationConfig,
} from '../../api/settings';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { showToast } from '../../state/notices';
import { serverFormErrors } from '../../utils/form-errors';

const QUERY_KEY = ['notification-config'];

/** /users/settings/notify: which notifications also arrive by e-mail, one by one or as a digest. */
export function SettingsNotify() {
  const { t } = useTranslation();
  usePageTitle(t('settings.notify'));
  const config = useQuery({ queryKey: QUERY_KEY, queryFn: ({ signal }) => getNotificationConfig(signal), staleTime: 0 });
  if (!config.data) return config.isError ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />;
  return <NotifyForm saved={config.data} />;
}

function NotifyForm({ saved }: { saved: NotificationConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [config, setConfig] = useState(saved);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  useUnsavedChangesPrompt(dirty);

  const toggle = (source: NotificationSource, enable: boolean) => {
    setConfig((c) => ({ ...c, [source]: { key: 'email', enable } }));
    setDirty(true);
  };

  const setDigest = (digest: DigestFrequency) => {
    setConfig((c) => ({ ...c, digest }));
    setDirty(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage('');
    try {
      await saveNotificationConfig(config);
      setDirty(false);
      queryClient.setQueryData(QUERY_KEY, config);
      showToast(t('settings.update_success'), 'success');
    } catch (e) {
      setMessage(serverFormErrors(e, [], t('common.request_failed')).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} style={{ maxWidth: 560 }} data-testid="settings-notify">
      <fieldset className="mb-3">
        <legend className="h6">{t('settings.notify_page.email')}</legend>
        {NOTIFICATION_SOURCES.map((source) => (
          <Form.Check
            key={source}
            type="switch"
            id={`notify-${source}`}
            className="mb-2"
            label={t(`settings.notify_page.${source}`)}
            checked={config[source]?.enable ?? false}
            onChange={(e) => toggle(source, e.target.checked)}
          />
        ))}
      </fieldset>
      <Form.Group className="mb-3" controlId="notify-digest">
        <Form.Label>{t('settings.notify_page.digest')}</Form.Label>
        <Form.Select
          value={config.digest ?? 'off'}
          onChange={(e) => setDigest(e.target.value as DigestFrequency)}
          aria-describedby="notify-digest-help"
        >
          {DIGEST_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {t(`settings.notify_page.digest_${f}`)}
            </option>
          ))}
        </Form.Select>
        <Form.Text id="notify-digest-help" muted>
          {t('settings.notify_page.digest_help')}
        </Form.Text>
      </Form.Group>
      <FormMessage message={message} />
      <Button type="submit" disabled={busy}>
        {t('settings.save')}
      </Button>
    </Form>
  );
}
