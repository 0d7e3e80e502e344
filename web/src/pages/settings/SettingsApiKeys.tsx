import { memberApiKeys } from '../../api/api-keys';
import { ApiKeyManager } from '../../components/api-keys/ApiKeyManager';
import { useTranslation } from '../../i18n/translator';

/**
 * Settings → Account → API keys: the member's personal keys, which scripts and other programs
 * send as `Authorization: Bearer <key>` to use the API as the member.
 */
export function SettingsApiKeys() {
  const { t } = useTranslation();
  return (
    <section className="mb-5" style={{ maxWidth: 560 }} id="api-keys" aria-labelledby="api-keys-title" data-testid="settings-api-keys">
      <ApiKeyManager
        ring={memberApiKeys}
        heading={
          <h2 className="h5 mb-0" id="api-keys-title">
            {t('settings.account_page.api_keys')}
          </h2>
        }
        emptyHelp={t('settings.api_keys.empty_help')}
      />
    </section>
  );
}
