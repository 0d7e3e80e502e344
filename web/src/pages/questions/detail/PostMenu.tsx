import { useState } from 'react';
import { useTranslation } from '../../../i18n/translator';
import { Link } from 'react-router';
import type { MemberAction } from '../../../api/post-types';
import { explainFailure } from './optimistic';
import { deferred } from '../../../components/deferred';
import { Icon, type IconName } from '../../../components/icons/Icon';

// Moderators' menu and dialogs (with the dropdown's positioning library) a reader rarely opens: their code is downloaded when first shown, not with the page.
const PostMoreMenu = deferred(() => import('./PostMoreMenu').then((m) => m.PostMoreMenu));
const ConfirmDialog = deferred(() => import('../../../components/ConfirmDialog').then((m) => m.ConfirmDialog));

/**
 * The actions this page knows how to run, in the order shown. Edit is a link; the rarely used list
 * operations sit behind "More". Flagging (`report`) opens the flag dialog of the post's menu.
 */
const ITEMS = [
  { action: 'edit', key: 'question.action.edit', more: false, icon: 'pencil' },
  { action: 'close', key: 'question.action.close', more: false },
  { action: 'reopen', key: 'question.action.reopen', more: false },
  { action: 'delete', key: 'question.action.delete', more: false },
  { action: 'undelete', key: 'question.action.undelete', more: false },
  { action: 'report', key: 'flag.action', more: false, icon: 'flag-fill' },
  { action: 'pin', key: 'question.action.pin', more: true },
  { action: 'unpin', key: 'question.action.unpin', more: true },
  { action: 'hide', key: 'question.action.hide', more: true },
  { action: 'show', key: 'question.action.show', more: true },
] as const;

export type PostAction = (typeof ITEMS)[number]['action'];

interface PostMenuProps {
  /** member_actions from the server: only these are offered. */
  actions: MemberAction[];
  editHref: string;
  /** The post's history, for logged-in viewers. */
  timelineHref?: string;
  deleteMessage: string;
  /** Runs an action (edit excepted); deleting is confirmed first. */
  onAction: (action: Exclude<PostAction, 'edit'>) => Promise<unknown>;
}

/** The icon before an action's name, for the actions that have one. */
const ItemIcon = ({ name }: { name?: IconName }) => (name ? <Icon name={name} className="me-1" /> : null);

/** The links under a post: edit, moderation and history, as the server allows this viewer. */
export function PostMenu({ actions, editHref, timelineHref, deleteMessage, onAction }: PostMenuProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const offered = ITEMS.filter((item) => actions.some((a) => a.action === item.action));

  const run = async (action: Exclude<PostAction, 'edit'>) => {
    setBusy(true);
    try {
      await onAction(action);
      return true;
    } catch (error) {
      explainFailure(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const choose = (action: Exclude<PostAction, 'edit'>) => {
    if (action === 'delete') setConfirming(true);
    else void run(action);
  };

  const inline = offered.filter((item) => !item.more);
  const more = offered.filter((item) => item.more);
  if (!offered.length && !timelineHref) return null;
  return (
    <nav className="d-flex flex-wrap align-items-center gap-3 small" aria-label={t('question.action.menu')}>
      {inline.map(({ action, key, ...item }) =>
        action === 'edit' ? (
          <Link key={action} to={editHref} className="link-secondary text-decoration-none">
            <ItemIcon name={'icon' in item ? item.icon : undefined} />
            {t(key)}
          </Link>
        ) : (
          <button
            key={action}
            type="button"
            className={`btn btn-link btn-sm p-0 ${action === 'delete' ? 'link-danger' : 'link-secondary'}`}
            disabled={busy}
            onClick={() => choose(action)}
          >
            <ItemIcon name={'icon' in item ? item.icon : undefined} />
            {t(key)}
          </button>
        ),
      )}
      {more.length > 0 && (
        <PostMoreMenu label={t('question.action.more')} disabled={busy} items={more.map(({ action, key }) => ({ action, label: t(key) }))} onChoose={choose} />
      )}
      {timelineHref && (
        <Link to={timelineHref} className="link-secondary text-decoration-none">
          <ItemIcon name="clock" />
          {t('question.action.timeline')}
        </Link>
      )}
      {confirming && (
        <ConfirmDialog
          message={deleteMessage}
          confirmLabel={t('question.action.delete')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            if (await run('delete')) setConfirming(false);
          }}
        />
      )}
    </nav>
  );
}
