import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { AuditOperation, SuggestedEdit as Edit } from '../../api/review';
import { RevisionDiff } from '../../components/RevisionDiff';
import { TimeAgo } from '../../components/TimeAgo';
import { UserLink } from '../../components/UserLink';
import { useSiteInfo } from '../../state/site';
import { ReviewDecisions } from './ReviewDecisions';
import { currentSide, editHeadingKey, editTargetPath, proposedSide } from './suggested-edit';

interface Props {
  edit: Edit;
  /** How many suggested edits wait, this one included. */
  remaining: number;
  busy: boolean;
  onAudit: (operation: AuditOperation) => void;
  /** Absent when this is the only edit waiting. */
  onSkip?: () => void;
}

/** One suggested edit: what it is for, who proposed it and why, the changes, and the decision buttons. */
export function SuggestedEdit({ edit, remaining, busy, onAudit, onSkip }: Props) {
  const { t } = useTranslation();
  const permalink = useSiteInfo()?.site_seo.permalink;
  const proposal = edit.unreviewed_info;
  const author = proposal.user_info;

  return (
    <article aria-labelledby="suggested-edit-title" data-testid="suggested-edit">
      <p className="small text-body-secondary mb-1" aria-live="polite">
        {t('review.remaining', { count: remaining })}
      </p>
      <h2 id="suggested-edit-title" className="h5 mb-1">
        {t(editHeadingKey(edit.type))}
      </h2>
      <p className="mb-3">
        <Link to={editTargetPath(edit, permalink)}>{edit.info.title || t('review.view_post')}</Link>
      </p>
      <dl className="row small mb-3">
        <dt className="col-sm-3">{t('review.suggested_by')}</dt>
        <dd className="col-sm-9 d-flex align-items-center gap-2">
          {author ? <UserLink user={author} avatarSize={24} /> : t('timeline.n_a')}
          <TimeAgo time={proposal.create_at} className="text-body-secondary" />
        </dd>
        <dt className="col-sm-3">{t('review.summary')}</dt>
        <dd className="col-sm-9" data-testid="suggested-edit-summary">
          {proposal.reason || <span className="text-body-secondary">{t('review.no_summary')}</span>}
        </dd>
      </dl>
      <div className="mb-4">
        <RevisionDiff before={currentSide(edit)} after={proposedSide(edit)} testId="suggested-edit-diff" />
      </div>
      <ReviewDecisions busy={busy} onDecide={onAudit} onSkip={onSkip} />
    </article>
  );
}
