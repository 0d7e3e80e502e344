import { useQuery } from '@tanstack/react-query';
import { getTimelineDetail } from '../../api/timeline';
import { PageLoading } from '../../components/PageLoading';
import { RevisionDiff } from '../../components/RevisionDiff';
import { snapshotSide } from './timeline-events';

/** The changes one revision made, loaded when its row is opened. A revision never changes, so it is fetched once. */
export function TimelineRevision({ newRevisionId, oldRevisionId }: { newRevisionId: string; oldRevisionId: string }) {
  const detail = useQuery({
    queryKey: ['timeline-detail', newRevisionId, oldRevisionId],
    queryFn: ({ signal }) => getTimelineDetail(newRevisionId, oldRevisionId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!detail.data) return detail.isPending ? <PageLoading /> : null;
  return <RevisionDiff before={snapshotSide(detail.data.old_revision)} after={snapshotSide(detail.data.new_revision)} testId="timeline-diff" />;
}
