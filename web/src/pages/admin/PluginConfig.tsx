import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { Link, useParams } from 'react-router';
import { getPluginConfig } from '../../api/plugins';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';

/** Where each built-in plugin is actually set: they keep their settings in the site's settings groups. */
const SETTINGS_PAGE: Record<string, string> = { basic_captcha: '/admin/security' };

/** /admin/{slug_name}: a plugin's configuration page (only enabled plugins reach it). */
export function PluginConfig() {
  const { t } = useTranslation();
  const { slug_name: slug = '' } = useParams();
  const config = useQuery({ queryKey: ['admin', 'plugin-config', slug], queryFn: ({ signal }) => getPluginConfig(slug, signal) });
  usePageTitle(config.data?.name ?? t('admin.plugin_config'));

  if (!config.data) return config.isError ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />;
  const settingsPage = SETTINGS_PAGE[config.data.slug_name];
  return (
    <>
      <h1 className="h3 mb-2">{config.data.name}</h1>
      <p className="text-secondary">{config.data.description}</p>
      <p data-testid="plugin-no-config">{t('admin.plugins.no_config')}</p>
      {settingsPage && <Link to={settingsPage}>{t('admin.plugins.settings_elsewhere')}</Link>}
    </>
  );
}
