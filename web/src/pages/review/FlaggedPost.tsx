import type { FlaggedPost as Post } from '@answer/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { FlagReviewInput } from '../../api/report';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PostHtml } from '../../components/PostHtml';
import { TagLinks } from '../../components/TagLinks';
import { TimeAgo } from '../../components/TimeAgo';
import { UserLink } from '../../components/UserLink';
import { useSiteInfo } from '../../state/site';
import { CloseDialog } from '../questions/detail/CloseDialog';
import { flaggedPostPath, offeredOperations } from './flagged-post';
import { FlagEditForm } from './FlagEditForm';

interface Props {
  post: Post;
  /** How many flagged posts wait, this one included. */
  remaining: number;
  busy: boolean;
  onHandle: (input: FlagReviewInput, fromForm?: boolean) => Promise<void>;
  /** Absent when this is the only post waiting. */
  onSkip?: () => void;
}

/** One flagged post: what and whose it is, every flag with its flagger and reason, and the operations. */
export function FlaggedPost({ post, remaining, busy, onHandle, onSkip }: Props) {
  const { t } = useTranslation();
  const permalink = useSiteInfo()?.site_seo.permalink;
  const [editing, setEditing] = useState(false);
  const [closing, setClosing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const operations = offeredOperations(post);
  const base = { flag_id: post.flag_id };

  return (
    <article aria-labelledby="flagged-post-title" data-testid="flagged-post">
      <p className="small text-body-secondary mb-1" aria-live="polite">
        {t('review.flagged.remaining', { count: remaining })}
      </p>
      <h2 id="flagged-post-title" className="h5 mb-1">
        {t(`review.flagged.of.${post.object_type}`)}
      </h2>
      <p className="mb-2">
        <Link to={flaggedPostPath(post, permalink)}>{post.title || t('review.view_post')}</Link>
      </p>

      <section className="mb-3" aria-label={t('review.flagged.flags')}>
        <h3 className="h6">{t('review.flagged.flags')}</h3>
        <ul className="list-group" data-testid="flag-list">
          {post.flags.map((flag) => (
            <li key={flag.flag_id} className="list-group-item small" data-testid="flag-entry">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <span className="badge text-bg-warning">{flag.reason?.name ?? t('review.flagged.unknown_reason')}</span>
                {flag.submitter_user ? <UserLink user={flag.submitter_user} avatarSize={20} /> : t('timeline.n_a')}
                <TimeAgo time={flag.created_at} className="text-body-secondary" />
              </div>
              {flag.reason_content && <p className="mb-0 mt-1 text-break">{flag.reason_content}</p>}
            </li>
          ))}
        </ul>
      </section>

      {editing ? (
        <FlagEditForm
          post={post}
          onCancel={() => setEditing(false)}
          onSave={async (fields) => {
            await onHandle({ ...base, operation_type: 'edit_post', ...fields }, true);
            setEditing(false);
          }}
        />
      ) : (
        <div className="border rounded p-3 mb-3" data-testid="flagged-post-body">
          <PostHtml html={post.parsed_text} />
          {post.tags.length > 0 && <TagLinks tags={post.tags.map((tag) => ({ ...tag, main_tag_slug_name: tag.main_tag_slug_name ?? '' }))} className="mt-2" />}
          <div className="d-flex flex-wrap align-items-center gap-2 small mt-2 text-body-secondary">
            {post.author_user_info && <UserLink user={post.author_user_info} avatarSize={20} />}
            <TimeAgo time={post.created_at} />
          </div>
        </div>
      )}

      {!editing && (
        <div className="d-flex flex-wrap gap-2" role="group" aria-label={t('review.flagged.operations')}>
          {operations.includes('ignore_report') && (
            <Button variant="outline-secondary" disabled={busy} onClick={() => void onHandle({ ...base, operation_type: 'ignore_report' })}>
              {t('review.flagged.op.ignore_report')}
            </Button>
          )}
          {operations.includes('edit_post') && (
            <Button variant="outline-primary" disabled={busy} onClick={() => setEditing(true)}>
              {t('review.flagged.op.edit_post')}
            </Button>
          )}
          {operations.includes('close_post') && (
            <Button variant="outline-primary" disabled={busy} onClick={() => setClosing(true)}>
              {t('review.flagged.op.close_post')}
            </Button>
          )}
          {operations.includes('unlist_post') && (
            <Button variant="outline-primary" disabled={busy} onClick={() => void onHandle({ ...base, operation_type: 'unlist_post' })}>
              {t('review.flagged.op.unlist_post')}
            </Button>
          )}
          {operations.includes('delete_post') && (
            <Button variant="outline-danger" disabled={busy} onClick={() => setDeleting(true)}>
              {t('review.flagged.op.delete_post')}
            </Button>
          )}
          {onSkip && (
            <Button variant="link" disabled={busy} onClick={onSkip}>
              {t('review.skip')}
            </Button>
          )}
        </div>
      )}

      {closing && (
        <CloseDialog
          questionId={post.question_id}
          onCancel={() => setClosing(false)}
          submitClose={(input) => onHandle({ ...base, operation_type: 'close_post', ...input }, true)}
          onClosed={() => setClosing(false)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          message={t(`review.flagged.delete_confirm.${post.object_type}`)}
          confirmLabel={t('review.flagged.op.delete_post')}
          busy={busy}
          onCancel={() => setDeleting(false)}
          onConfirm={async () => {
            await onHandle({ ...base, operation_type: 'delete_post' });
            setDeleting(false);
          }}
        />
      )}
    </article>
  );
}
