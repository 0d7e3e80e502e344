import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { PendingPost, PendingPostDecision } from '../../api/review';
import { PostHtml } from '../../components/PostHtml';
import { TagLinks } from '../../components/TagLinks';
import { TimeAgo } from '../../components/TimeAgo';
import { UserLink } from '../../components/UserLink';
import { useSiteInfo } from '../../state/site';
import { ReviewDecisions } from './ReviewDecisions';
import { queuedHeadingKey, queuedPostPath } from './queued-post';

interface Props {
  post: PendingPost;
  /** How many posts wait, this one included. */
  remaining: number;
  busy: boolean;
  onDecide: (decision: PendingPostDecision) => void;
  /** Absent when this is the only post waiting. */
  onSkip?: () => void;
}

/** One queued post: what it is, who wrote it, which rule held it back and why, its text, and the decision buttons. */
export function QueuedPost({ post, remaining, busy, onDecide, onSkip }: Props) {
  const { t } = useTranslation();
  const permalink = useSiteInfo()?.site_seo.permalink;
  return (
    <article aria-labelledby="queued-post-title" data-testid="queued-post">
      <p className="small text-body-secondary mb-1" aria-live="polite">
        {t('review.queued.remaining', { count: remaining })}
      </p>
      <h2 id="queued-post-title" className="h5 mb-1">
        {t(queuedHeadingKey(post))}
      </h2>
      <p className="mb-2">
        <Link to={queuedPostPath(post, permalink)} data-testid="queued-post-link">
          {post.title || t('review.view_post')}
        </Link>
      </p>
      {post.object_type === 'question' && <TagLinks tags={post.tags ?? []} className="mb-3" />}
      <dl className="row small mb-3">
        <dt className="col-sm-3">{t('review.queued.author')}</dt>
        <dd className="col-sm-9 d-flex align-items-center gap-2">
          {post.author_user_info ? <UserLink user={post.author_user_info} avatarSize={24} /> : t('timeline.n_a')}
          <TimeAgo time={post.created_at} className="text-body-secondary" />
        </dd>
        <dt className="col-sm-3">{t('review.queued.held_by')}</dt>
        <dd className="col-sm-9" data-testid="queued-post-submitter">
          {post.submitter_display_name}
        </dd>
        <dt className="col-sm-3">{t('review.queued.reason')}</dt>
        <dd className="col-sm-9" data-testid="queued-post-reason">
          {post.reason || <span className="text-body-secondary">{t('review.queued.no_reason')}</span>}
        </dd>
      </dl>
      <div className="border rounded p-3 mb-4">
        <PostHtml html={post.parsed_text} testId="queued-post-body" />
      </div>
      <ReviewDecisions busy={busy} onDecide={onDecide} onSkip={onSkip} testIdPrefix="queued" />
    </article>
  );
}
