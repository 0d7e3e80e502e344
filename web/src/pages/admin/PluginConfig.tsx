import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { getPluginConfig, savePluginConfig } from '../../api/plugins';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { PluginForm } from '../../components/plugin-form/PluginForm';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTranslation } from '../../i18n/translator';
import { refreshPlugins } from '../../plugins/refresh';

/** Where each built-in plugin is actually set: they keep their settings in the site's settings groups. */
const SETTINGS_PAGE: Record<string, string> = { basic_captcha: '/admin/security' };

/** /admin/{slug_name}: an enabled plugin's settings, as the form its config fields describe. */
export function PluginConfig() {
  const { t } = useTranslation();
  const { slug_name: slug = '' } = useParams();
  const config = useQuery({ queryKey: ['admin', 'plugin-config', slug], queryFn: ({ signal }) => getPluginConfig(slug, signal) });
  usePageTitle(config.data?.name ?? t('admin.plugin_config'));
  // What the last save warned about (a connector pointed at another identity provider).
  const [warning, setWarning] = useState('');

  if (!config.data) return config.isError ? <FormMessage message={t('plugin_form.load_failed')} /> : <PageLoading />;
  const { name, description, version, config_fields: fields } = config.data;
  const settingsPage = SETTINGS_PAGE[slug];
  const save = async (values: Record<string, unknown>) => {
    setWarning((await savePluginConfig(slug, values))?.warning ?? '');
    // What the plugin lets the browser see may have changed with its settings: its web part follows.
    void refreshPlugins();
    await config.refetch();
  };
  return (
    <>
      <h1 className="h3 mb-2">
        {name}
        {version && <small className="text-body-secondary fs-6 ms-2">{version}</small>}
      </h1>
      {description && <p className="text-body-secondary">{description}</p>}
      {warning && (
        <div className="alert alert-warning" role="alert" data-testid="plugin-config-warning">
          {warning}
        </div>
      )}
      {fields.length ? (
        <PluginForm key={config.dataUpdatedAt} fields={fields} onSave={save} onReload={config.refetch} testId="plugin-config-form" />
      ) : (
        <>
          <p data-testid="plugin-no-config">{t('admin.plugins.no_config')}</p>
          {settingsPage && <Link to={settingsPage}>{t('admin.plugins.settings_elsewhere')}</Link>}
        </>
      )}
    </>
  );
}
