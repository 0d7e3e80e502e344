import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { type AuditOperation, auditRevision, getSuggestedEdits } from '../../api/review';
import { PageLoading } from '../../components/PageLoading';
import { showToast } from '../../state/notices';
import { SuggestedEdit } from './SuggestedEdit';

/**
 * The suggested-edit queue, one edit at a time (the server pages them one per page). Approving or
 * rejecting takes the edit out of the queue, so the same page then holds the next one; skipping
 * moves on and wraps round to the first.
 */
export function SuggestedEdits() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const edits = useQuery({ queryKey: ['review', 'suggested', page], queryFn: ({ signal }) => getSuggestedEdits(page, signal), staleTime: 0 });
  const data = edits.data;

  // Reviewing the last of the skipped edits leaves an empty page while earlier ones still wait.
  useEffect(() => {
    if (data && data.list.length === 0 && data.count > 0 && page > 1) setPage(1);
  }, [data, page]);

  const audit = async (id: string, operation: AuditOperation) => {
    setBusy(true);
    try {
      await auditRevision(id, operation);
      showToast(t(operation === 'approve' ? 'review.approved' : 'review.rejected'), 'success');
      // The counts, and the pages showing the edited post, change with it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['review'] }),
        queryClient.invalidateQueries({ queryKey: ['question'] }),
        queryClient.invalidateQueries({ queryKey: ['answers'] }),
        queryClient.invalidateQueries({ queryKey: ['timeline'] }),
      ]);
    } catch {
      // The request client has told the user why (someone else reviewed it first, no permission...): show what is current.
      await queryClient.invalidateQueries({ queryKey: ['review'] });
    } finally {
      setBusy(false);
    }
  };

  if (!data) return edits.isPending ? <PageLoading /> : null;
  const edit = data.list[0];
  if (!edit) {
    return (
      <p className="text-center text-body-secondary border rounded py-5" data-testid="review-empty">
        {t('review.nothing')}
      </p>
    );
  }
  return (
    <SuggestedEdit
      key={edit.unreviewed_info.id}
      edit={edit}
      remaining={data.count}
      busy={busy}
      onAudit={(operation) => audit(edit.unreviewed_info.id, operation)}
      onSkip={data.count > 1 ? () => setPage(page >= data.count ? 1 : page + 1) : undefined}
    />
  );
}
