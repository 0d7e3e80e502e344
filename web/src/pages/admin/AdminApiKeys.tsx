import { siteApiKeys } from '../../api/api-keys';
import { ApiKeyManager } from '../../components/api-keys/ApiKeyManager';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTranslation } from '../../i18n/translator';
import { McpSwitch } from './McpSwitch';

/**
 * /admin/api-keys: the site keys. Each acts as the administrator who created it (its owner),
 * narrowed by its scope; only an `admin` key reaches the admin API.
 */
export function AdminApiKeys() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.api_keys'));
  return (
    <div data-testid="admin-api-keys">
      <ApiKeyManager ring={siteApiKeys} heading={<h1 className="h3 mb-0">{t('admin.menu.api_keys')}</h1>} emptyHelp={t('admin.api_keys.empty_help')} />
      <McpSwitch />
    </div>
  );
}
