import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from '../../i18n/translator';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { getTimeline } from '../../api/timeline';
import { ErrorPage } from '../../components/ErrorPage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSiteInfo } from '../../state/site';
import { objectPath } from './timeline-links';
import { TimelineRow } from './TimelineRow';

const HEADING_KEY: Record<string, string> = {
  question: 'timeline.heading.question',
  answer: 'timeline.heading.answer',
  tag: 'timeline.heading.tag',
};

/**
 * /posts/:qid/timeline, /posts/:qid/:aid/timeline and /tags/:tid/timeline: every event of the object,
 * newest first, with the changes each revision made. Votes are listed only on request.
 */
export function Timeline() {
  const { t } = useTranslation();
  const { qid, aid, tid } = useParams();
  const objectId = tid || aid || qid || '';
  const permalink = useSiteInfo()?.site_seo.permalink;
  const [showVotes, setShowVotes] = useState(false);
  const timeline = useQuery({
    queryKey: ['timeline', objectId, showVotes],
    queryFn: ({ signal }) => getTimeline(objectId, showVotes, signal),
    // Turning votes on or off keeps the table in place until the new list arrives; another object starts afresh.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === objectId ? previous : undefined),
    staleTime: 0,
  });
  const data = timeline.data;
  usePageTitle(data ? t('timeline.page_title', { title: data.object_info.title }) : t('timeline.title'));

  // A malformed id is refused with 400: for the reader it is a page that does not exist.
  if (isApiError(timeline.error) && timeline.error.status === 400) return <ErrorPage code="404" />;
  if (!data) return timeline.isPending ? <PageLoading /> : null;
  const info = data.object_info;

  return (
    <section aria-labelledby="timeline-title">
      <h1 id="timeline-title" className="h4 mb-3">
        {t(HEADING_KEY[info.object_type] ?? 'timeline.title')}{' '}
        <Link to={objectPath(info, permalink)} data-testid="timeline-object-link">
          {info.title}
        </Link>
      </h1>
      {info.object_type !== 'tag' && (
        <Form.Check
          type="switch"
          id="timeline-show-votes"
          className="mb-3"
          label={t('timeline.show_votes')}
          checked={showVotes}
          onChange={(e) => setShowVotes(e.target.checked)}
        />
      )}
      {data.timeline.length === 0 ? (
        <p className="text-center text-body-secondary border rounded py-5" data-testid="timeline-empty">
          {t('timeline.empty')}
        </p>
      ) : (
        <Table responsive hover className="align-middle" data-testid="timeline-table" aria-busy={timeline.isPlaceholderData}>
          <caption className="visually-hidden">{t('timeline.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" style={{ width: '18%' }}>
                {t('timeline.column.time')}
              </th>
              <th scope="col" style={{ width: '18%' }}>
                {t('timeline.column.kind')}
              </th>
              <th scope="col" style={{ width: '20%' }}>
                {t('timeline.column.by')}
              </th>
              <th scope="col">{t('timeline.column.comment')}</th>
            </tr>
          </thead>
          <tbody>
            {data.timeline.map((event, index) => (
              <TimelineRow key={event.activity_id} events={data.timeline} index={index} info={info} permalink={permalink} />
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
