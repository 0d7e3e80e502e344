import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { TimelineEvent, TimelineObject } from '../../api/timeline';
import { PostHtml } from '../../components/PostHtml';
import { TimeAgo } from '../../components/TimeAgo';
import { EventActor } from './EventActor';
import { activityLabelKey, hasRevision, previousRevisionId } from './timeline-events';
import { eventPath } from './timeline-links';
import { TimelineRevision } from './TimelineRevision';

/**
 * One event of a timeline. An event that made a revision opens a second row with its changes
 * against the revision before; a cancelled event (an undone vote) is struck through.
 */
export function TimelineRow({ events, index, info, permalink }: { events: TimelineEvent[]; index: number; info: TimelineObject; permalink: number | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const event = events[index]!;
  const label = t(activityLabelKey(event.activity_type), { kind: event.activity_type });
  const path = eventPath(event, info, permalink);
  const detailId = `timeline-changes-${event.activity_id}`;
  const struck = event.cancelled ? 'text-decoration-line-through' : '';

  let kind = <span className={struck}>{label}</span>;
  if (hasRevision(event)) {
    kind = (
      <Button
        variant="link"
        className={`p-0 text-start ${struck}`}
        aria-expanded={open}
        aria-controls={open ? detailId : undefined}
        aria-label={t('timeline.show_changes', { kind: label })}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true" className="me-1 d-inline-block" style={{ transform: open ? 'rotate(90deg)' : undefined }}>
          ▸
        </span>
        {label}
      </Button>
    );
  } else if (path) {
    kind = (
      <Link to={path} className={struck}>
        {label}
      </Link>
    );
  }

  return (
    <>
      <tr data-testid="timeline-event" data-kind={event.activity_type} data-cancelled={event.cancelled || undefined} className={event.cancelled ? 'text-body-secondary' : undefined}>
        <td className={`small ${struck}`}>
          <TimeAgo time={event.created_at} />
        </td>
        <td>
          {kind}
          {event.cancelled && (
            <div className="small text-danger-emphasis">
              {t('timeline.cancelled')} {event.cancelled_at > 0 && <TimeAgo time={event.cancelled_at} />}
            </div>
          )}
        </td>
        <td className="small">
          <EventActor user={event.user_info} />
        </td>
        <td className="small">{event.comment && <PostHtml html={event.comment} />}</td>
      </tr>
      {open && (
        <tr id={detailId}>
          <td colSpan={4} className="bg-body-tertiary">
            <TimelineRevision newRevisionId={String(event.revision_id)} oldRevisionId={previousRevisionId(events, index)} />
          </td>
        </tr>
      )}
    </>
  );
}
