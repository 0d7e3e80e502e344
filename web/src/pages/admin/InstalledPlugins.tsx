import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { type InstalledPlugin, USER_PLUGIN_TABS, getInstalledPlugins, setPluginEnabled } from '../../api/plugins';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTranslation } from '../../i18n/translator';
import { refreshPlugins } from '../../plugins/refresh';
import { showToast } from '../../state/notices';

const QUERY_KEY = ['admin', 'plugins'];

const STATUS_COLOURS: Record<InstalledPlugin['status'], string> = {
  active: 'text-bg-success',
  inactive: 'text-bg-secondary',
  failed: 'text-bg-danger',
  outdated: 'text-bg-warning',
};

/** A plugin that did not load (failed) or is refused (outdated) cannot be switched on; switching it off stays possible. */
const cannotEnable = (plugin: InstalledPlugin) => plugin.status === 'failed' || plugin.status === 'outdated';

/** Status, and for a plugin that does not run, why and what to do about it. */
function PluginStatusCell({ plugin }: { plugin: InstalledPlugin }) {
  const { t } = useTranslation();
  return (
    <div data-testid="plugin-status">
      <span className={`badge ${STATUS_COLOURS[plugin.status] ?? 'text-bg-secondary'}`}>{t(`admin.plugins.statuses.${plugin.status}`)}</span>
      {cannotEnable(plugin) && (
        <div className="small mt-1" style={{ maxWidth: 320 }}>
          {plugin.error && <div className="text-danger text-break">{plugin.error}</div>}
          <div className="text-body-secondary">{t(plugin.status === 'failed' ? 'admin.plugins.failed_hint' : 'admin.plugins.outdated_hint')}</div>
        </div>
      )}
    </div>
  );
}

function PluginRow({ plugin, busy, onToggle }: { plugin: InstalledPlugin; busy: boolean; onToggle: (enabled: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <tr data-testid="plugin-row" data-slug={plugin.slug_name}>
      <td>
        <div className="fw-semibold">{plugin.link ? <a href={plugin.link} target="_blank" rel="noopener noreferrer">{plugin.name}</a> : plugin.name}</div>
        {plugin.description && <div className="small text-body-secondary">{plugin.description}</div>}
        {plugin.author && <div className="small text-body-secondary">{t('admin.plugins.by', { author: plugin.author })}</div>}
        {plugin.types.length > 0 && (
          <div className="d-flex flex-wrap gap-1 mt-1">
            {plugin.types.map((type) => (
              <span key={type} className="badge rounded-pill text-bg-light border fw-normal">
                {t(`admin.plugins.types.${type}`, { defaultValue: type })}
              </span>
            ))}
          </div>
        )}
      </td>
      <td>{plugin.version}</td>
      <td className="small">{t(`admin.plugins.origins.${plugin.origin}`, { defaultValue: plugin.origin })}</td>
      <td>
        <PluginStatusCell plugin={plugin} />
      </td>
      <td>
        <Form.Check
          type="switch"
          id={`plugin-${plugin.slug_name}`}
          aria-label={t('admin.plugins.enable', { name: plugin.name })}
          checked={plugin.enabled}
          disabled={busy || (cannotEnable(plugin) && !plugin.enabled)}
          onChange={(e) => onToggle(e.target.checked)}
        />
      </td>
      <td className="small">
        {plugin.have_config &&
          (plugin.enabled ? (
            <Link to={`/admin/${plugin.slug_name}`}>{t('admin.plugins.settings')}</Link>
          ) : (
            <span className="text-body-secondary">{t('admin.plugins.enable_to_configure')}</span>
          ))}
      </td>
    </tr>
  );
}

/**
 * /admin/installed-plugins: every plugin the site has (built in, the repository's own, named in
 * config.yaml, or in the data folder), what it does, whether it runs, and its switch. A switch
 * takes effect at once: the plugin's pages, settings tabs and browser parts follow.
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
      queryClient.setQueryData<InstalledPlugin[]>(QUERY_KEY, (list) => list?.map((p) => (p.slug_name === plugin.slug_name ? { ...p, enabled } : p)));
      showToast(t(enabled ? 'admin.plugins.enabled_toast' : 'admin.plugins.disabled_toast', { name: plugin.name }), 'success');
      // Its status as the server sees it now (a plugin whose setup fails shows as failed).
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: USER_PLUGIN_TABS });
      void refreshPlugins();
    } catch {
      // The request client already shows why it failed.
    } finally {
      setBusy('');
    }
  };

  const title = <h1 className="h3 mb-4">{t('admin.menu.installed_plugins')}</h1>;
  if (!plugins.data) {
    if (!plugins.isError) return <PageLoading />;
    return (
      <>
        {title}
        <FormMessage message={t('admin.plugins.load_failed')} />
        <Button variant="outline-secondary" onClick={() => void plugins.refetch()}>
          {t('common.reload')}
        </Button>
      </>
    );
  }
  return (
    <>
      {title}
      {plugins.data.length === 0 ? (
        <div className="text-center text-body-secondary border rounded py-5 px-3" data-testid="plugins-empty">
          <p className="mb-1">{t('admin.plugins.empty')}</p>
          <p className="small mb-0">{t('admin.plugins.empty_hint')}</p>
        </div>
      ) : (
        <Table responsive data-testid="installed-plugins" className="align-middle">
          <thead>
            <tr>
              <th>{t('admin.plugins.name')}</th>
              <th>{t('admin.plugins.version')}</th>
              <th>{t('admin.plugins.origin')}</th>
              <th>{t('admin.plugins.status')}</th>
              <th>{t('admin.plugins.enabled')}</th>
              <th>
                <span className="visually-hidden">{t('admin.plugins.settings')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {plugins.data.map((plugin) => (
              <PluginRow key={plugin.slug_name} plugin={plugin} busy={busy === plugin.slug_name} onToggle={(enabled) => void toggle(plugin, enabled)} />
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
