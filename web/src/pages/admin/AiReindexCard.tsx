import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { isApiError } from '../../api/api-error';
import { AI_REINDEX, getAiReindex, startAiReindex } from '../../api/ai';
import { useTranslation } from '../../i18n/translator';

/**
 * Admin → AI, under the semantic search switch: embeds the posts written before it was switched on
 * (or before the embedding model changed, or an import), in the background, with a progress bar
 * that any administrator's page follows while it runs. New and edited posts need nothing.
 */
export function AiReindexCard({ ready }: { ready: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: AI_REINDEX,
    queryFn: ({ signal }) => getAiReindex(signal),
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
  const start = useMutation({
    mutationFn: startAiReindex,
    onSuccess: (next) => queryClient.setQueryData(AI_REINDEX, next),
  });
  const run = state.data;
  const percent = run && run.total > 0 ? Math.min(100, Math.round((run.done / run.total) * 100)) : 0;
  return (
    <div className="border rounded p-3 mb-3" data-testid="ai-reindex">
      <div className="fw-semibold">{t('admin.ai.reindex.title')}</div>
      <p className="form-text mt-1">{t('admin.ai.reindex.hint')}</p>
      {run?.running ? (
        <>
          <ProgressBar now={percent} label={`${percent}%`} aria-label={t('admin.ai.reindex.title')} className="mb-2" />
          <div className="small" role="status">
            {t('admin.ai.reindex.running', { done: run.done, total: run.total })}
          </div>
        </>
      ) : (
        <>
          <Button type="button" variant="outline-secondary" disabled={!ready || start.isPending} onClick={() => start.mutate()}>
            {t('admin.ai.reindex.start')}
          </Button>
          {!ready && <div className="small text-body-secondary mt-2">{t('admin.ai.reindex.save_first')}</div>}
          {run && run.finished_at > 0 && (
            <div className={`small mt-2 ${run.stopped ? 'text-warning-emphasis' : 'text-body-secondary'}`} role="status">
              {run.stopped === 'provider' ? run.msg : run.stopped ? t(`admin.ai.reindex.${run.stopped}`) : t('admin.ai.reindex.finished', { embedded: run.embedded, total: run.total })}
            </div>
          )}
        </>
      )}
      {start.isError && <div className="small mt-2 text-danger">{isApiError(start.error) && start.error.msg ? start.error.msg : t('common.request_failed')}</div>}
    </div>
  );
}
