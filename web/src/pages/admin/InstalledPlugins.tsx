import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from '../../i18n/translator';
import { type InstalledPlugin, getInstalledPlugins, setPluginEnabled } from '../../api/plugins';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { showToast } from '../../state/notices';

const QUERY_KEY = ['admin', 'plugins'];

/**
 * /admin/installed-plugins: the built-in plugins (so far the captcha) and their switch. Turning the
 * captcha off leaves only the hard limits, for clients that cannot show a captcha.
 */
export function InstalledPlugins() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.installed_plugins'));
  const queryClient = useQueryClient();
  const plugins = useQuery({ queryKey: QUERY_KEY, queryFn: ({ signal }) => getInstalledPlugins(signal) });
  const [busy, setBusy] = useState('');

  const toggle = async (plugin: InstalledPlugin, enabled: boolean) => {
    setBusy(plugin.slug_name);
    try {
      await setPluginEnabled(plugin.slug_name, enabled);
      queryClient.setQueryData<InstalledPlugin[]>(QUERY_KEY, (list) =>
        list?.map((p) => (p.slug_name === plugin.slug_name ? { ...p, enabled } : p)),
      );
      showToast(t(enabled ? 'admin.plugins.enabled_toast' : 'admin.plugins.disabled_toast', { name: plugin.name }), 'success');
    } catch {
      // The request client already shows why it failed.
    } finally {
      setBusy('');
    }
  };

  if (!plugins.data) return plugins.isError ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />;
  return (
    <>
      <h1 className="h3 mb-4">{t('admin.menu.installed_plugins')}</h1>
      {plugins.data.length === 0 ? (
        <p className="text-secondary">{t('admin.plugins.empty')}</p>
      ) : (
        <Table responsive data-testid="installed-plugins">
          <thead>
            <tr>
              <th>{t('admin.plugins.name')}</th>
              <th>{t('admin.plugins.version')}</th>
              <th>{t('admin.plugins.status')}</th>
            </tr>
          </thead>
          <tbody>
            {plugins.data.map((plugin) => (
              <tr key={plugin.slug_name}>
                <td>
                  <div className="fw-semibold">{plugin.name}</div>
                  <div className="small text-secondary">{plugin.description}</div>
                </td>
                <td>{plugin.version}</td>
                <td>
                  <Form.Check
                    type="switch"
                    id={`plugin-${plugin.slug_name}`}
                    label={t(plugin.enabled ? 'admin.plugins.active' : 'admin.plugins.inactive')}
                    checked={plugin.enabled}
                    disabled={busy === plugin.slug_name}
                    onChange={(e) => void toggle(plugin, e.target.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
