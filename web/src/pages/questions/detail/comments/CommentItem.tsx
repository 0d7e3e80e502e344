import { useState } from 'react';
import { useTranslation } from '../../../../i18n/translator';
import { Link } from 'react-router';
import type { CommentInfo } from '../../../../api/comments';
import { PostHtml } from '../../../../components/PostHtml';
import { userPath } from '../../../../components/question-links';
import { TimeAgo } from '../../../../components/TimeAgo';
import { hasProfile, UserLink } from '../../../../components/UserLink';
import { showToast } from '../../../../state/notices';
import { CommentForm } from './CommentForm';
import { CommentVote } from './CommentVote';
import { deferred } from '../../../../components/deferred';

// Dialogs a reader rarely opens: their code is downloaded when first shown, not with the page.
const FlagDialog = deferred(() => import('../../../../components/flag/FlagDialog').then((m) => m.FlagDialog));
const ConfirmDialog = deferred(() => import('../../../../components/ConfirmDialog').then((m) => m.ConfirmDialog));

interface CommentItemProps {
  comment: CommentInfo;
  /** The comment a link pointed at (`?commentId=`): highlighted. */
  linked?: boolean;
  canReply: boolean;
  onReply: (comment: CommentInfo) => void;
  onEdit: (comment: CommentInfo, text: string) => Promise<unknown>;
  onDelete: (comment: CommentInfo) => Promise<unknown>;
}

/** One comment: its upvote, text, author and time, and reply / edit / delete as the server allows. */
export function CommentItem({ comment: c, linked, canReply, onReply, onEdit, onDelete }: CommentItemProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [flagging, setFlagging] = useState(false);
  const can = (action: string) => c.member_actions.some((a) => a.action === action);
  const replyTo = t('question.comment.reply_to', { name: c.reply_user_display_name || c.reply_username });

  if (editing) {
    return (
      <li className="list-group-item px-0">
        <CommentForm
          initial={c.original_text}
          submitLabel={t('question.comment.save')}
          onCancel={() => setEditing(false)}
          onSubmit={async (text) => {
            await onEdit(c, text);
            setEditing(false);
          }}
        />
      </li>
    );
  }

  return (
    <li id={`comment-${c.comment_id}`} className={`list-group-item px-0 small${linked ? ' bg-warning-subtle' : ''}`} data-testid="comment" aria-current={linked || undefined}>
      <div className="d-flex flex-wrap align-items-baseline gap-1">
        <CommentVote commentId={c.comment_id} votes={c.vote_count} voted={c.is_vote} />
        {c.reply_username &&
          (hasProfile({ username: c.reply_username, status: c.reply_user_status }) ? (
            <Link to={userPath(c.reply_username)} className="text-body-secondary">
              {replyTo}
            </Link>
          ) : (
            <span className="text-body-secondary">{replyTo}</span>
          ))}
        <PostHtml html={c.parsed_text} className="d-inline-block" />
        <span className="text-body-secondary">–</span>
        <UserLink user={{ username: c.username, display_name: c.user_display_name, status: c.user_status }} className="fw-semibold" />
        <TimeAgo time={c.created_at} className="text-body-secondary" />
        {canReply && (
          <button type="button" className="btn btn-link btn-sm p-0 ms-2" onClick={() => onReply(c)}>
            {t('question.comment.reply')}
          </button>
        )}
        {can('edit') && (
          <button type="button" className="btn btn-link btn-sm p-0 ms-2" onClick={() => setEditing(true)}>
            {t('question.action.edit')}
          </button>
        )}
        {can('delete') && (
          <button type="button" className="btn btn-link btn-sm p-0 ms-2 text-danger" onClick={() => setConfirming(true)}>
            {t('question.action.delete')}
          </button>
        )}
        {can('report') && (
          <button type="button" className="btn btn-link btn-sm p-0 ms-2 link-secondary" onClick={() => setFlagging(true)}>
            {t('flag.action')}
          </button>
        )}
      </div>
      {flagging && (
        <FlagDialog
          objectType="comment"
          objectId={c.comment_id}
          onCancel={() => setFlagging(false)}
          onFlagged={() => {
            setFlagging(false);
            showToast(t('flag.done'), 'success');
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          message={t('question.comment.delete_confirm')}
          confirmLabel={t('question.action.delete')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            setBusy(true);
            try {
              await onDelete(c);
              setConfirming(false);
            } catch {
              // The request client already told the user why.
            } finally {
              setBusy(false);
            }
          }}
        />
      )}
    </li>
  );
}
