import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import { getMcpConfig, MCP_CONFIG, saveMcpConfig } from '../../api/api-keys';
import { useTranslation } from '../../i18n/translator';

/**
 * The MCP server's switch on the API keys page: an AI assistant connects with an API key, so this
 * is where an administrator finds both. Shows the address and header a client is given.
 */
export function McpSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: MCP_CONFIG, queryFn: ({ signal }) => getMcpConfig(signal) });
  const save = useMutation({
    mutationFn: saveMcpConfig,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MCP_CONFIG }),
  });
  if (!config.data) return null;
  const enabled = save.isPending ? save.variables : config.data.enabled;
  return (
    <section className="border rounded p-3 mt-4" data-testid="mcp-config">
      <h2 className="h5">{t('admin.api_keys.mcp.title')}</h2>
      <p className="text-body-secondary small">{t('admin.api_keys.mcp.help')}</p>
      <Form.Check type="switch" id="mcp-enabled" label={t('admin.api_keys.mcp.enabled')} checked={enabled} disabled={save.isPending} onChange={(e) => save.mutate(e.currentTarget.checked)} />
      {enabled && (
        <dl className="small mt-3 mb-0">
          <dt>{t('admin.api_keys.mcp.url')}</dt>
          <dd>
            <code className="text-break">{config.data.url}</code>
          </dd>
          <dt>{t('admin.api_keys.mcp.header')}</dt>
          <dd className="mb-0">
            <code className="text-break">{config.data.http_header}</code>
          </dd>
        </dl>
      )}
    </section>
  );
}
