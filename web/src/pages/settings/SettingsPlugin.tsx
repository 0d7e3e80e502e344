import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { getUserPluginConfig, saveUserPluginConfig } from '../../api/plugins';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { PluginForm } from '../../components/plugin-form/PluginForm';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTranslation } from '../../i18n/translator';

/** /users/settings/{slug_name}: the member's own settings of an enabled plugin (its user config form). */
export function SettingsPlugin() {
  const { t } = useTranslation();
  const { slug_name: slug = '' } = useParams();
  const config = useQuery({ queryKey: ['user-plugin-config', slug], queryFn: ({ signal }) => getUserPluginConfig(slug, signal) });
  usePageTitle(config.data?.name ?? t('settings.plugin'));

  if (!config.data) return config.isError ? <FormMessage message={t('plugin_form.load_failed')} /> : <PageLoading />;
  const save = async (values: Record<string, unknown>) => {
    await saveUserPluginConfig(slug, values);
    await config.refetch();
  };
  return (
    <>
      {config.data.description && <p className="text-body-secondary">{config.data.description}</p>}
      {config.data.config_fields.length ? (
        <PluginForm key={config.dataUpdatedAt} fields={config.data.config_fields} onSave={save} onReload={config.refetch} testId="settings-plugin-form" />
      ) : (
        <p data-testid="plugin-no-config">{t('plugin_form.no_fields')}</p>
      )}
    </>
  );
}
